import CoffeeFinder
import Testing

@Suite struct DistanceTextTests {
  @Test func distances() {
    #expect(DistanceText.format(84.6) == "85 m")
    #expect(DistanceText.format(999.4) == "999 m")
    #expect(DistanceText.format(1_234) == "1.2 km")
    #expect(DistanceText.format(.nan) == "?")
    #expect(DistanceText.format(nil) == "?")
  }
}

@Suite struct ImperialDistanceTests {
  @Test func feetBelowATenthOfAMileMilesAbove() {
    #expect(DistanceText.format(84.6, units: .imperial) == "278 ft")
    #expect(DistanceText.format(160, units: .imperial) == "525 ft")
    #expect(DistanceText.format(170, units: .imperial) == "0.1 mi")
    #expect(DistanceText.format(1_234, units: .imperial) == "0.8 mi")
    #expect(DistanceText.format(.infinity, units: .imperial) == "?")
  }
}
