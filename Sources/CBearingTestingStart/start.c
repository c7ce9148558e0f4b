#include "CBearingTestingStart.h"

#if defined(__linux__)
// XCTest on Linux tells observers that a test starts only if they were added before it did.
// BearingTesting's XCTExpectFailure needs to know every test, the first of a process included,
// so its observer is added as the process loads: before main, so before XCTMain.
__attribute__((constructor)) static void bearing_testing_start_on_load(void) {
  bearing_testing_start();
}
#endif
