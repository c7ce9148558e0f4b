// Written as TCA 1.25's documentation shows; only the import differs.

import Bearing
import BearingTesting
import Testing

private struct ServiceUnavailable: Error {}

extension City {
  fileprivate static let hamburg = City(id: 2, country: "Germany", name: "Hamburg")
  fileprivate static let helsinki = City(id: 1, country: "Finland", name: "Helsinki")
  fileprivate static let all = [helsinki, hamburg]
}

extension Conditions {
  fileprivate static let drizzle = Conditions(summary: "Drizzle", temperature: 9)
  fileprivate static let snow = Conditions(summary: "Snow", temperature: -4)
}

@MainActor
@Suite
struct SearchTests {
  @Test
  func searchThenSelect() async {
    let clock = TestClock()
    let store: TestStoreOf<Search> = TestStore(initialState: Search.State()) {
      Search()
    } withDependencies: {
      $0.continuousClock = clock
      $0.weatherClient.search = { query in City.all.filter { $0.name.hasPrefix(query) } }
      $0.weatherClient.conditions = { _ in .snow }
    }

    await store.send(\.binding.query, "Hel") {
      $0.query = "Hel"
    }
    await clock.advance(by: .milliseconds(300))
    await store.receive(\.searchResponse.success) {
      $0.results = [.helsinki]
    }
    await store.send(.cityTapped(.helsinki)) {
      $0.selectedCityID = City.helsinki.id
    }
    await store.receive(\.conditionsResponse.success, .snow) {
      $0.conditions = .snow
    }
  }

  @Test
  func typingQuicklySearchesOnce() async {
    let clock = TestClock()
    let searched = LockIsolated<[String]>([])
    let store = TestStore(initialState: Search.State()) {
      Search()
    } withDependencies: {
      $0.continuousClock = clock
      $0.weatherClient.search = { query in
        searched.withValue { $0.append(query) }
        return City.all.filter { $0.name.hasPrefix(query) }
      }
    }

    await store.send(.binding(.set(\.query, "H"))) {
      $0.query = "H"
    }
    await clock.advance(by: .milliseconds(100))
    await store.send(.binding(.set(\.query, "He"))) {
      $0.query = "He"
    }
    // At 300 ms the first search would have run, but typing again replaced it.
    await clock.advance(by: .milliseconds(200))
    await clock.advance(by: .milliseconds(100))
    await store.receive(\.searchResponse.success) {
      $0.results = [.helsinki]
    }
    #expect(searched.value == ["He"])
  }

  @Test
  func typingTwiceWithoutPauseReceivesOneResponse() async {
    let clock = TestClock()
    let store = TestStore(initialState: Search.State()) {
      Search()
    } withDependencies: {
      $0.continuousClock = clock
      $0.weatherClient.search = { query in City.all.filter { $0.name.hasPrefix(query) } }
    }

    await store.send(\.binding.query, "H") {
      $0.query = "H"
    }
    await store.send(\.binding.query, "Ha") {
      $0.query = "Ha"
    }
    await clock.advance(by: .milliseconds(300))
    await store.receive(\.searchResponse.success, [.hamburg]) {
      $0.results = [.hamburg]
    }
  }

  @Test
  func clearingTheQueryCancelsTheSearch() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: Search.State(
        conditions: .drizzle,
        query: "Ham",
        results: [.hamburg],
        selectedCityID: City.hamburg.id
      )
    ) {
      Search()
    } withDependencies: {
      $0.continuousClock = clock
      $0.weatherClient.search = { query in City.all.filter { $0.name.hasPrefix(query) } }
    }

    await store.send(\.binding.query, "Hamb") {
      $0.query = "Hamb"
    }
    await clock.advance(by: .milliseconds(200))
    await store.send(\.binding.query, "") {
      $0.conditions = nil
      $0.query = ""
      $0.results = []
      $0.selectedCityID = nil
    }
    // The pending search was cancelled, so no response ever arrives.
    await clock.advance(by: .seconds(1))
  }

  @Test
  func selectingAnotherCityCancelsTheFirstRequest() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: Search.State(query: "H", results: [.helsinki, .hamburg])
    ) {
      Search()
    } withDependencies: {
      $0.continuousClock = clock
      $0.weatherClient.conditions = { id in
        try await clock.sleep(for: .seconds(1))
        return id == City.helsinki.id ? .snow : .drizzle
      }
    }

    await store.send(.cityTapped(.helsinki)) {
      $0.selectedCityID = City.helsinki.id
    }
    await store.send(.cityTapped(.hamburg)) {
      $0.selectedCityID = City.hamburg.id
    }
    await clock.advance(by: .seconds(1))
    await store.receive(\.conditionsResponse.success, .drizzle) {
      $0.conditions = .drizzle
    }
  }

  @Test
  func searchFailure() async {
    let clock = TestClock()
    let store = TestStore(initialState: Search.State()) {
      Search()
    } withDependencies: {
      $0.continuousClock = clock
      $0.weatherClient.search = { _ in throw ServiceUnavailable() }
    }

    await store.send(\.binding.query, "Osl") {
      $0.query = "Osl"
    }
    await clock.advance(by: .milliseconds(300))
    await store.receive(\.searchResponse.failure) {
      $0.errorMessage = "Searching failed. Try again."
    }

    store.dependencies.weatherClient.search = { _ in [] }

    await store.send(\.binding.query, "Oslo") {
      $0.query = "Oslo"
    }
    await clock.advance(by: .milliseconds(300))
    await store.receive(\.searchResponse.success, []) {
      $0.errorMessage = nil
    }
  }

  @Test
  func conditionsFailure() async {
    let store = TestStore(initialState: Search.State(query: "Hel", results: [.helsinki])) {
      Search()
    } withDependencies: {
      $0.weatherClient.conditions = { _ in throw ServiceUnavailable() }
    }

    await store.send(.cityTapped(.helsinki)) {
      $0.selectedCityID = City.helsinki.id
    }
    await store.receive(\.conditionsResponse.failure) {
      $0.errorMessage = "The weather there could not be loaded."
      $0.selectedCityID = nil
    }
  }
}
