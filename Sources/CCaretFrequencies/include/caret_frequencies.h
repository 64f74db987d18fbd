// The English word-frequency list shipped in data/frequencies-en.tsv (word<TAB>count, one a line;
// MIT License, data/LICENSE-frequencies), compiled into the binary so that suggestions rank the
// same wherever the binary is installed.
#ifndef CARET_FREQUENCIES_H
#define CARET_FREQUENCIES_H

#include <stddef.h>

/// The bytes of data/frequencies-en.tsv (UTF-8, not NUL-terminated); the size is 0 when the
/// compiler could not embed it.
const unsigned char *caret_frequencies_en(void);
size_t caret_frequencies_en_size(void);

/// The license of the list (data/LICENSE-frequencies), as bytes; its size as above.
const unsigned char *caret_frequencies_en_license(void);
size_t caret_frequencies_en_license_size(void);

#endif
