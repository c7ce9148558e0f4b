import Testing

@testable import Bearing

/// Two children of one type, and the same case scoped to either, for the case paths a `Scope`
/// resolves once per key path (`CasePathCache`).
private struct Pair {
  struct State: Equatable, Sendable {
    var first = Counter.State()
    var label = "between"
    var second = Counter.State()
  }

  @CasePathable
  enum Action: Equatable, Sendable {
    case first(Counter.Action)
    case second(Counter.Action)
  }

  /// One call site: the key path literals here are the same objects every time.
  static func firstScope() -> Scope<State, Action, Counter> {
    Scope(state: \.first, action: \.first) { Counter() }
  }

  /// The first child's actions, applied to the second child's state.
  static func crossedScope() -> Scope<State, Action, Counter> {
    Scope(state: \.second, action: \.first) { Counter() }
  }
}

/// A generic level, whose key path literals the runtime makes anew each time.
private struct Wrapped<Value: Equatable & Sendable>: Equatable, Sendable {
  var value: Value
  var counter = Counter.State()

  @CasePathable
  enum Action: Equatable, Sendable {
    case counter(Counter.Action)
  }

  static func scope() -> Scope<Self, Action, Counter> {
    Scope(state: \.counter, action: \.counter) { Counter() }
  }
}

@MainActor
@Suite struct CasePathCacheTests {
  @Test func aScopeRebuiltOnTheMainActorReusesWhatItResolved() {
    let first = Pair.firstScope()
    let again = Pair.firstScope()
    #expect(first.actions === again.actions)
    #expect(first.actions.offset >= 0)
  }

  @Test func theSameCaseScopedToAnotherChildKeepsItsOwnOffset() {
    let first = Pair.firstScope()
    let crossed = Pair.crossedScope()
    #expect(first.actions !== crossed.actions)
    #expect(first.actions.offset != crossed.actions.offset)

    var state = Pair.State()
    _ = first.reduce(into: &state, action: .first(.increment))
    _ = crossed.reduce(into: &state, action: .first(.increment))
    _ = crossed.reduce(into: &state, action: .first(.increment))
    // Built again, from the table: still each to its own child.
    _ = Pair.crossedScope().reduce(into: &state, action: .first(.increment))
    _ = Pair.firstScope().reduce(into: &state, action: .second(.increment))
    #expect(state.first.count == 1)
    #expect(state.second.count == 3)
    #expect(state.label == "between")
  }

  @Test func everyThreadKeepsItsOwnTable() async {
    // Any thread's lookups are kept, in that thread's table; a table is never shared, so the
    // scopes many threads build at once each reach the right child.
    let counts = await withTaskGroup(of: Bool.self) { group in
      for _ in 0..<8 {
        group.addTask {
          var state = Pair.State()
          var reused = true
          for _ in 0..<1_000 {
            let first = Pair.firstScope()
            reused = reused && first.actions === Pair.firstScope().actions
            _ = first.reduce(into: &state, action: .first(.increment))
            _ = Pair.crossedScope().reduce(into: &state, action: .first(.decrement))
          }
          return reused && state.first.count == 1_000 && state.second.count == -1_000
        }
      }
      var results: [Bool] = []
      for await result in group { results.append(result) }
      return results
    }
    #expect(counts == Array(repeating: true, count: 8))
  }

  @Test func keyPathsMadeAnewEveryTimeTakeSlotsAndStillScopeRight() {
    // More generic scopes than the table has slots: each build makes new key path objects,
    // which miss and replace what was there. Every one still reaches its own child.
    var state = Wrapped(value: 0)
    var text = Wrapped(value: "text")
    for _ in 0..<(CasePathCache.slotCount * 2) {
      _ = Wrapped<Int>.scope().reduce(into: &state, action: .counter(.increment))
      _ = Wrapped<String>.scope().reduce(into: &text, action: .counter(.decrement))
      _ = Pair.firstScope()
    }
    #expect(state.counter.count == CasePathCache.slotCount * 2)
    #expect(text.counter.count == -CasePathCache.slotCount * 2)
    let first = Pair.firstScope()
    var pair = Pair.State()
    _ = first.reduce(into: &pair, action: .first(.increment))
    #expect(pair.first.count == 1)
  }
}
