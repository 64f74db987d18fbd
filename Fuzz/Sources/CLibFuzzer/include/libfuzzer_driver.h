// libFuzzer's driver entry (compiler-rt, linked in by -sanitize=fuzzer): runs the fuzzing loop
// with `callback` as the target, reading libFuzzer's flags from argc/argv.
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
