import Dependencies
import Foundation
import Synchronization

#if canImport(Combine)
  import Combine
#else
  import OpenCombine
#endif

/// The root storage of a shared value: the value under a lock, its key's load state, its
/// subscription to the key, and the subject its publishers read.
///
/// Every `@Shared` declared with keys of one id refers to one box (``SharedRegistry``); a
/// `Shared(value:)` has a box of its own.
final class SharedBox<Value: Sendable>: SharedReference, SharedStorage {
  struct State: Sendable {
    var value: Value
    var loadError: (any Error)?
    var saveError: (any Error)?
    var isLoading = false
  }

  let state: Mutex<State>
  /// The value declared with the `@Shared`, which a key's "nothing stored" brings back.
  let initialValue: Value
  let key: (any SharedReaderKey<Value>)?
  private let saver: (@Sendable (Value, SaveContext, SaveContinuation) -> Void)?
  private let subscription = Mutex<SharedSubscription?>(nil)
  /// Held from a change of the value until it is published and handed to the key's save, and
  /// while a change from the key's storage is decided and applied: changes reach subscribers and
  /// the key in the order they were made, and no save comes between a key's decision and its
  /// result. Recursive, so that a subscriber may change the value it is told of. The value's own
  /// lock (`state`) is never held while this one is taken.
  private let changes = NSRecursiveLock()
  /// Publishes every new value. Safe to share: OpenCombine's and Combine's subjects serialise
  /// `send` and subscription under a lock of their own, and the subject is never replaced.
  nonisolated(unsafe) let subject = PassthroughSubject<Value, Never>()

  init(value: Value) {
    state = Mutex(State(value: value))
    initialValue = value
    key = nil
    saver = nil
  }

  init(initialValue: Value, key: some SharedReaderKey<Value>) {
    state = Mutex(State(value: initialValue))
    self.initialValue = initialValue
    self.key = key
    if let key = key as? any SharedKey<Value> {
      saver = { value, context, continuation in
        key.save(value, context: context, continuation: continuation)
      }
    } else {
      saver = nil
    }
  }

  deinit {
    if let key { SharedRegistry.release(key) }
  }

  var box: any SharedStorage { self }
  var keyDescription: String? { key.map { String(describing: $0) } }

  var publisher: AnyPublisher<Value, Never> {
    subject.prepend(state.withLock { $0.value }).eraseToAnyPublisher()
  }

  var currentValue: any Sendable { state.withLock { $0.value } }
  var loadError: (any Error)? { state.withLock { $0.loadError } }
  var saveError: (any Error)? { state.withLock { $0.saveError } }
  var isLoading: Bool { state.withLock { $0.isLoading } }

  func read(expected: Bool) -> Value {
    if expected, let tracker = SharedChangeTracker.asserting,
      let snapshot: Value = tracker.snapshot(of: self)
    {
      return snapshot
    }
    return state.withLock { $0.value }
  }

  func withLock<R, E: Error>(_ body: (inout Value) throws(E) -> R) throws(E) -> R {
    if let tracker = SharedChangeTracker.asserting {
      return try tracker.withSnapshot(of: self, current: state.withLock { $0.value }, body)
    }
    changes.lock()
    defer { changes.unlock() }
    @Dependency(\._sharedChangeTracker) var tracker
    tracker?.record(self, value: state.withLock { $0.value })
    // The body runs on the caller's thread, inside this call: its result never leaves the
    // caller's context, so holding it in a variable the lock's closure writes is safe.
    nonisolated(unsafe) var result: R?
    let value = try state.withLock { (state: inout State) throws(E) -> Value in
      result = try body(&state.value)
      return state.value
    }
    didChange(to: value, context: .didSet)
    // `result` was set: `state.withLock` either ran the body or threw.
    return result!
  }

  /// Tells subscribers of a new value and saves it through the key. Called holding `changes`.
  private func didChange(to value: Value, context: SaveContext) {
    subject.send(value)
    guard let saver else { return }
    saver(
      value, context,
      SaveContinuation { [weak self] result in
        guard let self else { return }
        state.withLock { state in
          switch result {
          case .success: state.saveError = nil
          case .failure(let error): state.saveError = error
          }
        }
      })
  }

  /// Applies what the key loaded or yielded: a value, "nothing stored" (the declared value),
  /// or an error, which is kept in ``loadError`` and leaves the value as it was.
  func apply(_ result: Result<Value?, any Error>) {
    apply(deciding: { result })
  }

  /// Applies what `decide` returns, if anything, deciding while no other change can be made.
  func apply(deciding decide: () -> Result<Value?, any Error>?) {
    changes.lock()
    defer { changes.unlock() }
    let changed = state.withLock { state -> Value? in
      guard let result = decide() else { return nil }
      state.isLoading = false
      switch result {
      case .success(let value):
        state.loadError = nil
        state.value = value ?? initialValue
        return state.value
      case .failure(let error):
        state.loadError = error
        return nil
      }
    }
    if let changed { subject.send(changed) }
  }

  /// Loads the value from the key the first time and subscribes to its changes.
  func start() {
    guard let key else { return }
    state.withLock { $0.isLoading = true }
    let context = LoadContext<Value>.initialValue(initialValue)
    key.load(
      context: context,
      continuation: LoadContinuation(
        callback: { [weak self] in self?.apply($0) },
        deciding: { [weak self] decide in self?.apply(deciding: { decide() }) }))
    let subscription = key.subscribe(
      context: context,
      subscriber: SharedSubscriber(
        callback: { [weak self] in self?.apply($0) },
        deciding: { [weak self] decide in self?.apply(deciding: decide) },
        onLoading: { [weak self] isLoading in
          self?.state.withLock { $0.isLoading = isLoading }
        }))
    self.subscription.withLock { $0 = subscription }
  }

  func load() async throws {
    guard let key else { return }
    state.withLock { $0.isLoading = true }
    // Applied as the key decides it, where no change of the value comes between.
    let result = await withCheckedContinuation { continuation in
      key.load(
        context: .userInitiated,
        continuation: LoadContinuation(
          callback: { [self] result in
            apply(result)
            continuation.resume(returning: result)
          },
          deciding: { [self] decide in
            var result: Result<Value?, any Error> = .success(nil)
            apply(deciding: {
              result = decide()
              return result
            })
            continuation.resume(returning: result)
          }))
    }
    if case .failure(let error) = result { throw error }
  }

  func save() async throws {
    guard let saver else { return }
    let result = await withCheckedContinuation { continuation in
      // The value read and handed to the key with no change between: a later change is saved
      // after this one.
      changes.lock()
      defer { changes.unlock() }
      let value = state.withLock { $0.value }
      saver(value, .userInitiated, SaveContinuation { continuation.resume(returning: $0) })
    }
    state.withLock { state in
      if case .failure(let error) = result {
        state.saveError = error
      } else {
        state.saveError = nil
      }
    }
    try result.get()
  }
}
