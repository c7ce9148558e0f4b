// Written as TCA 1.25's documentation shows; only the import differs.

import Bearing

@Reducer
struct Counter {
  @ObservableState
  struct State: Equatable {
    var count = 0
    var fact: String?
    var isLoadingFact = false
    var isTimerRunning = false
  }

  enum Action {
    case decrementButtonTapped
    case factButtonTapped
    case factResponse(Result<String, any Error>)
    case incrementButtonTapped
    case timerTick
    case toggleTimerButtonTapped
  }

  enum CancelID { case timer }

  @Dependency(\.continuousClock) var clock
  @Dependency(\.numberFact) var numberFact

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .decrementButtonTapped:
        state.count -= 1
        state.fact = nil
        return .none

      case .factButtonTapped:
        state.fact = nil
        state.isLoadingFact = true
        return .run { [count = state.count] send in
          await send(.factResponse(Result { try await numberFact.fetch(count) }))
        }

      case let .factResponse(.success(fact)):
        state.fact = fact
        state.isLoadingFact = false
        return .none

      case .factResponse(.failure):
        state.isLoadingFact = false
        return .none

      case .incrementButtonTapped:
        state.count += 1
        state.fact = nil
        return .none

      case .timerTick:
        state.count += 1
        state.fact = nil
        return .none

      case .toggleTimerButtonTapped:
        state.isTimerRunning.toggle()
        if state.isTimerRunning {
          return .run { send in
            for await _ in clock.timer(interval: .seconds(1)) {
              await send(.timerTick)
            }
          }
          .cancellable(id: CancelID.timer)
        } else {
          return .cancel(id: CancelID.timer)
        }
      }
    }
  }
}

@DependencyClient
struct NumberFactClient {
  var fetch: @Sendable (Int) async throws -> String
}

extension NumberFactClient: DependencyKey {
  static let liveValue = NumberFactClient(
    fetch: { number in
      // Stands in for a request to a number-facts service.
      try await Task.sleep(for: .milliseconds(250))
      return number.isMultiple(of: 2)
        ? "\(number) is an even number."
        : "\(number) is an odd number."
    }
  )

  static let testValue = NumberFactClient()
}

extension DependencyValues {
  var numberFact: NumberFactClient {
    get { self[NumberFactClient.self] }
    set { self[NumberFactClient.self] = newValue }
  }
}
