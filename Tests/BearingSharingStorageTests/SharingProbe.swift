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

extension LineProcess {
  /// Waits until the process prints `line` (exactly) after its first `count` lines: what a step
  /// made it print, not what it printed before.
  func waitFor(_ line: String, after count: Int, timeout: Duration = .seconds(20)) async throws {
    let deadline = ContinuousClock.now + timeout
    while !output.dropFirst(count).contains(line) {
      guard ContinuousClock.now < deadline else {
        throw ProbeFailure(
          description: "no \(line) after line \(count) within \(timeout): "
            + output.joined(separator: " | "))
      }
      try await Task.sleep(for: .milliseconds(5))
    }
  }

  /// What the process was told of other processes' changes, in order.
  var seen: [String] { output.filter { $0.hasPrefix("seen ") } }
}

struct ProbeFailure: Error, CustomStringConvertible {
  var description: String
}
