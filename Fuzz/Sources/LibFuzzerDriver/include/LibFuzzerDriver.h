#ifndef BEARING_LIBFUZZER_DRIVER_H
#define BEARING_LIBFUZZER_DRIVER_H

#include <stddef.h>
#include <stdint.h>

/// Runs libFuzzer's driver on the process's arguments with the target's
/// `LLVMFuzzerTestOneInput`. A target's entry point calls it: SwiftPM names an executable's
/// `main` after its module (`fuzz_gpsd_main`), so libFuzzer's own `main` is not the one used.
int bearing_fuzz_main(int argc, char **argv);

#endif
