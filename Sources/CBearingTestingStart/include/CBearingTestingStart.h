#ifndef C_BEARING_TESTING_START_H
#define C_BEARING_TESTING_START_H

/// Defined in BearingTesting (Swift): installs its XCTest observer. Called once, as the process
/// loads, before XCTest runs any test.
void bearing_testing_start(void);

#endif
