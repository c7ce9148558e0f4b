import Synchronization

#if canImport(Combine)
  import Combine
#else
  import OpenCombine
#endif

extension Effect {
  /// An effect that sends every value a Combine publisher emits, until it completes.
  ///
  /// On Linux the publisher is OpenCombine's. The publisher is made when the effect starts, with
  /// the dependencies of the moment the effect was created; cancelling the effect cancels the
  /// subscription.
  ///
  /// ```swift
  /// return .publisher { timer.map { _ in .tick } }
  /// ```
  public static func publisher<P: Publisher>(
    _ createPublisher: @escaping @Sendable () -> P
  ) -> Self where P.Output == Action, P.Failure == Never {
    withEscapedDependencies { dependencies in
      Self(
        .subscribe { send, onMainActor, ended in
          // Subscribed when the effect starts, under the dependencies it was made with; the
          // task that follows only waits for the end (or cancels the subscription).
          let subscription = PublisherSubscription()
          let finished = FinishSignal()
          dependencies.yield {
            subscription.start(
              createPublisher(),
              send: { value in
                // Delivered on the publisher's thread: carried to the main actor, where the
                // store reduces it, in the order the publisher sent.
                let value = Carried(value)
                onMainActor { send.send(value.value) }
              },
              finished: {
                ended()
                finished.signal()
              })
          }
          return {
            await withTaskCancellationHandler {
              await finished.wait()
            } onCancel: {
              subscription.cancel()
            }
          }
        }
      )
    }
  }
}

/// One subscription of an effect to a publisher: cancelled once, completed once.
/// Signalled once; `wait()` returns once it has been, whether before or after the call.
private final class FinishSignal: Sendable {
  private let state = Mutex<(done: Bool, waiter: CheckedContinuation<Void, Never>?)>((false, nil))

  @Sendable func signal() {
    let waiter = state.withLock { state in
      state.done = true
      defer { state.waiter = nil }
      return state.waiter
    }
    waiter?.resume()
  }

  func wait() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let resumeNow = state.withLock { state in
        if state.done { return true }
        state.waiter = continuation
        return false
      }
      if resumeNow { continuation.resume() }
    }
  }
}

private final class PublisherSubscription: Sendable {
  private struct State {
    var cancellable: UncheckedCancellable?
    var finished: (@Sendable () -> Void)?
    var isCancelled = false
  }

  // The cancellable is only touched under the lock; AnyCancellable's cancel is thread-safe.
  private let state = Mutex<State>(State())

  func start<P: Publisher>(
    _ publisher: P, send: @escaping @Sendable (P.Output) -> Void,
    finished: @escaping @Sendable () -> Void
  ) where P.Failure == Never {
    let cancelledBeforeStart = state.withLock { state -> Bool in
      state.finished = finished
      return state.isCancelled
    }
    if cancelledBeforeStart {
      finish()
      return
    }
    let cancellable = UncheckedCancellable(
      publisher.sink(
        receiveCompletion: { [self] _ in finish() },
        receiveValue: { value in send(value) }))
    let cancelledMeanwhile = state.withLock { state -> Bool in
      if state.isCancelled { return true }
      state.cancellable = cancellable
      return false
    }
    if cancelledMeanwhile {
      cancellable.value.cancel()
      finish()
    }
  }

  func cancel() {
    let cancellable = state.withLock { state -> UncheckedCancellable? in
      state.isCancelled = true
      defer { state.cancellable = nil }
      return state.cancellable
    }
    cancellable?.value.cancel()
    if cancellable != nil { finish() }
  }

  private func finish() {
    let finished = state.withLock { state -> (@Sendable () -> Void)? in
      defer { state.finished = nil }
      return state.finished
    }
    finished?()
  }
}

/// A subscription's cancellable handed to a `@Sendable` closure that ends it.
///
/// `@unchecked Sendable` (OpenCombine's `AnyCancellable` is a class with no lock): it is made on
/// the thread that subscribes, then handed over only through the subscription's locked state,
/// and `cancel()` is called on it at most once, by the one thread that takes it out under that
/// lock (`cancel()`, or the start that finds itself cancelled meanwhile): no two threads ever
/// touch it at once. What it holds calls only `finish()` and `send`, which are safe anywhere.
struct UncheckedCancellable: @unchecked Sendable {
  let value: AnyCancellable

  init(_ value: AnyCancellable) {
    self.value = value
  }
}

/// An effect as a Combine publisher: the actions it sends, run outside any store as
/// ``Effect/actions`` runs them, then a completion when everything it started has ended.
/// Cancelling the subscription cancels the effect.
struct _EffectPublisher<Action: Sendable>: Publisher {
  typealias Output = Action
  typealias Failure = Never

  let effect: Effect<Action>

  init(_ effect: Effect<Action>) {
    self.effect = effect
  }

  func receive<S: Subscriber>(subscriber: S) where S.Input == Action, S.Failure == Never {
    let subject = PassthroughSubject<Action, Never>()
    let handle = TaskHandle()
    // Subscribed before the effect starts, so no action is sent before there is a subscriber.
    subject.handleEvents(receiveCancel: { handle.cancel() }).receive(subscriber: subscriber)
    // Safety: after the subscription above, only the one task below touches the subject, one
    // call at a time (each `send` returns before the next action is read); the subject guards
    // its own state against the subscriber's cancellation on another thread with its lock.
    let relay = UncheckedSendable(subject)
    let effect = self.effect
    handle.set(
      Task {
        for await action in effect.actions { relay.value.send(action) }
        relay.value.send(completion: .finished)
      })
  }
}
