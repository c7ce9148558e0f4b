import Foundation
import Synchronization

/// A place a shared value is read from: memory, a file, the app's preferences.
///
/// The shape of swift-sharing 2.x's `SharedReaderKey`, so a TCA app's custom keys compile on
/// Linux unchanged. A key loads its value once (`load`) and tells its subscribers of every later
/// change made outside the program (`subscribe`).
public protocol SharedReaderKey<Value>: Sendable {
  /// The value the key holds.
  associatedtype Value: Sendable
  /// What makes two keys the same storage: two `@Shared` declared with keys of equal `id`
  /// share one value in the process.
  associatedtype ID: Hashable = Self

  /// The key's identity (see ``SharedReaderKey/ID``).
  var id: ID { get }

  /// Loads the value, and resumes `continuation` once: with a value, with an error, or with
  /// `resumeReturningInitialValue()` when the storage holds nothing yet.
  func load(context: LoadContext<Value>, continuation: LoadContinuation<Value>)

  /// Starts telling `subscriber` of changes made to the storage by someone else (another
  /// process, another key of the same storage); the subscription ends when the returned value
  /// is cancelled or released.
  func subscribe(
    context: LoadContext<Value>, subscriber: SharedSubscriber<Value>
  ) -> SharedSubscription
}

extension SharedReaderKey where ID == Self, Self: Hashable {
  /// The key itself: keys that are equal share one value.
  public var id: Self { self }
}

/// A key that can also be written: ``Shared`` saves through it after each change.
public protocol SharedKey<Value>: SharedReaderKey {
  /// Saves `value`, and resumes `continuation` once it is stored (or failed to be).
  func save(_ value: Value, context: SaveContext, continuation: SaveContinuation)
}

/// Why a key is asked to load.
public enum LoadContext<Value>: Sendable where Value: Sendable {
  /// The first load, when a `@Shared` is created; the value it was declared with comes along,
  /// to return when the storage holds nothing.
  case initialValue(Value)
  /// A load the user asked for, with `$value.load()`.
  case userInitiated

  /// The declared value of an `initialValue` load, `nil` otherwise.
  public var initialValue: Value? {
    guard case .initialValue(let value) = self else { return nil }
    return value
  }
}

/// Why a key is asked to save.
public enum SaveContext: Hashable, Sendable {
  /// After a change made with `withLock`.
  case didSet
  /// A save the user asked for, with `$value.save()`.
  case userInitiated
}

/// Receives the result of one ``SharedReaderKey/load(context:continuation:)``. Resume it once.
public struct LoadContinuation<Value>: Sendable where Value: Sendable {
  private let callback: @Sendable (Result<Value?, any Error>) -> Void
  /// Runs a decision where no change to the value can come between it and its result.
  private let deciding: @Sendable (() -> Result<Value?, any Error>) -> Void

  /// Makes a continuation that hands its result to `callback`; `nil` means "keep the initial
  /// value". Keys are given theirs; this is for tests of keys.
  public init(_ callback: @escaping @Sendable (Result<Value?, any Error>) -> Void) {
    self.callback = callback
    self.deciding = { decide in callback(decide()) }
  }

  /// A continuation whose `deciding` runs the decision while the value cannot change, and
  /// applies its result: a shared value's own.
  init(
    callback: @escaping @Sendable (Result<Value?, any Error>) -> Void,
    deciding: @escaping @Sendable (() -> Result<Value?, any Error>) -> Void
  ) {
    self.callback = callback
    self.deciding = deciding
  }

  /// Resumes with what `decide` returns, deciding while the value cannot change: no save of the
  /// value comes between the decision and the value's update.
  func resume(deciding decide: () -> Result<Value?, any Error>) { deciding(decide) }

  /// The storage holds `value`: the shared value becomes it.
  public func resume(returning value: Value) { callback(.success(value)) }
  /// The load failed: the value stays as it was, and `loadError` keeps `error`.
  public func resume(throwing error: any Error) { callback(.failure(error)) }
  /// The storage holds nothing: the value stays what it was declared with.
  public func resumeReturningInitialValue() { callback(.success(nil)) }
  /// Resumes with a value, `nil` for the initial value, or an error, as the three methods above.
  public func resume(with result: Result<Value?, any Error>) { callback(result) }
}

