import BearingLocation
import Foundation
import Testing

/// `coffee-finder watch` against a real gpsd: gpsfake replays an NMEA walk that passes through
/// a favourite's region; the command must print the enter line, then the exit line.
@Suite(.serialized) struct WatchCommandTests {
  @Test(.timeLimit(.minutes(2))) func gpsfakeWalkThroughAFavouriteEntersAndLeaves() async throws {
    let gpsfake = URL(fileURLWithPath: "/usr/bin/gpsfake")
    try #require(FileManager.default.isExecutableFile(atPath: gpsfake.path), "install gpsd-clients")
    let directory = try BuiltBinary.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let data = ["--data-dir", directory.appendingPathComponent("data").path]

    // The favourite: the café nearest the railway square.
    let nearby = try BuiltBinary.run(
      ["nearby", "--json", "--at", "60.1699,24.9384", "--limit", "1"] + data,
      dataDirectory: directory)
    let place = try #require(
      try JSONDecoder().decode(CommandLineTests.NearbyJSON.self, from: Data(nearby.stdout.utf8))
        .places.first)
    #expect(
      try BuiltBinary.run(["favorites", "add", place.id] + data, dataDirectory: directory).status
        == 0)

    // 400 m south of it to 400 m north, in 20 m steps, after standing still for 8 s.
    let center = Coordinate(latitude: place.latitude, longitude: place.longitude)
    let metresPerDegree = Coordinate.earthRadius * .pi / 180
    let log = NMEAWalk.log(
      from: Coordinate(
        latitude: center.latitude - 400 / metresPerDegree, longitude: center.longitude),
      to: Coordinate(
        latitude: center.latitude + 400 / metresPerDegree, longitude: center.longitude),
      steps: 40, pause: 8, date: Date(timeIntervalSince1970: 1_800_000_000))
    let logURL = directory.appendingPathComponent("walk.nmea")
    try log.write(to: logURL, atomically: true, encoding: .utf8)

    let port = Int.random(in: 42_000...58_000)
    let fake = Process()
    fake.executableURL = gpsfake
    fake.arguments = ["-n", "-q", "-1", "-c", "0.25", "-P", String(port), logURL.path]
    fake.standardOutput = FileHandle.nullDevice
    fake.standardError = FileHandle.nullDevice
    try fake.run()
    defer { Self.stop(fake) }

    let watch = Process()
    watch.executableURL = BuiltBinary.url
    watch.arguments = ["watch", "--gpsd", "127.0.0.1:\(port)", "--json", "--events-only"] + data
    watch.environment = BuiltBinary.environment(dataDirectory: directory)
    let out = Pipe()
    let err = Pipe()
    watch.standardOutput = out
    watch.standardError = err
    try watch.run()
    defer {
      if watch.isRunning { watch.terminate() }
    }

    // Read lines until the exit line arrives (or give up after 90 s).
    var lines: [[String: String]] = []
    let output = out.fileHandleForReading
    let reader = Task {
      await onThread { () -> [[String: String]] in
        var collected: [[String: String]] = []
        var buffer = Data()
        while true {
          let chunk = output.availableData
          if chunk.isEmpty { return collected }
          buffer += chunk
          while let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
            let line = buffer[buffer.startIndex..<newline]
            buffer = Data(buffer[buffer.index(after: newline)...])
            if let object = try? JSONSerialization.jsonObject(with: line) as? [String: String] {
              collected.append(object)
              if object["type"] == "exit" { return collected }
            }
          }
        }
      }
    }
    // The deadline runs on a dispatch timer, not the cooperative pool, so it fires even when
    // the pool is busy.
    let watchPID = watch.processIdentifier
    let timeout = DispatchWorkItem { kill(watchPID, SIGINT) }
    DispatchQueue.global().asyncAfter(deadline: .now() + 90, execute: timeout)
    lines = await reader.value
    timeout.cancel()

    #expect(lines.map { $0["type"] ?? "" } == ["enter", "exit"])
    #expect(lines.allSatisfy { $0["id"] == place.id && $0["name"] == place.name })

    // Ctrl-C ends the command cleanly.
    watch.interrupt()
    let errors = err.fileHandleForReading
    let stderrData = await onThread {
      watch.waitUntilExit()
      return errors.readDataToEndOfFile()
    }
    #expect(watch.terminationStatus == 0)
    let stderr = String(decoding: stderrData, as: UTF8.self)
    #expect(stderr.contains("watching gpsd 127.0.0.1:\(port)"))
  }

  /// Stops gpsfake and the gpsd it started (by pid): gpsfake can wait forever for a gpsd that
  /// blocks SIGTERM, so the daemon gets SIGKILL after a grace period.
  static func stop(_ fake: Process) {
    let pid = fake.processIdentifier
    let daemons = gpsdDaemons(startedBy: pid)
    if fake.isRunning { kill(pid, SIGTERM) }
    let deadline = Date().addingTimeInterval(3)
    while fake.isRunning, Date() < deadline { usleep(20_000) }
    for daemon in daemons + gpsdDaemons(startedBy: pid) { kill(daemon, SIGKILL) }
    if fake.isRunning { kill(pid, SIGKILL) }
  }

  /// gpsd processes whose command line names gpsfake's control socket `/tmp/gpsfake-PID.sock`.
  static func gpsdDaemons(startedBy pid: Int32) -> [pid_t] {
    let marker = "gpsfake-\(pid).sock"
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return entries.compactMap { entry in
      guard let candidate = pid_t(entry),
        let data = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline")
      else { return nil }
      let commandLine = String(decoding: data, as: UTF8.self)
      return commandLine.contains("gpsd") && commandLine.contains(marker) ? candidate : nil
    }
  }
}
