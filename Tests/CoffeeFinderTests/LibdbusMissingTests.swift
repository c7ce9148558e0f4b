import Foundation
import Testing

/// libdbus is loaded at run time, so the app builds and runs without it; only GeoClue needs it.
/// `BEARING_LIBDBUS` names a library file that does not exist, as on a machine without
/// libdbus-1-3.
@Suite struct LibdbusMissingTests {
  static let missing = ["BEARING_LIBDBUS": "/nonexistent/libdbus-1.so.3"]

  @Test func geoClueSaysLibdbusIsMissingAndWhatToInstall() async throws {
    let directory = try BuiltBinary.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let result = try await BuiltBinary.run(
      ["nearby", "--geoclue", "--data-dir", directory.path, "--timeout", "15"],
      dataDirectory: directory, extra: Self.missing)
    #expect(result.status == 1, "stdout: \(result.stdout)")
    #expect(result.stdout.isEmpty)
    let lines = result.stderr.split(separator: "\n")
    #expect(lines.count == 1, "\(result.stderr)")
    #expect(
      result.stderr.contains(
        "libdbus is not installed (apt-get install libdbus-1-3), and GeoClue is asked through it"),
      "\(result.stderr)")
    // The loader's own words name the real cause.
    #expect(
      result.stderr.contains("/nonexistent/libdbus-1.so.3: cannot open shared object file"),
      "\(result.stderr)")
  }

  @Test func nearbyWithoutLibdbusFindsCafésAndSaysWhyNotGeoClue() async throws {
    let directory = try BuiltBinary.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let result = try await BuiltBinary.run(
      ["nearby", "--json", "--provider", "offline", "--data-dir", directory.path],
      dataDirectory: directory, extra: Self.missing)
    #expect(result.status == 0, "stderr: \(result.stderr)")
    let report = try JSONDecoder().decode(
      CommandLineTests.NearbyJSON.self, from: Data(result.stdout.utf8))
    #expect(!report.places.isEmpty)
    #expect(
      result.stderr.contains(
        "no GeoClue on the system bus (libdbus is not installed (apt-get install libdbus-1-3)"),
      "\(result.stderr)")
  }
}
