import Bearing
import OpenCombine
import Testing

/// `Store.ifLet(then:else:)`: a child store each time optional state appears, `else` each time
/// it goes.
@MainActor
@Suite struct StoreIfLetTests {
  @Test func unwrapsEachTimeTheStateAppearsAndCallsElseWhenItGoes() {
    let store = Store(initialState: Int?.none) {
      Reduce<Int?, Int?> { state, action in
        state = action
        return .none
      }
    }
    var events: [String] = []
    var children: [Store<Int, Int?>] = []
    let cancellable = store.ifLet(
      then: { child in
        children.append(child)
        events.append("then \(child.state)")
      },
      else: { events.append("else") })
    store.send(1)
    store.send(2)
    // The child store follows the state while it lasts and keeps its last value after.
    #expect(children.first?.state == 2)
    store.send(nil)
    #expect(children.first?.state == 2)
    store.send(3)
    #expect(events == ["else", "then 1", "else", "then 3"])
    #expect(children.count == 2)
    cancellable.cancel()
    store.send(nil)
    #expect(events.count == 4)
  }
}
