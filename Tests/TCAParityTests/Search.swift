// Written as TCA 1.25's documentation shows; only the import differs.

import Bearing

@Reducer
struct Search {
  @ObservableState
  struct State: Equatable {
    var conditions: Conditions?
    var errorMessage: String?
    var query = ""
    var results: IdentifiedArrayOf<City> = []
    var selectedCityID: City.ID?
  }

  enum Action: BindableAction {
    case binding(BindingAction<State>)
    case cityTapped(City)
    case conditionsResponse(Result<Conditions, any Error>)
    case searchResponse(Result<[City], any Error>)
  }

  enum CancelID { case conditions, search }

  @Dependency(\.continuousClock) var clock
  @Dependency(\.weatherClient) var weatherClient

  var body: some ReducerOf<Self> {
    BindingReducer()
    Reduce { state, action in
      switch action {
      case .binding(\.query):
        guard !state.query.isEmpty else {
          state.conditions = nil
          state.errorMessage = nil
          state.results = []
          state.selectedCityID = nil
          return .merge(
            .cancel(id: CancelID.search),
            .cancel(id: CancelID.conditions)
          )
        }
        return .run { [query = state.query] send in
          try await clock.sleep(for: .milliseconds(300))
          await send(.searchResponse(Result { try await weatherClient.search(query) }))
        }
        .cancellable(id: CancelID.search, cancelInFlight: true)

      case .binding:
        return .none

      case let .cityTapped(city):
        state.conditions = nil
        state.selectedCityID = city.id
        return .run { send in
          await withTaskCancellation(id: CancelID.conditions, cancelInFlight: true) {
            let conditions = await Result { try await weatherClient.conditions(city.id) }
            await send(.conditionsResponse(conditions))
          }
        }

      case let .conditionsResponse(.success(conditions)):
        state.conditions = conditions
        return .none

      case .conditionsResponse(.failure):
        state.errorMessage = "The weather there could not be loaded."
        state.selectedCityID = nil
        return .none

      case let .searchResponse(.success(cities)):
        state.errorMessage = nil
        state.results = IdentifiedArray(uniqueElements: cities)
        return .none

      case .searchResponse(.failure):
        state.errorMessage = "Searching failed. Try again."
        state.results = []
        return .none
      }
    }
  }
}

struct City: Equatable, Identifiable, Sendable {
  let id: Int
  var country: String
  var name: String
}

struct Conditions: Equatable, Sendable {
  var summary: String
  var temperature: Double
}

@DependencyClient
struct WeatherClient {
  var conditions: @Sendable (City.ID) async throws -> Conditions
  var search: @Sendable (String) async throws -> [City]
}

extension WeatherClient: DependencyKey {
  static let liveValue = WeatherClient(
    conditions: { _ in
      // Stands in for a request to a weather service.
      try await Task.sleep(for: .milliseconds(150))
      return Conditions(summary: "Overcast", temperature: 11)
    },
    search: { query in
      try await Task.sleep(for: .milliseconds(150))
      let catalog = [
        City(id: 1, country: "Finland", name: "Helsinki"),
        City(id: 2, country: "Germany", name: "Hamburg"),
        City(id: 3, country: "Norway", name: "Oslo"),
      ]
      return catalog.filter { $0.name.lowercased().hasPrefix(query.lowercased()) }
    }
  )

  static let testValue = WeatherClient()
}

extension DependencyValues {
  var weatherClient: WeatherClient {
    get { self[WeatherClient.self] }
    set { self[WeatherClient.self] = newValue }
  }
}
