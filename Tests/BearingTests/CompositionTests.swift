import Bearing
import BearingTesting
import Clocks
import Logging
import Testing

struct Parent: Reducer {
  struct State: Equatable, Sendable {
    var counter = Counter.State()
    var detail: Counter.State?
    var rows: IdentifiedArrayOf<Row.State> = []
  }

  @CasePathable
  enum Action: Equatable, Sendable {
    case counter(Counter.Action)
    case detail(Counter.Action)
    case rows(IdentifiedAction<Int, Counter.Action>)
    case presentDetail
    case dismissDetail
    case addRow(Int)
    case removeRow(Int)
  }

  struct Row: Reducer {
    struct State: Equatable, Identifiable, Sendable {
      var id: Int
      var counter = Counter.State()
    }

    func reduce(into state: inout State, action: Counter.Action) -> Effect<Counter.Action> {
      Counter().reduce(into: &state.counter, action: action)
    }
  }

  var body: some Reducer<State, Action> {
    Scope(state: \.counter, action: \.counter) { Counter() }
    Reduce { state, action in
      switch action {
      case .presentDetail: state.detail = Counter.State()
      case .dismissDetail: state.detail = nil
      case .addRow(let id): state.rows.append(Row.State(id: id))
      case .removeRow(let id): state.rows.remove(id: id)
      default: break
      }
      return .none
    }
    .ifLet(\.detail, action: \.detail) { Counter() }
    .forEach(\.rows, action: \.rows) { Row() }
  }
}

@MainActor
@Suite struct CompositionTests {
  @Test func scopeRoutesChildActions() async {
    let store = TestStore(initialState: Parent.State()) { Parent() }
    await store.send(.counter(.increment)) { $0.counter.count = 1 }
  }

  @Test func ifLetCancelsChildEffectsWhenDismissed() async {
    let clock = TestClock()
    let store = TestStore(initialState: Parent.State()) {
      Parent()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.presentDetail) { $0.detail = Counter.State() }
    await store.send(.detail(.startTicking))
    await clock.waitForSleepers()
    await clock.advance(by: .seconds(1))
    await store.receive(.detail(.tick)) { $0.detail?.count = 1 }
    // Dismissing the screen cancels its timer: the test ends with nothing running.
    await store.send(.dismissDetail) { $0.detail = nil }
    await store.finish()
  }

  @Test func forEachRoutesByIDAndCancelsRemovedElements() async {
    let clock = TestClock()
    let store = TestStore(initialState: Parent.State()) {
      Parent()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.addRow(7)) { $0.rows = [Parent.Row.State(id: 7)] }
    await store.send(.rows(.element(id: 7, action: .increment))) {
      $0.rows[id: 7]?.counter.count = 1
    }
    await store.send(.rows(.element(id: 7, action: .startTicking)))
    await store.send(.removeRow(7)) { $0.rows = [] }
    await store.finish()
  }

  @Test func scopedStoresReadAndSendAtAnyDepth() {
    let store = Store(initialState: Parent.State()) { Parent() }
    let child = store.scope(state: \.counter, action: \.counter)
    child.send(.increment)
    child.send(.increment)
    #expect(child.state.count == 2)
    #expect(store.state.counter.count == 2)
    let log = child.scope(state: \.log, action: { (entry: String) in .record(entry) })
    log.send("hello")
    #expect(log.state == ["hello"])
  }

  @Test func loggingReducerLogsActionAndDiff() {
    let lines = LockIsolated<[String]>([])
    var logger = Logger(label: "test") { _ in CapturingLogHandler(lines: lines) }
    logger.logLevel = .debug
    let store = Store(initialState: Counter.State()) {
      Counter().logging(to: logger, level: .debug)
    }
    store.send(.increment)
    let logged = lines.value.joined(separator: "\n")
    #expect(logged.contains("Counter.Action.increment"))
    #expect(logged.contains("-   count: 0"))
    #expect(logged.contains("+   count: 1"))
  }
}

struct CapturingLogHandler: LogHandler {
  let lines: LockIsolated<[String]>
  var logLevel: Logger.Level = .trace
  var metadata: Logger.Metadata = [:]

  subscript(metadataKey key: String) -> Logger.Metadata.Value? {
    get { metadata[key] }
    set { metadata[key] = newValue }
  }

  // swift-log 1.16's entry point; the flat log(level:message:…) it replaced is deprecated.
  func log(event: LogEvent) {
    lines.withValue { $0.append(event.message.description) }
  }
}
