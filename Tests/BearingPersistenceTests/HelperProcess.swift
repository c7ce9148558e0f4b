import Foundation
import Synchronization

/// The `persistence-test-helper` executable running as a separate process, with its standard
/// output read line by line.
final class HelperProcess: Sendable {
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  let process: Process
  let input: Pipe
  private let lines = Mutex<[String]>([])
  private let ended = Mutex(false)

  /// The helper is built by `swift build --build-tests` next to the test bundle.
  static var executable: URL {
    if let path = ProcessInfo.processInfo.environment["PERSISTENCE_TEST_HELPER"] {
      return URL(fileURLWithPath: path)
    }
    return URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
      .deletingLastPathComponent().appendingPathComponent("persistence-test-helper")
  }

  init(_ arguments: [String]) throws {
    guard FileManager.default.isExecutableFile(atPath: Self.executable.path) else {
      throw Failure(
        description: "\(Self.executable.path) is missing: build it with swift build --build-tests")
    }
    process = Process()
    process.executableURL = Self.executable
    process.arguments = arguments
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

  /// Waits until the helper prints a line starting with `prefix` and returns it; fails after
  /// `timeout`, or when the helper ends first.
  func waitForLine(startingWith prefix: String, timeout: Duration = .seconds(60)) async throws
    -> String
  {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
      if let line = lines.withLock({ $0.first { $0.hasPrefix(prefix) } }) { return line }
      if ended.withLock({ $0 }) {
        let output = lines.withLock { $0.joined(separator: " | ") }
        throw Failure(description: "helper ended without printing \(prefix): \(output)")
      }
      try await Task.sleep(for: .milliseconds(20))
    }
    throw Failure(description: "helper did not print \(prefix) within \(timeout)")
  }

  /// Sends SIGKILL: the process dies at once, with no chance to clean up.
  func kill() {
    _ = Foundation.kill(process.processIdentifier, SIGKILL)
  }

  /// Closes the helper's standard input (its signal to finish) and waits for it to exit.
  func finish() async -> Int32 {
    try? input.fileHandleForWriting.close()
    while process.isRunning { try? await Task.sleep(for: .milliseconds(20)) }
    return process.terminationStatus
  }
}
