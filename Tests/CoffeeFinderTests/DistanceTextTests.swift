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
