// Declarations only (include/libfuzzer_driver.h); libFuzzer itself comes from the toolchain.
#include "libfuzzer_driver.h"
