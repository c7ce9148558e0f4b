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
        .run(nil, nil) { send in
          await dependencies.yield {
            let subscription = PublisherSubscription()
            await withTaskCancellationHandler {
              await withCheckedContinuation { (finished: CheckedContinuation<Void, Never>) in
                subscription.start(
                  createPublisher(), send: send.send, finished: { finished.resume() })
              }
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
/// `@unchecked Sendable`: the closure only calls `cancel()`, which Combine's cancellables make
/// safe to call from any thread and more than once.
struct UncheckedCancellable: @unchecked Sendable {
  let value: AnyCancellable

  init(_ value: AnyCancellable) {
    self.value = value
  }
}
