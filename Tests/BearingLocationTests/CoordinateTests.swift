import BearingLocation
import Foundation
import PropertyBased
import Testing

@Suite struct CoordinateTests {
  @Test func rejectsInvalidComponentsWithAClearError() {
    #expect(throws: CoordinateError.nonFiniteLatitude(.infinity)) {
      try Coordinate(validatingLatitude: .infinity, longitude: 0)
    }
    #expect(throws: CoordinateError.latitudeOutOfRange(90.5)) {
      try Coordinate(validatingLatitude: 90.5, longitude: 0)
    }
    #expect(throws: CoordinateError.longitudeOutOfRange(-180.01)) {
      try Coordinate(validatingLatitude: 0, longitude: -180.01)
    }
    do {
      _ = try Coordinate(validatingLatitude: .nan, longitude: 0)
      Issue.record("NaN latitude accepted")
    } catch {
      #expect(error.description.contains("not a finite number"))
    }
  }

  @Test func decodingRejectsOutOfRangeValues() {
    let json = Data(#"{"latitude":91,"longitude":0}"#.utf8)
    #expect(throws: DecodingError.self) { try JSONDecoder().decode(Coordinate.self, from: json) }
  }

  @Test func oneDegreeOfLatitudeIsTheSphereArc() {
    let a = Coordinate(latitude: 0, longitude: 10)
    let b = Coordinate(latitude: 1, longitude: 10)
    #expect(abs(a.distance(to: b) - Coordinate.earthRadius * .pi / 180) < 1e-6)
    #expect(abs(a.bearing(to: b) - 0) < 1e-9)
    let east = Coordinate(latitude: 0, longitude: 11)
    #expect(abs(a.bearing(to: east) - 90) < 1e-9)
  }

  @Test func aQuarterOfTheEquatorIsAQuarterOfTheCircumference() {
    let origin = Coordinate(latitude: 0, longitude: 0)
    let quarter = Coordinate(latitude: 0, longitude: 90)
    #expect(abs(origin.distance(to: quarter) - .pi * Coordinate.earthRadius / 2) < 1e-6)
    #expect(abs(origin.bearing(to: Coordinate(latitude: -10, longitude: 0)) - 180) < 1e-9)
  }

  @Test func haversineAgreesWithTheSphericalLawOfCosines() async {
    await propertyCheck(
      input: Gen.double(in: -89...89), Gen.double(in: -180...180), Gen.double(in: -89...89),
      Gen.double(in: -180...180)
    ) { lat1, lon1, lat2, lon2 in
      let a = Coordinate(latitude: lat1, longitude: lon1)
      let b = Coordinate(latitude: lat2, longitude: lon2)
      let (φ1, φ2) = (lat1 * .pi / 180, lat2 * .pi / 180)
      let Δλ = (lon2 - lon1) * .pi / 180
      let cosine = sin(φ1) * sin(φ2) + cos(φ1) * cos(φ2) * cos(Δλ)
      let reference = acos(max(-1, min(1, cosine))) * Coordinate.earthRadius
      // The law of cosines loses precision for short distances; compare above 10 km.
      if reference > 10_000 {
        #expect(abs(a.distance(to: b) - reference) < 0.01)
      }
      #expect(abs(a.distance(to: b) - b.distance(to: a)) < 1e-6)
    }
  }

  @Test func destinationIsTheInverseOfDistanceAndBearing() async {
    await propertyCheck(
      input: Gen.double(in: -80...80), Gen.double(in: -179...179), Gen.double(in: 0..<360),
      Gen.double(in: 1...50_000)
    ) { latitude, longitude, bearing, distance in
      let origin = Coordinate(latitude: latitude, longitude: longitude)
      let target = origin.destination(bearing: bearing, distance: distance)
      #expect(abs(origin.distance(to: target) - distance) < 0.01)
      let back = origin.bearing(to: target)
      let difference = abs(back - bearing).truncatingRemainder(dividingBy: 360)
      #expect(min(difference, 360 - difference) < 1e-6)
    }
  }
}

@Suite struct LocationCodingTests {
  @Test func aFixEncodedBeforeTimestampSourceExistedDecodesAsTheReceiversTime() throws {
    let old = """
      {"coordinate":{"latitude":60.17,"longitude":24.94},"altitude":0,"ellipsoidalAltitude":0,\
      "horizontalAccuracy":5,"verticalAccuracy":-1,"course":-1,"courseAccuracy":-1,"speed":-1,\
      "speedAccuracy":-1,"timestamp":0}
      """
    let fix = try JSONDecoder().decode(Location.self, from: Data(old.utf8))
    #expect(fix.timestampSource == .receiver)
    #expect(fix.horizontalAccuracy == 5)
    let encoded = String(decoding: try JSONEncoder().encode(fix), as: UTF8.self)
    #expect(!encoded.contains("timestampSource"))
  }

  @Test func aFixStampedOnReceiptKeepsItsMarkThroughCoding() throws {
    let fix = Location(
      coordinate: Coordinate(latitude: 60.17, longitude: 24.94), horizontalAccuracy: 5,
      timestamp: Date(timeIntervalSince1970: 1_900_000_000), timestampSource: .receipt)
    let decoded = try JSONDecoder().decode(Location.self, from: JSONEncoder().encode(fix))
    #expect(decoded == fix)
    #expect(decoded.timestampSource == .receipt)
    #expect(
      decoded
        != Location(coordinate: fix.coordinate, horizontalAccuracy: 5, timestamp: fix.timestamp))
  }
}
