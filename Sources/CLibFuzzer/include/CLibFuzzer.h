// libFuzzer's driver, declared for `resgen-fuzz`. Its definition comes from libFuzzer itself, linked
// only when building with `-sanitize=fuzzer` (`make fuzz`); the normal build never calls it.
#ifndef CLIBFUZZER_H
#define CLIBFUZZER_H

#include <stddef.h>
#include <stdint.h>

/// Runs libFuzzer with its command line, calling `callback` for each input (LLVM 12 and later).
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
