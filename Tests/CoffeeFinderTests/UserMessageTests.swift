import BearingPlaces
import CoffeeFinder
import Testing

@Suite struct UserMessageTests {
  @Test("a refused key: the library says so, the app says where the key comes from")
  func keyRefused() {
    #expect(PlacesError.keyRefused.description == "The API key was refused.")
    #expect(
      UserMessage.line(for: PlacesError.keyRefused)
        == "The API key was refused; check FOURSQUARE_API_KEY or the config file.")
  }
}
