import BearingLocation
import BearingPlaces
import Dependencies
import Foundation
import Testing

@Suite("OfflinePlaces")
struct OfflinePlacesTests {
  let station = Coordinate(latitude: 60.1710, longitude: 24.9414)  // Helsinki railway station

  @Test("the embedded dataset is central Helsinki's cafés, credited to OpenStreetMap")
  func embedded() throws {
    let places = try OfflinePlaces.embedded()
    let coverage = places.coverage
    #expect(coverage.description == "central Helsinki, OpenStreetMap 2019")
    #expect(coverage.attribution == "© OpenStreetMap contributors (ODbL)")
    #expect(coverage.placeCount == places.dataset.places.count)
    #expect((80...100).contains(coverage.placeCount))
    #expect(Set(places.dataset.places.map(\.id)).count == coverage.placeCount)
    #expect(places.dataset.places.allSatisfy { $0.id.hasPrefix("osm:") && !$0.name.isEmpty })
    #expect(places.dataset.places.allSatisfy { coverage.contains($0.coordinate, margin: 0) })
  }

  @Test("search returns the nearest within the radius, nearest first, with distances")
  func nearestFirst() throws {
    let places = try OfflinePlaces.embedded()
    let query = try PlaceQuery(center: station, radius: 400, limit: 8)
    let found = try places.search(query)
    let expected = places.dataset.places
      .map { ($0.id, station.distance(to: $0.coordinate)) }
      .filter { $0.1 <= 400 }.sorted { $0.1 < $1.1 }.prefix(8)
    #expect(found.count == expected.count)
    #expect(!found.isEmpty)
    for (place, (id, distance)) in zip(found, expected) {
      #expect(abs(place.distance! - distance) < 1e-3)
      #expect(place.id == id || abs(place.distance! - distance) < 1e-6)
    }
    #expect(zip(found, found.dropFirst()).allSatisfy { $0.distance! <= $1.distance! })
  }

  @Test("category and text filters")
  func filters() throws {
    let places = try OfflinePlaces.embedded()
    let coffee = try places.search(
      PlaceQuery(center: station, radius: 5_000, categories: [.coffeeShop], limit: 50))
    #expect(!coffee.isEmpty)
    #expect(coffee.allSatisfy { $0.categories.contains("Coffee Shop") })
    let all = try places.search(PlaceQuery(center: station, radius: 5_000, limit: 50))
    #expect(all.count > coffee.count)

    // Case- and accent-insensitive: "THEHUONE" finds "Théhuone".
    let text = try places.search(
      PlaceQuery(center: station, radius: 5_000, text: "THEHUONE", limit: 50))
    #expect(text.map(\.name) == ["Théhuone"])
    let none = try places.search(
      PlaceQuery(center: station, radius: 5_000, text: "no such café anywhere", limit: 50))
    #expect(none.isEmpty)
  }

  @Test("text is found whatever its case, accents or width")
  func foldedText() throws {
    let names = ["Café Regatta", "Kaffee Straße", "ＣＯＦＦＥＥ Ｌａｂ"]
    let dataset = try PlaceDataset(
      area: "Töölö", source: "test",
      places: names.enumerated().map { i, name in
        Place(
          id: "osm:node/\(i)", name: name,
          coordinate: .init(latitude: 60.17 + Double(i) / 10_000, longitude: 24.94),
          source: .openStreetMap)
      })
    let places = OfflinePlaces(dataset: dataset)
    for (text, name) in [
      ("cafe", "Café Regatta"), ("CAFÉ", "Café Regatta"), ("strasse", "Kaffee Straße"),
      ("coffee lab", "ＣＯＦＦＥＥ Ｌａｂ"), ("ＲＥＧＡＴＴＡ", "Café Regatta"),
    ] {
      let found = try places.search(
        PlaceQuery(center: .init(latitude: 60.17, longitude: 24.94), radius: 500, text: text))
      #expect(found.map(\.name) == [name], "\(text)")
    }
  }

  @Test("a query outside the data's area says which area the data covers")
  func outsideCoverage() throws {
    let places = try OfflinePlaces.embedded()
    let london = try PlaceQuery(
      center: Coordinate(latitude: 51.5072, longitude: -0.1276), radius: 100_000)
    #expect(throws: PlacesError.outsideCoverage("central Helsinki, OpenStreetMap 2019")) {
      try places.search(london)
    }
    // Just outside the box but within the margin still searches.
    let nearby = try PlaceQuery(
      center: Coordinate(latitude: places.coverage.north + 0.02, longitude: 24.94),
      radius: 5_000)
    #expect(try !places.search(nearby).isEmpty)
  }

  @Test("the live client searches the embedded data; the preview client has cafés")
  func clients() async throws {
    let live = PlacesClient.liveValue
    #expect(live.coverage()?.area == "central Helsinki")
    let found = try await live.search(PlaceQuery(center: station, radius: 1_000, limit: 3))
    #expect(found.count == 3)
    #expect(found.allSatisfy { $0.source == .openStreetMap })

    let preview = PlacesClient.previewValue
    let cafes = try await preview.search(PlaceQuery(center: station, radius: 2_000))
    #expect(cafes.count == 3)
    #expect(cafes.first?.name == "Espresso House Asema")
  }

  @Test("the test client fails when called unasked")
  func testValue() async throws {
    let query = try PlaceQuery(center: station, radius: 100)
    await withKnownIssue {
      _ = try await PlacesClient.testValue.search(query)
    }
    withKnownIssue {
      _ = PlacesClient.testValue.coverage()
    }
  }

  @Test("the dependency can be overridden")
  func dependency() async throws {
    let dataset = try PlaceDataset(
      area: "Kallio", source: "test",
      places: [
        Place(
          id: "osm:node/1", name: "Kallion kahvila",
          coordinate: .init(latitude: 60.184, longitude: 24.95), source: .openStreetMap)
      ])
    let found = try await withDependencies {
      $0.places = .offline(OfflinePlaces(dataset: dataset))
    } operation: {
      @Dependency(\.places) var places
      return try await places.search(
        PlaceQuery(center: .init(latitude: 60.1841, longitude: 24.95), radius: 100))
    }
    #expect(found.map(\.name) == ["Kallion kahvila"])
    #expect(abs(found[0].distance! - 11.1) < 0.1)
  }
}
