import BearingLocation
import Foundation
import Testing

@testable import BearingGeoClue

/// GeoClue's `Location` properties to ``Location``, sentinels included.
struct GeoClueLocationTests {
  static func properties(
    altitude: Double, speed: Double, heading: Double, accuracy: Double = 25
  ) -> [String: BusValue] {
    [
      "Latitude": .double(60.1699), "Longitude": .double(24.9384), "Accuracy": .double(accuracy),
      "Altitude": .double(altitude), "Speed": .double(speed), "Heading": .double(heading),
      "Description": .string(""),
      "Timestamp": .structure([.uint64(1_795_348_800), .uint64(250_000)]),
    ]
  }

  @Test func knownValuesAreKept() throws {
    let fix = try #require(
      GeoClueLocation.location(
        from: Self.properties(altitude: 12.5, speed: 1.4, heading: 270)))
    #expect(fix.coordinate == Coordinate(latitude: 60.1699, longitude: 24.9384))
    #expect(fix.horizontalAccuracy == 25)
    #expect(fix.altitude == 12.5)
    #expect(fix.speed == 1.4)
    #expect(fix.course == 270)
    #expect(fix.timestamp == Date(timeIntervalSince1970: 1_795_348_800.25))
    #expect(fix.timestampSource == .receiver)
  }

  @Test func sentinelsBecomeUnknown() throws {
    let fix = try #require(
      GeoClueLocation.location(
        from: Self.properties(altitude: -Double.greatestFiniteMagnitude, speed: -1, heading: -1)))
    #expect(fix.altitude == 0)
    #expect(fix.verticalAccuracy < 0)
    #expect(fix.speed < 0)
    #expect(fix.course < 0)
  }

  @Test func aLocationWithoutACoordinateIsNoFix() {
    var properties = Self.properties(altitude: 0, speed: 0, heading: 0)
    properties["Latitude"] = .double(.nan)
    #expect(GeoClueLocation.location(from: properties) == nil)
    properties["Latitude"] = nil
    #expect(GeoClueLocation.location(from: properties) == nil)
  }
}
