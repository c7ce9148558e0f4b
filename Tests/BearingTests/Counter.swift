import Bearing

/// A small feature exercising every kind of effect, shared by the core's tests.
struct Counter: Reducer {
  struct State: Equatable, Sendable {
    var count = 0
    var log: [String] = []
  }

  @CasePathable
  enum Action: Equatable, Sendable {
    case increment
    case decrement
    case incrementLater
    case startTicking
    case stopTicking
    case tick
    case searchChanged(String)
    case searched(String)
    case record(String)
    case throwing
    case chain(Int)
  }

  enum CancelID { case ticking, search }

  @Dependency(\.continuousClock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .increment:
      state.count += 1
      return .none
    case .decrement:
      state.count -= 1
      return .none
    case .incrementLater:
      return .run { send in
        try await clock.sleep(for: .seconds(1))
        await send(.increment)
      }
    case .startTicking:
      return .run { send in
        for await _ in clock.timer(interval: .seconds(1)) { await send(.tick) }
      }
      .cancellable(id: CancelID.ticking, cancelInFlight: true)
    case .stopTicking:
      return .cancel(id: CancelID.ticking)
    case .tick:
      state.count += 1
      return .none
    case .searchChanged(let query):
      return .send(.searched(query))
        .debounce(id: CancelID.search, for: .milliseconds(300), clock: clock)
    case .searched(let query):
      state.log.append("searched \(query)")
      return .none
    case .record(let entry):
      state.log.append(entry)
      return .none
    case .throwing:
      struct Failure: Error {}
      return .run { _ in throw Failure() }
    case .chain(let n):
      state.log.append("chain \(n)")
      return n > 0 ? .send(.chain(n - 1)) : .none
    }
  }
}
