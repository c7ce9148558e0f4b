import Foundation

/// `coffee-finder watch` as a child process, read the way a user (or a script) reads it.
enum WatchProcess {
  struct Outcome {
    /// The JSON lines printed, each object's values as text.
    var lines: [[String: String]]
    /// The same lines as printed, before any decoding.
    var rawLines: [String]
    var status: Int32
    var stderr: String
  }

  /// Runs `coffee-finder watch --json` with `arguments`, reads lines until the `count`th of type
  /// `until` arrives (or `deadline` seconds pass), then sends it `signal` (SIGINT: as Ctrl-C
  /// would) and waits for it.
  static func run(
    _ arguments: [String], dataDirectory: URL, until type: String, count: Int = 1,
    deadline: Double = 90, signal: Int32 = SIGINT
  ) async throws -> Outcome {
    let watch = Process()
    watch.executableURL = BuiltBinary.url
    watch.arguments = ["watch", "--json"] + arguments
    watch.environment = BuiltBinary.environment(dataDirectory: dataDirectory)
    watch.standardInput = FileHandle.nullDevice
    let out = Pipe()
    let err = Pipe()
    watch.standardOutput = out
    watch.standardError = err
    try watch.run()
    defer {
      if watch.isRunning { watch.terminate() }
    }

    // The deadline runs on a dispatch timer, not the cooperative pool, so it fires even when
    // the pool is busy.
    let pid = watch.processIdentifier
    let timeout = DispatchWorkItem { kill(pid, SIGINT) }
    DispatchQueue.global().asyncAfter(deadline: .now() + deadline, execute: timeout)
    let output = out.fileHandleForReading
    let (lines, rawLines) = await onThread { readLines(from: output, until: type, count: count) }
    timeout.cancel()

    if watch.isRunning { kill(pid, signal) }
    let errors = err.fileHandleForReading
    let stderr = await onThread {
      watch.waitUntilExit()
      return errors.readDataToEndOfFile()
    }
    return Outcome(
      lines: lines, rawLines: rawLines, status: watch.terminationStatus,
      stderr: String(decoding: stderr, as: UTF8.self))
  }

  /// JSON lines from `handle` up to and including the `count`th of type `type`, or to end of
  /// file, decoded and as printed.
  static func readLines(from handle: FileHandle, until type: String, count: Int = 1) -> (
    [[String: String]], [String]
  ) {
    var collected: [[String: String]] = []
    var raw: [String] = []
    var buffer = Data()
    var seen = 0
    while true {
      let chunk = handle.availableData
      if chunk.isEmpty { return (collected, raw) }
      buffer += chunk
      while let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
        let line = buffer[buffer.startIndex..<newline]
        buffer = Data(buffer[buffer.index(after: newline)...])
        raw.append(String(decoding: line, as: UTF8.self))
        guard let object = try? JSONSerialization.jsonObject(with: line) as? [String: Any]
        else { continue }
        let text = object.mapValues { "\($0)" }
        collected.append(text)
        if text["type"] == type {
          seen += 1
          if seen == count { return (collected, raw) }
        }
      }
    }
  }
}
