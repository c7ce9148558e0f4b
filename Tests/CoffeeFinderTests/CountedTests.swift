import CoffeeFinder
import Testing

@Suite struct CountedTests {
  @Test(arguments: [(0, "0 places"), (1, "1 place"), (2, "2 places"), (1_000, "1000 places")])
  func placesAreSingularForOne(count: Int, text: String) {
    #expect(Counted.places(count) == text)
  }

  @Test func cafesAreSingularForOne() {
    #expect(Counted.cafes(1) == "1 café")
    #expect(Counted.cafes(2) == "2 cafés")
  }
}
