/// A read-only view of a shared value: swift-sharing's `@SharedReader`.
///
/// Reads what a ``Shared`` of the same key (or the `Shared` it was made from) holds, and sees
/// its changes; it cannot change the value.
///
/// ```swift
/// @SharedReader(.inMemory("count")) var count = 0
/// let reader = SharedReader($count)
/// ```
@dynamicMemberLookup
@propertyWrapper
public struct SharedReader<Value>: Sendable {
  let reference: any SharedReference<Value>

  init(reference: any SharedReference<Value>) {
    self.reference = reference
  }

  /// A reader of a value no one changes.
  public init(value: Value) where Value: Sendable {
    self.init(reference: SharedBox(value: value))
  }

  /// A reader of a value no one changes.
  public static func constant(_ value: Value) -> Self where Value: Sendable {
    Self(value: value)
  }

  /// A reader of `shared`'s value.
  public init(_ shared: Shared<Value>) {
    self.init(reference: shared.reference)
  }

  /// The reference `projectedValue` refers to.
  public init(projectedValue: SharedReader<Value>) {
    self = projectedValue
  }

  /// The value of `key`, or `wrappedValue` while the key holds none.
  ///
  /// ```swift
  /// @SharedReader(.inMemory("count")) var count = 0
  /// ```
  public init(wrappedValue: @autoclosure () -> Value, _ key: some SharedReaderKey<Value>) {
    self.init(reference: SharedRegistry.box(for: key, initialValue: wrappedValue))
  }

  /// The value of a key of an optional value, `nil` while the key holds none.
  public init<Wrapped>(_ key: some SharedReaderKey<Value>) where Value == Wrapped? {
    self.init(wrappedValue: nil, key)
  }

  /// The value of a key that knows its default (``SharedReaderKey/Default``).
  public init<Key: SharedReaderKey<Value>>(_ key: _SharedKeyDefault<Key>) {
    self.init(wrappedValue: key.defaultValue(), key)
  }

  /// The value of a key that knows its default, with another default for this declaration.
  public init<Key: SharedReaderKey<Value>>(
    wrappedValue: @autoclosure () -> Value, _ key: _SharedKeyDefault<Key>
  ) {
    self.init(reference: SharedRegistry.box(for: key, initialValue: wrappedValue))
  }

  /// The value `key` holds now; throws if it holds none or fails to load.
  public init(require key: some SharedReaderKey<Value>) async throws {
    self.init(reference: try await SharedRegistry.requiredBox(for: key))
  }

  /// The value.
  public var wrappedValue: Value { reference.read(expected: true) }

  /// The reader itself: `$count`.
  public var projectedValue: Self {
    get { self }
    set { self = newValue }
  }

  /// A reader of a part of the value.
  public subscript<Member>(
    dynamicMember keyPath: any KeyPath<Value, Member> & Sendable
  ) -> SharedReader<Member> {
    SharedReader<Member>(reference: reference.projection(keyPath))
  }

  /// A reader of the value of an optional shared value, or `nil` when it is `nil`.
  public init?(_ base: SharedReader<Value?>) {
    guard let reference = base.reference.unwrapped() else { return nil }
    self.init(reference: reference)
  }

  /// Loads the value again from the key.
  ///
  /// - Throws: The key's error, also kept in ``loadError``.
  public func load() async throws {
    try await reference.box.load()
  }

  /// Makes this reader refer to `key`'s value, loading it.
  ///
  /// - Throws: The key's error, also kept in ``loadError``.
  public mutating func load<Key: SharedReaderKey<Value>>(_ key: Key) async throws {
    let current = reference.read(expected: false)
    let isNew = SharedRegistry.existingBox(for: key) == nil
    let box = SharedRegistry.box(for: key, initialValue: { current })
    self = SharedReader(reference: box)
    if !isNew { try await box.load() } else if let error = box.loadError { throw error }
  }

  /// The error of the key's last load or change it yielded, `nil` after a good one.
  public var loadError: (any Error)? { reference.box.loadError }

  /// Whether the key is loading the value.
  public var isLoading: Bool { reference.box.isLoading }
}
