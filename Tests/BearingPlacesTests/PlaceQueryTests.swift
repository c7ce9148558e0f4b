import BearingLocation
import BearingPlaces
import Foundation
import Testing

@Suite("PlaceQuery")
struct PlaceQueryTests {
  let helsinki = Coordinate(latitude: 60.1699, longitude: 24.9384)

  @Test("accepts a valid query and drops blank text")
  func valid() throws {
    let query = try PlaceQuery(
      center: helsinki, radius: 100_000, categories: [.cafe], text: "  \n", limit: 50)
    #expect(query.text == nil)
    #expect(query.radius == 100_000)
    #expect(query.limit == 50)
    let trimmed = try PlaceQuery(center: helsinki, radius: 1, text: " Ekberg ")
    #expect(trimmed.text == "Ekberg")
    #expect(trimmed.limit == 10)
  }

  @Test(
    "rejects bad radii with a message naming the value",
    arguments: [
      (0.0, "more than 0"), (-5, "more than 0"), (.nan, "not a finite"),
      (.infinity, "not a finite"), (100_001, "maximum of 100000"),
    ])
  func badRadius(radius: Double, message: String) {
    #expect {
      try PlaceQuery(center: helsinki, radius: radius)
    } throws: { error in
      guard case .invalidQuery(let reason) = error as? PlacesError else { return false }
      return reason.contains(message)
    }
  }

  @Test("rejects limits outside 1…50", arguments: [0, -1, 51, 1000])
  func badLimit(limit: Int) {
    #expect(throws: PlacesError.invalidQuery("the limit must be 1…50, not \(limit)")) {
      try PlaceQuery(center: helsinki, radius: 500, limit: limit)
    }
  }

  @Test("decoding validates too")
  func decoding() throws {
    let good = try PlaceQuery(center: helsinki, radius: 250, categories: [.coffeeShop])
    let data = try JSONEncoder().encode(good)
    #expect(try JSONDecoder().decode(PlaceQuery.self, from: data) == good)
    let bad = Data(
      #"{"center":{"latitude":60,"longitude":24},"radius":-1,"limit":10}"#.utf8)
    #expect(throws: DecodingError.self) { try JSONDecoder().decode(PlaceQuery.self, from: bad) }
  }

  @Test("categories carry Foursquare's ids")
  func categoryIDs() {
    #expect(PlaceCategory.coffeeShop.foursquareID == "4bf58dd8d48988d1e0931735")
    #expect(PlaceCategory.cafe.foursquareID == "4bf58dd8d48988d16d941735")
  }

  @Test("errors say what to do")
  func messages() {
    #expect(PlacesError.rateLimited(retryAfter: 2.2).description == "Rate limited, retry in 3 s.")
    #expect(
      PlacesError.outsideCoverage("central Helsinki, OpenStreetMap 2019").description
        .contains("cover central Helsinki, OpenStreetMap 2019"))
  }
}
