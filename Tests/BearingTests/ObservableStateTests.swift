import Bearing
import Foundation
import Observation
import Testing

/// `@ObservableState` observes a state property by property, as The Composable Architecture's
/// does: these tests read a part of a state inside `withObservationTracking` and check who is
/// told of which change.
@MainActor
@Suite struct ObservableStateTests {
  @ObservableState
  struct Row: Equatable, Identifiable {
    let id: Int
    var count = 0
    var title = ""
  }

  @ObservableState
  enum Destination: Equatable {
    case row(Row)
    case other(Row)
    case number(Int)
  }

  @ObservableState
  struct Screen: Equatable {
    var row = Row(id: 0)
    var rows: [Row] = []
    var identified: IdentifiedArrayOf<Row> = []
    var path = StackState<Row>()
    @Presents var destination: Destination?
    @Presents var sheet: Row?
    @ObservationStateIgnored var ignored = 0
  }

  /// Whether `read` was told of a change while `change` ran.
  func isTold(reading read: () -> Void, when change: () -> Void) -> Bool {
    let told = LockIsolated(false)
    withObservationTracking(read) { told.setValue(true) }
    change()
    return told.value
  }

  @Test func aPropertyIsObservedOnItsOwn() {
    var row = Row(id: 1)
    #expect(isTold(reading: { _ = row.count }, when: { row.count += 1 }))
    #expect(!isTold(reading: { _ = row.title }, when: { row.count += 1 }))
    #expect(isTold(reading: { _ = row.title }, when: { row.title = "A" }))
    #expect(row.count == 2)
  }

  @Test func aCopyIsObservedWithItsOriginal() {
    var row = Row(id: 1)
    let copy = row
    #expect(isTold(reading: { _ = copy.count }, when: { row.count = 5 }))
  }

  @Test func assigningAnIdentityEqualValueTellsNoOne() {
    var screen = Screen()
    #expect(!isTold(reading: { _ = screen.row.count }, when: { screen.row.count = 0 }))
    #expect(!isTold(reading: { _ = screen.row }, when: { screen.row = screen.row }))
    #expect(!isTold(reading: { _ = screen.rows }, when: { screen.rows = screen.rows }))
    #expect(isTold(reading: { _ = screen.row }, when: { screen.row = Row(id: 0) }))
  }

  @Test func anIgnoredPropertyTellsNoOne() {
    var screen = Screen()
    #expect(!isTold(reading: { _ = screen.ignored }, when: { screen.ignored += 1 }))
  }

  @Test func willModifyMakesAnAssignedCopySeen() {
    var screen = Screen(rows: [Row(id: 1)])
    var copy = screen.rows[0]
    copy.count += 1
    #expect(!isTold(reading: { _ = screen.rows }, when: { screen.rows[0] = copy }))
    #expect(isTold(reading: { _ = screen.rows }, when: { screen.rows[0]._$willModify() }))
  }

  @Test func aChildMutatedInPlaceTellsItsPropertysReadersOnly() {
    var screen = Screen()
    #expect(isTold(reading: { _ = screen.row.count }, when: { screen.row.count += 1 }))
    #expect(!isTold(reading: { _ = screen.row }, when: { screen.row.count += 1 }))
    let other = screen.row
    #expect(isTold(reading: { _ = screen.row }, when: { screen.row.replace(with: other) }))
  }

  @Test func collectionsTellOfElementsAddedNotOfElementsMutated() {
    var screen = Screen(
      rows: [Row(id: 1)], identified: [Row(id: 1)], path: StackState([Row(id: 1)]))
    #expect(isTold(reading: { _ = screen.rows }, when: { screen.rows.append(Row(id: 2)) }))
    #expect(!isTold(reading: { _ = screen.rows }, when: { screen.rows[0].count += 1 }))
    #expect(isTold(reading: { _ = screen.rows[0].count }, when: { screen.rows[0].count += 1 }))
    #expect(
      isTold(reading: { _ = screen.identified }, when: { screen.identified.append(Row(id: 2)) }))
    #expect(!isTold(reading: { _ = screen.identified }, when: { screen.identified[0].count += 1 }))
    #expect(
      isTold(reading: { _ = screen.identified[0].count }, when: { screen.identified[0].count += 1 })
    )
    #expect(isTold(reading: { _ = screen.path }, when: { screen.path.append(Row(id: 2)) }))
    let first = screen.path.ids[0]
    #expect(!isTold(reading: { _ = screen.path }, when: { screen.path[id: first]?.count += 1 }))
    #expect(
      isTold(reading: { _ = screen.path[0].count }, when: { screen.path[id: first]?.count += 1 }))
  }

  @Test func aPresentationTellsOfPresentingAndDismissingNotOfMutations() {
    var screen = Screen()
    #expect(isTold(reading: { _ = screen.sheet }, when: { screen.sheet = Row(id: 1) }))
    #expect(!isTold(reading: { _ = screen.sheet }, when: { screen.sheet?.count += 1 }))
    #expect(isTold(reading: { _ = screen.sheet?.count }, when: { screen.sheet?.count += 1 }))
    #expect(isTold(reading: { _ = screen.sheet }, when: { screen.sheet = nil }))
    #expect(isTold(reading: { _ = screen.destination }, when: { screen.destination = .number(1) }))
    let row = Row(id: 1)
    screen.destination = .row(row)
    #expect(isTold(reading: { _ = screen.destination }, when: { screen.destination = .other(row) }))
  }

  @Test func anEnumsIdentityIsItsCaseAndItsPayloads() {
    let row = Row(id: 1)
    var mutated = row
    mutated.count += 1
    #expect(Destination.row(row)._$id == Destination.row(mutated)._$id)
    #expect(Destination.row(row)._$id != Destination.other(row)._$id)
    #expect(Destination.number(1)._$id != Destination.number(1)._$id)
    var destination = Destination.row(row)
    destination._$willModify()
    #expect(destination._$id != Destination.row(row)._$id)
  }

  enum Action { case increment, rename, reset }

  @Test func aStoreTellsReadersOfWhatTheyRead() {
    let store = Store<Screen, Action>(initialState: Screen()) {
      Reduce { state, action in
        switch action {
        case .increment: state.row.count += 1
        case .rename: state.row.title += "!"
        case .reset: state = Screen()
        }
        return .none
      }
    }
    #expect(isTold(reading: { _ = store.row.count }, when: { store.send(.increment) }))
    #expect(!isTold(reading: { _ = store.row.count }, when: { store.send(.rename) }))
    #expect(!isTold(reading: { _ = store.state }, when: { store.send(.increment) }))
    #expect(isTold(reading: { _ = store.state }, when: { store.send(.reset) }))
    let row = store.scope(state: \.row, action: { $0 })
    #expect(isTold(reading: { _ = row.count }, when: { store.send(.increment) }))
  }

  @Test func aStoreOfAnEnumTellsOfAnotherCase() {
    let store = Store<Destination, Void>(initialState: .number(0)) {
      Reduce { state, _ in
        state = .row(Row(id: 1))
        return .none
      }
    }
    #expect(isTold(reading: { _ = store.state }, when: { store.send(()) }))
  }
}

extension ObservableStateTests.Row {
  mutating func replace(with other: Self) {
    self = other
  }
}
