// Embeds data/frequencies-en.tsv and its license with C23 #embed: the file in the repository is
// the only copy (scripts/fetch-frequencies.sh refreshes it), read by the compiler directly, so no
// generated source file holding a second copy has to be kept in step with it (a Swift raw string
// literal of the list compiles about as fast, but would be that second copy). A compiler without
// #embed builds an empty list, and suggestions then rank alphabetically unless --frequencies
// names a file.
#include "caret_frequencies.h"

#if defined(__clang__)
#pragma clang diagnostic ignored "-Wc23-extensions"
#endif

#if defined(__has_embed)
#if __has_embed("../../data/frequencies-en.tsv")
#define CARET_HAS_FREQUENCIES 1
#endif
#endif

#ifdef CARET_HAS_FREQUENCIES
static const unsigned char list[] = {
#embed "../../data/frequencies-en.tsv"
};
static const unsigned char license[] = {
#embed "../../data/LICENSE-frequencies"
};
#define LIST_SIZE sizeof list
#define LICENSE_SIZE sizeof license
#else
static const unsigned char list[] = {0};
static const unsigned char license[] = {0};
#define LIST_SIZE 0
#define LICENSE_SIZE 0
#endif

const unsigned char *caret_frequencies_en(void) { return list; }
size_t caret_frequencies_en_size(void) { return LIST_SIZE; }
const unsigned char *caret_frequencies_en_license(void) { return license; }
size_t caret_frequencies_en_license_size(void) { return LICENSE_SIZE; }
