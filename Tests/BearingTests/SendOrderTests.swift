import Bearing
import BearingTesting
import Foundation
import OpenCombine
import Synchronization
import Testing

/// The order in which a store reduces and publishes, as with The Composable Architecture's
/// main-actor store: actions fed back synchronously queue behind the ones already queued, an
/// effect's action never lands inside another send, and publishers deliver in subscription order
/// without holding up other threads.
@MainActor
@Suite
struct SendOrderTests {
  enum Action: Equatable, Sendable {
    case tap, first, second, fromFirst, start, slow, response
  }

  /// The actions a store reduced, in order.
  struct Log: Equatable, Sendable {
    var actions: [Action] = []
  }

  @Test func actionsFedBackSynchronouslyQueueBehindTheOnesAlreadyQueued() {
    let store = Store(initialState: Log()) {
      Reduce<Log, Action> { state, action in
        state.actions.append(action)
        switch action {
        case .tap: return .merge(.send(.first), .send(.second))
        case .first: return .send(.fromFirst)
        default: return .none
        }
      }
    }
    store.send(.tap)
    #expect(store.state.actions == [.tap, .first, .second, .fromFirst])
  }

  /// An action an effect sends while the send that started it is being reduced is reduced
  /// after that send's drain, never by the sender inside its `send`.
  @Test func anEffectsActionNeverLandsInsideTheSendThatStartedIt() async {
    // The sender's thread while it is inside `send`, and whether `.response` was reduced there.
    let sender = Mutex<pthread_t?>(nil)
    let reducedBySender = Mutex<Bool?>(nil)
    let store = Store(initialState: Log()) {
      Reduce<Log, Action> { state, action in
        state.actions.append(action)
        switch action {
        case .start:
          // `.slow` keeps the send busy long enough for the effect to send meanwhile.
          return .merge(.run { send in await send(.response) }, .send(.slow))
        case .slow:
          usleep(50_000)
          return .none
        case .response:
          let inside = sender.withLock { $0.map { pthread_equal($0, pthread_self()) != 0 } }
          reducedBySender.withLock { $0 = inside ?? false }
          return .none
        default:
          return .none
        }
      }
    }
    sender.withLock { $0 = pthread_self() }
    let task = store.send(.start)
    sender.withLock { $0 = nil }
    await task.finish()
    #expect(store.state.actions == [.start, .slow, .response])
    #expect(reducedBySender.withLock { $0 } == false)
  }

  /// The store lives on the main actor and an effect's `send` delivers there, as TCA's do: an
  /// effect's action is reduced only once the main actor is free, so code that reads the state
  /// right after the send, with no suspension in between, never sees it, however long it takes.
  @Test func anEffectsActionWaitsUntilTheSenderLeavesTheMainActor() async {
    let store = Store(initialState: Log()) {
      Reduce<Log, Action> { state, action in
        state.actions.append(action)
        return action == .start ? .run { send in await send(.response) } : .none
      }
    }
    let task = store.send(.start)
    // Long enough for the effect, on another thread, to have sent: it waits for the main actor.
    usleep(100_000)
    #expect(store.state.actions == [.start])
    await task.finish()
    #expect(store.state.actions == [.start, .response])
  }

  @Test func aViewStoresSubscribersReceiveInTheOrderTheySubscribed() {
    let store = Store<Int, Action>(initialState: 0) {
      Reduce<Int, Action> { state, _ in
        state += 1
        return .none
      }
    }
    let viewStore = ViewStore(store, observe: { $0 })
    let order = Mutex<[Int]>([])
    var cancellables: [AnyCancellable] = []
    for index in 0..<20 {
      cancellables.append(
        viewStore.publisher.sink { _ in order.withLock { $0.append(index) } })
    }
    #expect(order.withLock { $0 } == Array(0..<20))
    for _ in 1...3 {
      order.withLock { $0 = [] }
      viewStore.send(.tap)
      #expect(order.withLock { $0 } == Array(0..<20))
    }
    _ = cancellables
  }

  @Test func aViewStoresPublisherKeepsTheViewStore() {
    let store = Store<Int, Action>(initialState: 0) {
      Reduce<Int, Action> { state, _ in
        state += 1
        return .none
      }
    }
    let values = Mutex<[Int]>([])
    let cancellable = ViewStore(store, observe: { $0 }).publisher.sink { value in
      values.withLock { $0.append(value) }
    }
    store.send(.tap)
    #expect(values.withLock { $0 } == [0, 1])
    cancellable.cancel()
  }

  enum CancelID { case response }

  @Test func anEffectThatCancelsItsOwnIDSeesItselfCancelledAtOnce() async {
    // The waiting task that owns the registration may start after the effect's own task: the
    // cancellation must not wait for it. Repeated, as the race it guards against is one of
    // scheduling.
    for _ in 1...200 {
      let store = Store(initialState: Log()) {
        Reduce<Log, Action> { state, action in
          state.actions.append(action)
          guard action == .start else { return .none }
          return .run { send in
            Task.cancel(id: CancelID.response)
            try Task.checkCancellation()
            await send(.response)
          }
          .cancellable(id: CancelID.response)
        }
      }
      await store.send(.start).finish()
      #expect(store.state.actions == [.start])
    }
  }

  @Test func aSchedulerDebounceIsScheduledAsItStartsAndDeliversWithinTheAdvance() {
    // As a Combine delay: scheduled on the sending thread, so advancing the scheduler at once,
    // with no suspension in between, finds it, and what it sends arrives before the advance
    // returns. (A debounce that scheduled itself from a task of its own was not there yet.)
    let scheduler = DispatchQueue.test
    let store = Store(initialState: Log()) {
      Reduce<Log, Action> { state, action in
        state.actions.append(action)
        guard action == .start else { return .none }
        return .send(.response).debounce(id: CancelID.response, for: 1, scheduler: scheduler)
      }
    }
    store.send(.start)
    scheduler.advance(by: 0.5)
    store.send(.start)
    scheduler.advance(by: 0.5)
    #expect(store.state.actions == [.start, .start])
    scheduler.advance(by: 0.5)
    #expect(store.state.actions == [.start, .start, .response])
    scheduler.run()
    #expect(store.state.actions == [.start, .start, .response])
  }

  @Test func aFinishedSendsStateHasReachedItsViewStore() async {
    // An effect's action that waited for the send under way is reduced by a task of its own;
    // the send's task must not finish before that state is delivered. Repeated: it is a race.
    for _ in 1...200 {
      let store = Store(initialState: Log()) {
        Reduce<Log, Action> { state, action in
          state.actions.append(action)
          guard action == .start else { return .none }
          return .run { send in await send(.response) }
        }
      }
      let viewStore = ViewStore(store, observe: { $0 })
      await viewStore.send(.start).finish()
      #expect(viewStore.state.actions == [.start, .response])
    }
  }
}
