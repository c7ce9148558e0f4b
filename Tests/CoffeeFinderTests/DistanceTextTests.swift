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
  @Test func feetBelowAThousandFeetThenMiles() {
    #expect(DistanceText.format(84.6, units: .imperial) == "278 ft")
    #expect(DistanceText.format(170, units: .imperial) == "558 ft")
    #expect(DistanceText.format(304.5, units: .imperial) == "999 ft")
    // Hundredths below a mile, so that nearby cafés do not all read "0.2 mi".
    #expect(DistanceText.format(305, units: .imperial) == "0.19 mi")
    #expect(DistanceText.format(1_234, units: .imperial) == "0.77 mi")
    #expect(DistanceText.format(1_609, units: .imperial) == "1.0 mi")
    #expect(DistanceText.format(5_000, units: .imperial) == "3.1 mi")
    #expect(DistanceText.format(.infinity, units: .imperial) == "?")
  }
}
