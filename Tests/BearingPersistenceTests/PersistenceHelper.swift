import BearingProcessTesting
import Foundation

extension LineProcess {
  /// The `persistence-test-helper` executable (built with the tests, or the one that
  /// `PERSISTENCE_TEST_HELPER` names) running with `arguments`.
  static func persistenceHelper(_ arguments: [String]) throws -> LineProcess {
    let executable =
      ProcessInfo.processInfo.environment["PERSISTENCE_TEST_HELPER"].map {
        URL(fileURLWithPath: $0)
      } ?? builtExecutable("persistence-test-helper")
    return try LineProcess(executable, arguments)
  }
}
