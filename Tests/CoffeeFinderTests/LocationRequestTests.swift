import BearingLocation
import CoffeeFinder
import CoffeeFinderSettings
import Foundation
import Testing

/// Which gpsd address a run uses, and when it decides the source: `--gpsd` or a configured
/// `gpsd_address` is the source unless `--at` is given; else the option stands and the
/// automatic choice tries the default address.
@Suite struct LocationRequestTests {
  static let helsinki = Coordinate(latitude: 60.1699, longitude: 24.9384)

  static func settings(gpsd: String? = nil, file: String? = nil) throws -> LoadedSettings {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("bearing-location-request-tests")
      .appendingPathComponent(UUID().uuidString)
    let loader = SettingsLoader(
      file: ConfigFile(path: directory.appendingPathComponent("config.json").path),
      environment: [:])
    if let file { try loader.set(.gpsdAddress, to: file) }
    return try loader.load(overrides: SettingsOverrides(gpsdAddress: gpsd))
  }

  @Test(arguments: [
    LocationSelection.Request.Option.automatic, .gpsd(endpoint: "[::1]:2948"),
  ])
  func aGivenGPSDAddressIsTheSourceWhenNoOtherIsAskedFor(
    _ option: LocationSelection.Request.Option
  ) throws {
    for settings in [try Self.settings(gpsd: "[::1]:2948"), try Self.settings(file: "[::1]:2948")] {
      let request = LocationSelection.Request(
        option, settings: settings, defaultCenter: Self.helsinki)
      #expect(request.option == .gpsd(endpoint: "[::1]:2948"))
      #expect(request.defaultGPSD.host == "::1" && request.defaultGPSD.port == 2948)
    }
  }

  // docs/location.md: an option that names a source comes before a configured gpsd address.
  @Test(arguments: [
    LocationSelection.Request.Option.fixed(Coordinate(latitude: 60.1699, longitude: 24.9384)),
    .geoClue, .wander, .replay(path: "track.nmea", startDate: nil),
  ])
  func anOptionNamingAnotherSourceWinsOverAConfiguredAddress(
    _ option: LocationSelection.Request.Option
  ) throws {
    let request = LocationSelection.Request(
      option, settings: try Self.settings(file: "[::1]:2948"), defaultCenter: Self.helsinki)
    #expect(request.option == option)
  }

  @Test func withNoGPSDAddressGivenTheOptionStandsAndTheEnvironmentNamesTheDefault() throws {
    let settings = try Self.settings()
    let request = LocationSelection.Request(
      .replay(path: "track.nmea", startDate: nil), settings: settings,
      defaultCenter: Self.helsinki)
    #expect(request.option == .replay(path: "track.nmea", startDate: nil))
    let (endpoint, configured) = LocationSelection.gpsd(
      settings, environment: ["BEARING_GPSD": "10.0.0.7:3000"])
    #expect(endpoint == GPSDEndpoint(host: "10.0.0.7", port: 3000))
    #expect(!configured)
  }
}
