import BearingProcessTesting
import Foundation

extension LineProcess {
  /// The built `bearing-sharing-probe` running with `arguments`; `environment` is added to the
  /// test's, `user` (a uid) runs it as another user; `errorsToo` reads its standard error as
  /// its output.
  static func sharingProbe(
    _ arguments: [String], environment: [String: String] = [:], user: UInt32? = nil,
    errorsToo: Bool = false
  ) throws -> LineProcess {
    let probe = builtExecutable("bearing-sharing-probe")
    if errorsToo {
      return try LineProcess(
        URL(fileURLWithPath: "/bin/sh"),
        ["-c", "exec \"$0\" \"$@\" 2>&1", probe.path] + arguments, environment: environment,
        user: user)
    }
    return try LineProcess(probe, arguments, environment: environment, user: user)
  }
}
