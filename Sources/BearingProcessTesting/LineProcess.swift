import Foundation
import Synchronization

/// A helper executable of the tests running as a separate process, its standard output read
/// line by line and its standard input a pipe the test writes lines to: how the persistence
/// tests lock a database from another process and the sharing tests watch storage from two.
///
/// ```swift
/// let holder = try LineProcess(LineProcess.builtExecutable("persistence-test-helper"), ["hold-lock", path])
/// _ = try await holder.waitForLine(startingWith: "LOCKED")
/// #expect(await holder.finish() == 0)
/// ```
public final class LineProcess: Sendable {
  /// Why the helper could not start, or did not print what the test waited for.
  public struct Failure: Error, CustomStringConvertible {
    /// What went wrong, with the lines the helper printed when that helps.
    public var description: String
  }

  /// The helper's process, for its termination reason and status.
  public let process: Process
  private let input: Pipe
  private let lines = Mutex<[String]>([])
  private let ended = Mutex(false)

  /// The executable `name` that `swift build --build-tests` builds next to the test bundle.
  public static func builtExecutable(_ name: String) -> URL {
    URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
      .deletingLastPathComponent().appendingPathComponent(name)
  }

  /// Starts `executable` with `arguments`; `environment` is added to the test's, `user` (a uid)
  /// runs it as another user through setpriv.
  ///
  /// - Throws: ``Failure`` when the executable is missing, or what `Process.run` throws.
  public init(
    _ executable: URL, _ arguments: [String], environment: [String: String] = [:],
    user: UInt32? = nil
  ) throws {
    guard FileManager.default.isExecutableFile(atPath: executable.path) else {
      throw Failure(
        description: "\(executable.path) is missing: build it with swift build --build-tests")
    }
    process = Process()
    if let user {
      process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
      process.arguments =
        ["--reuid=\(user)", "--regid=\(user)", "--clear-groups", executable.path] + arguments
    } else {
      process.executableURL = executable
      process.arguments = arguments
    }
    if !environment.isEmpty {
      process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    }
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

  /// The lines printed so far.
  public var output: [String] { lines.withLock { $0 } }

  /// Waits until the process prints `line` (exactly) and returns how long that took.
  ///
  /// - Throws: ``Failure`` after `timeout`, or when the process ends first.
  @discardableResult
  public func waitFor(_ line: String, timeout: Duration = .seconds(20)) async throws -> Duration {
    let start = ContinuousClock.now
    _ = try await waitForLine(describedAs: line, timeout: timeout) { $0 == line }
    return ContinuousClock.now - start
  }

  /// Waits until the process prints a line starting with `prefix` and returns it.
  ///
  /// - Throws: ``Failure`` after `timeout`, or when the process ends first.
  public func waitForLine(startingWith prefix: String, timeout: Duration = .seconds(60))
    async throws -> String
  {
    try await waitForLine(describedAs: prefix, timeout: timeout) { $0.hasPrefix(prefix) }
  }

  private func waitForLine(
    describedAs what: String, timeout: Duration, where matches: (String) -> Bool
  ) async throws -> String {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
      // Read before looking: a line printed just before the end is still found.
      let finished = ended.withLock { $0 }
      if let line = lines.withLock({ $0.first(where: matches) }) { return line }
      if finished {
        throw Failure(
          description: "\(process.executableURL?.lastPathComponent ?? "process") "
            + "ended without printing \(what): \(output.joined(separator: " | "))")
      }
      // Asleep, not blocking: the thread is one of the few every test shares.
      try await Task.sleep(for: .milliseconds(5))
    }
    // The line may have come while this task waited to run again after its last sleep.
    if let line = lines.withLock({ $0.first(where: matches) }) { return line }
    throw Failure(description: "no \(what) within \(timeout): \(output.joined(separator: " | "))")
  }

  /// Writes `line` and a newline to the process's standard input.
  public func send(_ line: String) {
    input.fileHandleForWriting.write(Data((line + "\n").utf8))
  }

  /// Sends SIGKILL: the process dies at once, with no chance to clean up.
  public func kill() { _ = Foundation.kill(process.processIdentifier, SIGKILL) }

  /// Closes the process's standard input (its signal to finish) and waits for it to exit.
  public func finish() async -> Int32 {
    try? input.fileHandleForWriting.close()
    return await exit()
  }

  /// Waits for the process to end and its output to be read, polling so no shared thread is
  /// held; returns its termination status.
  public func exit() async -> Int32 {
    while process.isRunning { try? await Task.sleep(for: .milliseconds(5)) }
    while !ended.withLock({ $0 }) { try? await Task.sleep(for: .milliseconds(5)) }
    return process.terminationStatus
  }
}
