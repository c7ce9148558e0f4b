import Foundation
import Testing

/// Runs the built `coffee-finder` executable, as a user would.
///
/// The tests expect `swift build --build-tests` (which builds every product) to have built
/// `.build/debug/coffee-finder`; if it is missing they build it once with
/// `swift build --product coffee-finder`.
enum BuiltBinary {
  static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  static let url: URL = {
    // Another build's binary (an earlier commit's, to see a test fail there), when named.
    if let other = ProcessInfo.processInfo.environment["COFFEE_FINDER_TEST_BINARY"],
      !other.isEmpty
    {
      return URL(fileURLWithPath: other)
    }
    let binary = packageRoot.appendingPathComponent(".build/debug/coffee-finder")
    if !FileManager.default.isExecutableFile(atPath: binary.path) {
      let build = Process()
      build.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      build.arguments = ["swift", "build", "--product", "coffee-finder"]
      build.currentDirectoryURL = packageRoot
      try? build.run()
      build.waitUntilExit()
    }
    return binary
  }()

  struct Result {
    /// The exit status, or the signal's number when ``killedBySignal``.
    var status: Int32
    var stdout: String
    var stderr: String
    /// Whether the process ended by a signal (a trap, say) instead of exiting.
    var killedBySignal = false
  }

  /// An environment that keeps the user's own config, data and gpsd out of the test.
  static func environment(dataDirectory: URL) -> [String: String] {
    var environment = ProcessInfo.processInfo.environment
    for key in environment.keys where key.hasPrefix("COFFEE_FINDER") || key.hasPrefix("FOURSQUARE")
    {
      environment[key] = nil
    }
    // A pipe's width is the test's to set (`COLUMNS`), not the shell's that ran the tests.
    environment["COLUMNS"] = nil
    environment["LINES"] = nil
    environment["XDG_CONFIG_HOME"] = dataDirectory.appendingPathComponent("config").path
    environment["XDG_DATA_HOME"] = dataDirectory.appendingPathComponent("xdg-data").path
    // The automatic choice finds neither a gpsd nor a GeoClue of the machine's.
    environment["BEARING_GPSD"] = "127.0.0.1:1"
    // No test reaches the public Overpass instance: a closed port unless the test says otherwise.
    environment["COFFEE_FINDER_OVERPASS_URL"] = "http://127.0.0.1:1/api/interpreter"
    environment["COFFEE_FINDER_NOMINATIM_URL"] = "http://127.0.0.1:1/search"
    environment["DBUS_SYSTEM_BUS_ADDRESS"] =
      "unix:path=\(dataDirectory.appendingPathComponent("no-system-bus").path)"
    return environment
  }

  /// Runs the binary to completion on a thread of its own, with `extra` added to the test
  /// environment. Tests call this one: waiting for a child on one of the few threads that every
  /// test shares would hold up the others, whose waits are measured in real time.
  static func run(
    _ arguments: [String], dataDirectory: URL, extra: [String: String] = [:],
    killAfter seconds: Int? = nil
  ) async throws -> Result {
    try await onThread {
      Swift.Result {
        try run(arguments, dataDirectory: dataDirectory, extra: extra, killAfter: seconds)
      }
    }.get()
  }

  /// Runs the binary to completion on the calling thread, with `extra` added to the test
  /// environment: for code already on a thread of its own (``onThread(_:)``).
  ///
  /// With `killAfter`, coreutils' `timeout` sends SIGTERM after that many seconds, for a test
  /// whose failure would be a process that never ends (the status is then 124).
  static func run(
    _ arguments: [String], dataDirectory: URL, extra: [String: String] = [:],
    killAfter seconds: Int? = nil
  ) throws -> Result {
    let process = Process()
    if let seconds {
      process.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
      process.arguments = [String(seconds), url.path] + arguments
    } else {
      process.executableURL = url
      process.arguments = arguments
    }
    process.environment = environment(dataDirectory: dataDirectory).merging(extra) { $1 }
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = FileHandle.nullDevice
    try process.run()
    // Read both pipes before waiting, so a large output cannot block the child.
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
      stderr: String(decoding: errData, as: UTF8.self),
      killedBySignal: process.terminationReason == .uncaughtSignal)
  }

  /// A fresh, empty directory that is removed by the caller.
  static func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("coffee-finder-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }
}