/// Receives the changes a key notices after loading.
public struct SharedSubscriber<Value>: Sendable where Value: Sendable {
  private let callback: @Sendable (Result<Value?, any Error>) -> Void
  private let onLoading: @Sendable (Bool) -> Void
  /// Runs a decision where no change to the value can come between it and its result.
  private let deciding: @Sendable (() -> Result<Value?, any Error>?) -> Void

  /// Makes a subscriber that hands each change to `callback` (`nil`: back to the initial
  /// value) and each loading state to `onLoading`. Keys are given theirs; this is for tests.
  public init(
    callback: @escaping @Sendable (Result<Value?, any Error>) -> Void,
    onLoading: @escaping @Sendable (Bool) -> Void = { _ in }
  ) {
    self.callback = callback
    self.onLoading = onLoading
    self.deciding = { decide in
      if let result = decide() { callback(result) }
    }
  }

  /// A subscriber whose `deciding` runs each decision while the value cannot change, and
  /// applies its result: a shared value's own.
  init(
    callback: @escaping @Sendable (Result<Value?, any Error>) -> Void,
    deciding: @escaping @Sendable (() -> Result<Value?, any Error>?) -> Void,
    onLoading: @escaping @Sendable (Bool) -> Void
  ) {
    self.callback = callback
    self.onLoading = onLoading
    self.deciding = deciding
  }

  /// Yields what `decide` returns, if anything, deciding while the value cannot change: no save
  /// of the value comes between the decision and the value's update.
  func yield(deciding decide: () -> Result<Value?, any Error>?) { deciding(decide) }

  /// The storage now holds `value`: the shared value becomes it.
  public func yield(_ value: Value) { callback(.success(value)) }
  /// The storage holds nothing any more (a deleted file): back to the declared value.
  public func yieldReturningInitialValue() { callback(.success(nil)) }
  /// Reading the change failed: the value stays as it was, and `loadError` keeps `error`.
  public func yield(throwing error: any Error) { callback(.failure(error)) }
  /// Yields a value, `nil` for the initial value, or an error, as the methods above.
  public func yield(with result: Result<Value?, any Error>) { callback(result) }
  /// Tells the shared value whether a load is under way (`$value.isLoading`).
  public func yieldLoading(_ isLoading: Bool = true) { onLoading(isLoading) }
}

/// Receives the end of one ``SharedKey/save(_:context:continuation:)``. Resume it once.
public struct SaveContinuation: Sendable {
  private let callback: @Sendable (Result<Void, any Error>) -> Void

  /// Makes a continuation that hands its result to `callback`. For tests of keys.
  public init(_ callback: @escaping @Sendable (Result<Void, any Error>) -> Void) {
    self.callback = callback
  }

  /// The value is stored: clears the shared value's `saveError`.
  public func resume() { callback(.success(())) }
  /// The save failed: the shared value's `saveError` keeps `error`.
  public func resume(throwing error: any Error) { callback(.failure(error)) }
  /// Resumes with success or an error, as the two methods above.
  public func resume(with result: Result<Void, any Error>) { callback(result) }
}

/// A key's subscription to its storage: cancelled by `cancel()` or when the last copy goes.
public final class SharedSubscription: Sendable {
  private let onCancel: Mutex<(@Sendable () -> Void)?>

  /// Makes a subscription that runs `cancel` once, on `cancel()` or when it is released.
  public init(_ cancel: @escaping @Sendable () -> Void) {
    onCancel = Mutex(cancel)
  }

  /// Ends the subscription; calls after the first do nothing.
  public func cancel() {
    let cancel = onCancel.withLock { cancel in
      defer { cancel = nil }
      return cancel
    }
    cancel?()
  }

  deinit { cancel() }
}
