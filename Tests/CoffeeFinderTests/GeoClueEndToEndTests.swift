import BearingGeoClueTesting
import BearingLocation
import Foundation
import Testing

/// The built binary with a real GeoClue on a private system bus (see ``GeoClueHarness``):
/// `--geoclue`, the automatic choice, and GeoClue refusing the app.
@Suite(.serialized) struct GeoClueEndToEndTests {
  /// Where the test's GPS receiver puts GeoClue: Helsinki's railway square.
  static let receiver = Coordinate(latitude: 60.1710, longitude: 24.9414)

  static func nearby(
    _ arguments: [String], bus: String
  ) async throws -> (BuiltBinary.Result, CommandLineTests.NearbyJSON?) {
    let directory = try BuiltBinary.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let result = try await onThread {
      Result {
        try BuiltBinary.run(
          ["nearby"] + arguments + [
            "--radius", "400", "--limit", "5", "--provider", "offline", "--data-dir",
            directory.path, "--timeout", "15",
          ],
          dataDirectory: directory, extra: ["DBUS_SYSTEM_BUS_ADDRESS": bus])
      }
    }.get()
    let report = try? JSONDecoder().decode(
      CommandLineTests.NearbyJSON.self, from: Data(result.stdout.utf8))
    return (result, report)
  }

  static func checkCafésAroundTheReceiver(_ report: CommandLineTests.NearbyJSON?) throws {
    let report = try #require(report)
    #expect(report.locationSource == "geoclue")
    let center = Coordinate(
      latitude: report.center["latitude"] ?? 0, longitude: report.center["longitude"] ?? 0)
    #expect(center.distance(to: receiver) < 5)
    #expect(!report.places.isEmpty)
    #expect(report.places.map(\.distance) == report.places.map(\.distance).sorted())
    for place in report.places {
      let actual = receiver.distance(
        to: Coordinate(latitude: place.latitude, longitude: place.longitude))
      #expect(abs(actual - place.distance) < 5, "\(place.name)")
      #expect(place.distance <= 400)
    }
  }

  @Test func nearbyWithGeoClueListsCafésAroundItsFix() async throws {
    try await GeoClueHarness.with(at: Self.receiver, allowed: ["coffee-finder"]) { geoClue in
      let (result, report) = try await Self.nearby(
        ["--geoclue", "--json"], bus: geoClue.busAddress)
      #expect(result.status == 0, "stderr: \(result.stderr)\n\(geoClue.logs())")
      #expect(result.stderr.isEmpty, "\(result.stderr)")
      try Self.checkCafésAroundTheReceiver(report)
    }
  }

  @Test func withNoGpsdAutomaticallyUsesGeoClueAndSaysWhy() async throws {
    try await GeoClueHarness.with(at: Self.receiver, allowed: ["coffee-finder"]) { geoClue in
      // BuiltBinary's environment points the default gpsd address at a closed port.
      let (result, report) = try await Self.nearby(["--json"], bus: geoClue.busAddress)
      #expect(result.status == 0, "stderr: \(result.stderr)\n\(geoClue.logs())")
      let notes = result.stderr.split(separator: "\n")
      #expect(notes.count == 1, "\(result.stderr)")
      #expect(
        notes.first?.hasSuffix(
          "no location option and no gpsd at 127.0.0.1:1: using GeoClue on the system bus "
            + "(desktop id coffee-finder)") == true, "\(result.stderr)")
      try Self.checkCafésAroundTheReceiver(report)
    }
  }

  @Test func geoClueRefusingTheAppSaysWhatToAllow() async throws {
    try await GeoClueHarness.with(at: Self.receiver, allowed: [], refused: ["coffee-finder"]) {
      geoClue in
      let (result, _) = try await Self.nearby(["--geoclue"], bus: geoClue.busAddress)
      #expect(result.status == 1, "stdout: \(result.stdout)")
      #expect(result.stdout.isEmpty)
      let lines = result.stderr.split(separator: "\n")
      #expect(lines.count == 1, "\(result.stderr)")
      let line = String(lines.first ?? "")
      #expect(line.contains("GeoClue refused location to coffee-finder"), "\(line)")
      #expect(line.contains("[coffee-finder]"))
      #expect(line.contains("allowed=true"))
      #expect(line.contains("/etc/geoclue/geoclue.conf"))
    }
  }

  @Test func geoClueMissingSaysSo() async throws {
    let directory = try BuiltBinary.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let (result, _) = try await Self.nearby(
      ["--geoclue"], bus: "unix:path=\(directory.path)/no-bus")
    #expect(result.status == 1)
    #expect(
      result.stderr.contains("GeoClue cannot be reached (no system bus: "), "\(result.stderr)")
    #expect(result.stderr.contains("apt install geoclue-2.0"))
  }
}
