/// A value shared between features, and possibly kept in a storage (a key): swift-sharing's
/// `@Shared`.
///
/// Every `@Shared` declared with the same key refers to one value in the process; a change
/// made through one (``withLock(_:fileID:filePath:line:column:)``) is seen by all, and is saved
/// through the key. `Shared(value:)` makes a reference of its own, shared with whatever it is
/// handed to.
///
/// ```swift
/// @ObservableState
/// struct State: Equatable {
///   @Shared(.inMemory("count")) var count = 0
/// }
/// // In the reducer:
/// state.$count.withLock { $0 += 1 }
/// ```
///
/// In a `TestStore`, shared changes are asserted like any state change:
///
/// ```swift
/// await store.send(.incrementTapped) { $0.$count.withLock { $0 = 1 } }
/// ```
@dynamicMemberLookup
@propertyWrapper
public struct Shared<Value>: Sendable {
  let reference: any SharedReference<Value>

  init(reference: any SharedReference<Value>) {
    self.reference = reference
  }

  /// A reference of its own to `value`, kept by no key.
  ///
  /// ```swift
  /// @Shared(value: false) var isOn
  /// ```
  public init(value: Value) where Value: Sendable {
    self.init(reference: SharedBox(value: value))
  }

  /// The reference `projectedValue` refers to, so an initializer can take a `Shared`:
  /// `init(count: Shared<Int>) { _count = count }`.
  public init(projectedValue: Shared<Value>) {
    self = projectedValue
  }

  /// The value of `key`, or `wrappedValue` while the key holds none.
  ///
  /// ```swift
  /// @Shared(.inMemory("count")) var count = 0
  /// ```
  public init(wrappedValue: @autoclosure () -> Value, _ key: some SharedKey<Value>) {
    self.init(reference: SharedRegistry.box(for: key, initialValue: wrappedValue))
  }

  /// The value of a key of an optional value, `nil` while the key holds none.
  ///
  /// ```swift
  /// @Shared(.inMemory("user")) var user: User?
  /// ```
  public init<Wrapped>(_ key: some SharedKey<Value>) where Value == Wrapped? {
    self.init(wrappedValue: nil, key)
  }

  /// The value of a key that knows its default (``SharedReaderKey/Default``).
  ///
  /// ```swift
  /// @Shared(.count) var count
  /// ```
  public init<Key: SharedKey<Value>>(_ key: _SharedKeyDefault<Key>) {
    self.init(wrappedValue: key.defaultValue(), key)
  }

  /// The value of a key that knows its default, with another default for this declaration.
  public init<Key: SharedKey<Value>>(
    wrappedValue: @autoclosure () -> Value, _ key: _SharedKeyDefault<Key>
  ) {
    self.init(reference: SharedRegistry.box(for: key, initialValue: wrappedValue))
  }

  /// The value `key` holds now; throws if it holds none or fails to load.
  ///
  /// ```swift
  /// let settings = try await Shared(require: .inMemory("settings") as InMemoryKey<Settings>)
  /// ```
  public init(require key: some SharedKey<Value>) async throws {
    self.init(reference: try await SharedRegistry.requiredBox(for: key))
  }

  /// The value. Read-only: change it with ``withLock(_:fileID:filePath:line:column:)``, which
  /// changes it in one step under the reference's lock.
  public var wrappedValue: Value {
    get { reference.read(expected: true) }
    @available(
      *, unavailable,
      message: "Use '$shared.withLock' to modify a shared value with exclusive access."
    )
    nonmutating set { fatalError() }
  }

  /// The reference itself: `$count`.
  public var projectedValue: Self {
    get { self }
    set { self = newValue }
  }

  /// Changes the value in one step under the reference's lock, then saves it through the key.
  ///
  /// ```swift
  /// state.$count.withLock { $0 += 1 }
  /// ```
  @discardableResult
  public func withLock<R, E: Error>(
    _ operation: (inout Value) throws(E) -> R,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) throws(E) -> R {
    try reference.withLock(operation)
  }

  /// A `Shared` of a part of the value: `$settings.units`.
  public subscript<Member>(
    dynamicMember keyPath: any WritableKeyPath<Value, Member> & Sendable
  ) -> Shared<Member> {
    Shared<Member>(reference: reference.projection(keyPath))
  }

  /// A `Shared` of the value of an optional shared value, or `nil` when it is `nil`.
  ///
  /// ```swift
  /// if let user = Shared($user) { … }
  /// ```
  public init?(_ base: Shared<Value?>) {
    guard let reference = base.reference.unwrapped() else { return nil }
    self.init(reference: reference)
  }

  /// Loads the value again from the key (a no-op for `Shared(value:)`).
  ///
  /// - Throws: The key's error; the value stays as it was, and ``loadError`` keeps the error.
  public func load() async throws {
    try await reference.box.load()
  }

  /// Makes this `Shared` refer to `key`'s value, loading it.
  ///
  /// - Throws: The key's error, also kept in ``loadError``.
  public mutating func load<Key: SharedKey<Value>>(_ key: Key) async throws {
    let current = reference.read(expected: false)
    let isNew = SharedRegistry.existingBox(for: key) == nil
    let box = SharedRegistry.box(for: key, initialValue: { current })
    self = Shared(reference: box)
    if !isNew { try await box.load() } else if let error = box.loadError { throw error }
  }

  /// Saves the value through the key now.
  ///
  /// - Throws: The key's error, also kept in ``saveError``.
  public func save() async throws {
    try await reference.box.save()
  }

  /// The error of the key's last load or change it yielded, `nil` after a good one.
  public var loadError: (any Error)? { reference.box.loadError }

  /// The error of the last save through the key, `nil` after a good one.
  public var saveError: (any Error)? { reference.box.saveError }

  /// Whether the key is loading the value.
  public var isLoading: Bool { reference.box.isLoading }

  /// A read-only view of this reference.
  public var reader: SharedReader<Value> { SharedReader(reference: reference) }
}

/// Why `Shared(require:)` made no reference.
public enum SharedLoadError: Error, Sendable, Equatable {
  /// The key holds no value.
  case noValue
}

extension SharedReference {
  func projection<Member>(
    _ keyPath: any KeyPath<Value, Member> & Sendable
  ) -> SharedProjection<KeyPathAccessor<Value, Member>> {
    SharedProjection(
      parent: self, accessor: KeyPathAccessor(keyPath: keyPath),
      initialValue: read(expected: false)[keyPath: keyPath])
  }

  func unwrapped<Wrapped>() -> SharedProjection<UnwrapAccessor<Wrapped>>?
  where Value == Wrapped? {
    guard let value = read(expected: false) else { return nil }
    return SharedProjection(parent: self, accessor: UnwrapAccessor(), initialValue: value)
  }
}
