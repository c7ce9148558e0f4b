import Foundation
import Synchronization

/// The built `bearing-sharing-probe` running as a separate process, its standard output read
/// line by line (the pattern of the persistence tests' `HelperProcess`).
final class ProbeProcess: Sendable {
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  let process: Process
  private let input: Pipe
  private let lines = Mutex<[String]>([])
  private let ended = Mutex(false)

  /// Built by `swift build --build-tests` next to the test bundle.
  static var executable: URL {
    URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
      .deletingLastPathComponent().appendingPathComponent("bearing-sharing-probe")
  }

  /// Starts the probe with `arguments`; `environment` is added to the test's, `user` (a uid)
  /// runs it as another user through setpriv.
  init(_ arguments: [String], environment: [String: String] = [:], user: UInt32? = nil) throws {
    guard FileManager.default.isExecutableFile(atPath: Self.executable.path) else {
      throw Failure(
        description: "\(Self.executable.path) is missing: build it with swift build --build-tests")
    }
    process = Process()
    if let user {
      process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
      process.arguments =
        ["--reuid=\(user)", "--regid=\(user)", "--clear-groups", Self.executable.path] + arguments
    } else {
      process.executableURL = Self.executable
      process.arguments = arguments
    }
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let output = Pipe()
    input = Pipe()
    process.standardOutput = output
    process.standardInput = input
    try process.run()
    let handle = output.fileHandleForReading
    let thread = Thread { [self] in
      var buffer = Data()
      while true {
        let chunk = handle.availableData
        if chunk.isEmpty { break }
        buffer.append(chunk)
        while let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
          let line = String(decoding: buffer[buffer.startIndex..<newline], as: UTF8.self)
          buffer.removeSubrange(buffer.startIndex...newline)
          lines.withLock { $0.append(line) }
        }
      }
      ended.withLock { $0 = true }
    }
    thread.start()
  }

  var output: [String] { lines.withLock { $0 } }

  /// Waits until the probe prints `line` (exactly) and returns how long that took; fails after
  /// `timeout` or when the probe ends first.
  @discardableResult
  func waitFor(_ line: String, timeout: Duration = .seconds(20)) async throws -> Duration {
    let start = ContinuousClock.now
    while ContinuousClock.now < start + timeout {
      if lines.withLock({ $0.contains(line) }) { return ContinuousClock.now - start }
      if ended.withLock({ $0 }) && !lines.withLock({ $0.contains(line) }) {
        throw Failure(description: "probe ended without printing \(line): \(output)")
      }
      try await Task.sleep(for: .milliseconds(5))
    }
    // The line may have come while this task waited to run again after its last sleep.
    if lines.withLock({ $0.contains(line) }) { return ContinuousClock.now - start }
    throw Failure(description: "probe did not print \(line) within \(timeout): \(output)")
  }

  func send(_ line: String) {
    input.fileHandleForWriting.write(Data((line + "\n").utf8))
  }

  /// Sends SIGKILL: the process dies at once.
  func kill() { _ = Foundation.kill(process.processIdentifier, SIGKILL) }

  /// Closes the probe's standard input (its signal to finish) and waits for it to exit.
  func finish() async -> Int32 {
    try? input.fileHandleForWriting.close()
    return await exit()
  }

  /// Waits for the process to end, polling so no shared thread is held.
  func exit() async -> Int32 {
    while process.isRunning { try? await Task.sleep(for: .milliseconds(5)) }
    while !ended.withLock({ $0 }) { try? await Task.sleep(for: .milliseconds(5)) }
    return process.terminationStatus
  }
}
