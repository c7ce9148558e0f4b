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

  /// A publisher effect whose publisher sends from another thread while a send is being
  /// reduced: the action is reduced on the main actor, after that send, as TCA's store receives
  /// publisher effects on the main thread; and the sending thread is not held up meanwhile (the
  /// store holds no lock while it reduces that another thread would wait on).
  @Test func aPublisherSendingFromAnotherThreadMidSendIsReducedOnTheMainActorAfterIt() async {
    let recorder = MidSendPublisher()
    let store = Store(initialState: Log()) { recorder }
    let task = store.send(.start)
    #expect(store.state.actions == [.start, .slow])
    await task.finish()
    #expect(store.state.actions == [.start, .slow, .response])
    #expect(recorder.reducedOffMain.withLock { $0 } == [])
    #expect(recorder.otherThreadWasHeldUp.withLock { $0 } == false)
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

/// A reducer, not isolated to the main actor (a closure written in the `@MainActor` suite would
/// be, and trap off it rather than fail), whose `.start` subscribes to a subject and whose `.slow`
/// has another thread send to that subject while it waits.
private final class MidSendPublisher: Reducer, Sendable {
  typealias State = SendOrderTests.Log
  typealias Action = SendOrderTests.Action

  let subject = ActionSubject()
  /// The actions reduced off the main actor.
  let reducedOffMain = Mutex<[Action]>([])
  /// Whether the other thread's send did not return while `.slow` waited for it.
  let otherThreadWasHeldUp = Mutex<Bool?>(nil)

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    if !MainQueueMarker.isCurrent { reducedOffMain.withLock { $0.append(action) } }
    state.actions.append(action)
    switch action {
    case .start:
      let subject = self.subject
      return .merge(.publisher { subject.subject }, .send(.slow))
    case .slow:
      let sent = DispatchSemaphore(value: 0)
      let subject = self.subject
      Thread.detachNewThread {
        subject.subject.send(.response)
        sent.signal()
      }
      let heldUp = sent.wait(timeout: .now() + 10) == .timedOut
      otherThreadWasHeldUp.withLock { $0 = heldUp }
      return .none
    case .response:
      subject.subject.send(completion: .finished)
      return .none
    default:
      return .none
    }
  }
}

/// A subject captured by a `@Sendable` publisher effect.
///
/// `@unchecked Sendable`: OpenCombine's `PassthroughSubject` takes a lock around its state, so
/// sending to it from two threads is safe.
private struct ActionSubject: @unchecked Sendable {
  let subject = PassthroughSubject<SendOrderTests.Action, Never>()
}

/// Tells whether the caller runs on the main dispatch queue, which runs the main actor's jobs
/// (on Linux a worker thread may drain it, so `Thread.isMainThread` cannot tell).
private enum MainQueueMarker {
  private static let marker: Marker = {
    let marker = Marker()
    DispatchQueue.main.setSpecific(key: marker.key, value: true)
    return marker
  }()

  static var isCurrent: Bool { DispatchQueue.getSpecific(key: marker.key) == true }

  /// `@unchecked Sendable`: the key is an object compared by identity and never changed.
  private final class Marker: @unchecked Sendable {
    let key = DispatchSpecificKey<Bool>()
  }
}
