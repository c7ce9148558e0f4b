import BearingHTTPTesting
import Foundation
import Testing

/// `download` against a local Overpass that sends a large answer slowly: what it says while the
/// answer arrives, on a terminal and off one; and its help.
@Suite(.serialized) struct DownloadCommandTests {
  /// An Overpass answer of `count` cafés around Paris's centre, about 110 bytes each.
  static func answer(cafés count: Int) -> Data {
    let elements = (0..<count).map { index in
      let latitude = 48.8566 + Double(index % 100) * 0.00001
      let longitude = 2.3522 + Double(index / 100) * 0.00001
      return #"{"type":"node","id":\#(index + 1),"lat":\#(latitude),"lon":\#(longitude),"#
        + #""tags":{"amenity":"cafe","name":"Café \#(index)"}}"#
    }
    return Data(
      (#"{"version":0.6,"generator":"Overpass API","elements":["#
        + elements.joined(separator: ",\n") + "]}").utf8)
  }

  static let arguments = ["download", "--around", "48.8566,2.3522", "--radius", "2km"]

  static let large = answer(cafés: 10_000)
  /// Its size as the app prints it (1.1 MB).
  static let size = ByteCountFormatter.string(
    fromByteCount: Int64(large.count), countStyle: .file)

  /// ``large`` in 20 parts 50 ms apart: a second of arriving.
  static func slowServer<T>(
    _ body: (_ overpassURL: String) async throws -> T
  ) async throws -> T {
    let answer = Self.large
    return try await LoopbackHTTPServer.with({ _, _ in
      .slow(body: answer, pieces: 20, interval: .milliseconds(50))
    }) { server in
      try await body(server.baseURL.appendingPathComponent("api/interpreter").absoluteString)
    }
  }

  @Test(.timeLimit(.minutes(1))) func offATerminalEachPhaseIsOneLine() async throws {
    let box = try AreasCommandTests.Sandbox()
    let result = try await Self.slowServer { url in
      try await box.run(Self.arguments, extra: ["COFFEE_FINDER_OVERPASS_URL": url])
    }
    #expect(result.status == 0, "\(result.stderr)")
    let lines = result.stderr.split(separator: "\n").map(String.init)
    #expect(
      lines == [
        "coffee-finder: downloading the cafés within 2.0 km of 48.85660,2.35220 from 127.0.0.1…",
        "coffee-finder: receiving the answer…",
        "coffee-finder: received \(Self.size): 10000 cafés; storing…",
      ], "\(result.stderr)")
    #expect(!result.stderr.contains("\r"))
    #expect(result.stdout.contains("Stored 10000 places"), "\(result.stdout)")
  }

  @Test(.timeLimit(.minutes(1))) func onATerminalOneProgressLineRedrawsAsBytesArrive() async throws
  {
    let box = try AreasCommandTests.Sandbox()
    // util-linux's `script` gives the binary a terminal and copies what it writes.
    let command = ([BuiltBinary.url.path] + Self.arguments + ["--data-dir", box.data.path])
      .map { "'\($0)'" }.joined(separator: " ")
    let output = try await Self.slowServer { url in
      try await onThread {
        Result {
          let process = Process()
          process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
          process.arguments = ["-qec", command, "/dev/null"]
          process.environment = BuiltBinary.environment(dataDirectory: box.directory)
            .merging(["COFFEE_FINDER_OVERPASS_URL": url]) { $1 }
          let pipe = Pipe()
          process.standardOutput = pipe
          process.standardInput = FileHandle.nullDevice
          try process.run()
          let data = pipe.fileHandleForReading.readDataToEndOfFile()
          process.waitUntilExit()
          #expect(process.terminationStatus == 0)
          return String(decoding: data, as: UTF8.self)
        }
      }.get()
    }
    let redraws = output.components(separatedBy: "\r\u{1B}[Kcoffee-finder: receiving ")
      .dropFirst()
    // Twenty parts in a second, drawn at most ten times a second: several, not one.
    #expect(redraws.count >= 3, "\(output.debugDescription)")
    #expect(redraws.allSatisfy { $0.contains(" of \(Self.size)") }, "\(output.debugDescription)")
    #expect(
      redraws.last?.hasPrefix("\(Self.size) of \(Self.size)") == true, "\(output.debugDescription)")
    // The line is cleared before the next one.
    #expect(
      output.contains("\r\u{1B}[Kcoffee-finder: received \(Self.size): 10000 cafés; storing…"))
  }

  @Test func helpListsOnlyDownloadsOptions() async throws {
    let box = try AreasCommandTests.Sandbox()
    let help = try await box.run(["download", "--help"])
    #expect(help.status == 0)
    for option in ["--around", "--near", "--area", "--radius", "--overpass-url", "--data-dir"] {
      #expect(help.stdout.contains(option), "\(option)")
    }
    for option in [
      "--gpsd", "--replay", "--wander", "--geoclue", "--limit", "--provider", "--units",
      "--api-key", "--loop", "--at ",
    ] {
      #expect(!help.stdout.contains(option), "\(option) in \(help.stdout)")
    }
  }
}
