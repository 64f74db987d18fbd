// Embeds data/frequencies-en.tsv and its license with C23 #embed: the file in the repository is
// the only copy (scripts/fetch-frequencies.sh refreshes it) and the compiler reads it directly,
// which takes a fraction of a second where a Swift literal of 1.3 MB would take far longer to
// type-check. A compiler without #embed builds an empty list, and suggestions then rank
// alphabetically unless --frequencies names a file.
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
