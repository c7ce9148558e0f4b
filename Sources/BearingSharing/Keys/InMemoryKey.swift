import Dependencies
import Synchronization

extension SharedReaderKey {
  /// A value kept in memory under `key`: one per key in the process, and, in tests, one per
  /// test (the ``Dependencies/DependencyValues/defaultInMemoryStorage`` dependency).
  ///
  /// ```swift
  /// @Shared(.inMemory("count")) var count = 0
  /// ```
  public static func inMemory<Value>(_ key: String) -> Self where Self == InMemoryKey<Value> {
    InMemoryKey(key)
  }
}

/// A key whose value lives in memory, in the ``InMemoryStorage`` current where it was made.
public struct InMemoryKey<Value: Sendable>: SharedKey {
  let key: String
  let storage: InMemoryStorage

  init(_ key: String) {
    @Dependency(\.defaultInMemoryStorage) var storage
    self.key = key
    self.storage = storage
  }

  /// The key's name in its storage: two keys of one name in one storage share a value.
  public struct ID: Hashable, Sendable {
    let key: String
    let storage: ObjectIdentifier
  }

  /// The key's name and the storage it was made in.
  public var id: ID { ID(key: key, storage: ObjectIdentifier(storage)) }

  /// Returns the stored value; with none, keeps the declared value (and stores it, on a first
  /// load).
  public func load(context: LoadContext<Value>, continuation: LoadContinuation<Value>) {
    if let value = storage.value(forKey: key, as: Value.self) {
      continuation.resume(returning: value)
    } else {
      if let initialValue = context.initialValue { storage.set(initialValue, forKey: key) }
      continuation.resumeReturningInitialValue()
    }
  }

  /// Nothing else changes memory storage, so the subscription never yields.
  public func subscribe(
    context: LoadContext<Value>, subscriber: SharedSubscriber<Value>
  ) -> SharedSubscription {
    SharedSubscription {}
  }

  /// Stores `value` under the key at once.
  public func save(_ value: Value, context: SaveContext, continuation: SaveContinuation) {
    storage.set(value, forKey: key)
    continuation.resume()
  }
}

extension InMemoryKey: CustomStringConvertible {
  /// `.inMemory("key")`, as the key was written.
  public var description: String { ".inMemory(\(String(reflecting: key)))" }
}

/// Where `.inMemory` keys keep their values: the live app has one, each test a fresh one.
public final class InMemoryStorage: Sendable {
  private let values = Mutex<[String: any Sendable]>([:])

  /// An empty storage.
  public init() {}

  func value<Value>(forKey key: String, as _: Value.Type) -> Value? {
    values.withLock { $0[key] as? Value }
  }

  func set<Value: Sendable>(_ value: Value, forKey key: String) {
    values.withLock { $0[key] = value }
  }
}

extension DependencyValues {
  /// The storage `.inMemory` keys use: one for the process, a fresh one in each test (as
  /// swift-dependencies starts each test with fresh test values).
  ///
  /// ```swift
  /// withDependencies { $0.defaultInMemoryStorage = InMemoryStorage() } operation: { … }
  /// ```
  public var defaultInMemoryStorage: InMemoryStorage {
    get { self[InMemoryStorageKey.self] }
    set { self[InMemoryStorageKey.self] = newValue }
  }
}

private enum InMemoryStorageKey: DependencyKey {
  static var liveValue: InMemoryStorage { InMemoryStorage() }
  static var testValue: InMemoryStorage { InMemoryStorage() }
}
