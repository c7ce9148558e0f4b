import BearingProcessTesting
import Foundation

extension LineProcess {
  /// The built `bearing-sharing-probe` running with `arguments`; `environment` is added to the
  /// test's, `user` (a uid) runs it as another user.
  static func sharingProbe(
    _ arguments: [String], environment: [String: String] = [:], user: UInt32? = nil
  ) throws -> LineProcess {
    try LineProcess(
      builtExecutable("bearing-sharing-probe"), arguments, environment: environment, user: user)
  }
}
