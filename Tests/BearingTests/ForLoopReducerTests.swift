import Bearing
import BearingTesting
import Testing

/// A reducer whose body makes one reducer per tag with a `for` loop.
struct OnePerTag: Reducer {
  enum Action: Equatable, Sendable {
    case tap
    case done(String)
  }

  let tags: [String]

  var body: some Reducer<[String], Action> {
    for tag in tags {
      Reduce { state, action in
        switch action {
        case .tap:
          state.append(tag)
          return .send(.done(tag))
        case .done(let done):
          if done == tag { state.append("done \(tag)") }
          return .none
        }
      }
    }
  }
}

@MainActor
@Suite struct ForLoopReducerTests {
  @Test func aForLoopRunsEachReducerInOrderAndMergesTheirEffects() async {
    let store = TestStore(initialState: [String]()) { OnePerTag(tags: ["a", "b", "c"]) }
    await store.send(.tap) { $0 = ["a", "b", "c"] }
    await store.receive(.done("a")) { $0.append("done a") }
    await store.receive(.done("b")) { $0.append("done b") }
    await store.receive(.done("c")) { $0.append("done c") }
  }
}
