import Bearing
import BearingTesting
import Testing

/// What a feature file that imports only the architecture, as TCA's features do, finds: Foundation
/// comes with `import Bearing` (this file imports nothing else of it), and a `@Reducer enum`
/// case whose value is not one feature (`case note(String, pinned: Bool)`) holds state with no
/// reducer of its own, as in TCA.
@MainActor
@Suite
struct ImportBearingOnlyTests {
  @Reducer
  struct Counter {
    @ObservableState
    struct State: Equatable {
      var id = UUID(0)
      var count = 0
      var createdAt = Date(timeIntervalSince1970: 0)
    }
    enum Action { case incrementTapped }
    var body: some ReducerOf<Self> {
      Reduce { state, _ in
        state.count += 1
        return .none
      }
    }
  }

  @Reducer
  enum Path {
    case counter(Counter)
    case note(String, pinned: Bool)
  }

  @Reducer
  struct Notes {
    @ObservableState
    struct State: Equatable {
      var path = StackState<Path.State>()
    }
    enum Action { case path(StackActionOf<Path>) }
    var body: some ReducerOf<Self> {
      EmptyReducer()
        .forEach(\.path, action: \.path)
    }
  }

  @Test func foundationComesWithTheImport() throws {
    let url = try #require(URL(string: "https://example.com/notes?id=1"))
    #expect(url.host == "example.com")
    #expect(IndexSet([1, 3]).count == 2)
    #expect(Counter.State().id.uuidString == "00000000-0000-0000-0000-000000000000")
  }

  @Test func aCaseOfSeveralValuesIsStateBesideTheFeatures() async {
    let store = TestStore(
      initialState: Notes.State(
        path: StackState([.note("Buy beans", pinned: true), .counter(Counter.State())]))
    ) { Notes() }
    await store.send(.path(.element(id: 1, action: .counter(.incrementTapped)))) {
      $0.path[id: 1] = .counter(Counter.State(count: 1))
    }
    #expect(store.state.path[id: 0] == .note("Buy beans", pinned: true))
  }
}

extension ImportBearingOnlyTests.Path.State: Equatable {}
