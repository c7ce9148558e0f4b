import Synchronization

#if canImport(Combine)
  import Combine
#else
  import OpenCombine
#endif

/// What a ``Shared`` or ``SharedReader`` points at: the root storage of a value (a
/// ``SharedBox``), or a part of another reference's value (a ``SharedProjection``).
protocol SharedReference<Value>: AnyObject, Sendable {
  associatedtype Value

  /// The storage this reference reads and writes through.
  var box: any SharedStorage { get }
  /// The value now, or, while a test store's assertion runs, the value as the test expects it
  /// (the snapshot taken before the step changed it).
  func read(expected: Bool) -> Value
  /// Changes the value under the root's lock.
  func withLock<R, E: Error>(_ body: (inout Value) throws(E) -> R) throws(E) -> R
  /// The value now, then every new value.
  var publisher: AnyPublisher<Value, Never> { get }
}

/// A root reference, whatever its value's type: what the change tracker and key bookkeeping see.
protocol SharedStorage: AnyObject, Sendable {
  /// The value now, type-erased.
  var currentValue: any Sendable { get }
  /// The load state: an error from the last load, whether one is under way.
  var loadError: (any Error)? { get }
  var saveError: (any Error)? { get }
  var isLoading: Bool { get }
  /// Loads the value again from the key, if there is one.
  func load() async throws
  /// Saves the value through the key, if it is writable.
  func save() async throws
  /// A description of the key, for messages.
  var keyDescription: String? { get }
}

/// How a projection reaches its part of the parent's value. A value, not closures: a closure
/// using the parent type's conformances would capture its metatype, which need not be
/// `Sendable`.
protocol SharedAccessor<Parent, Value>: Sendable {
  associatedtype Parent
  associatedtype Value
  /// The part, or `nil` when it is gone (an element removed).
  func get(_ parent: Parent) -> Value?
  /// Replaces the part; called only while ``get(_:)`` finds it.
  func set(_ parent: inout Parent, _ value: Value)
}

/// A part of another reference's value.
final class SharedProjection<Accessor: SharedAccessor>: SharedReference {
  typealias Value = Accessor.Value

  let parent: any SharedReference<Accessor.Parent>
  let accessor: Accessor
  private let lock = Mutex(())
  /// The last value read, for a part that is gone (an element removed from its collection): a
  /// child that outlives its place keeps its last value rather than crash. Read and written
  /// only under `lock`, which makes it safe to share.
  nonisolated(unsafe) private var lastValue: Value

  init(parent: any SharedReference<Accessor.Parent>, accessor: Accessor, initialValue: Value) {
    self.parent = parent
    self.accessor = accessor
    self.lastValue = initialValue
  }

  var box: any SharedStorage { parent.box }

  var publisher: AnyPublisher<Value, Never> {
    parent.publisher.compactMap { [accessor] in accessor.get($0) }.eraseToAnyPublisher()
  }

  private var last: Value {
    get {
      var value: Value?
      lock.withLock { _ in value = lastValue }
      return value!
    }
    set { lock.withLock { _ in lastValue = newValue } }
  }

  func read(expected: Bool) -> Value {
    guard let value = accessor.get(parent.read(expected: expected)) else { return last }
    if !expected { last = value }
    return value
  }

  func withLock<R, E: Error>(_ body: (inout Value) throws(E) -> R) throws(E) -> R {
    let fallback = last
    let accessor = self.accessor
    return try parent.withLock { (parent: inout Accessor.Parent) throws(E) -> R in
      var value = accessor.get(parent) ?? fallback
      let result = try body(&value)
      // A part that is gone (`nil`) stays gone: the change applies to the last value only.
      if accessor.get(parent) != nil { accessor.set(&parent, value) }
      self.last = value
      return result
    }
  }
}

/// A part reached by a key path: `$settings.units`.
struct KeyPathAccessor<Parent, Value>: SharedAccessor {
  let keyPath: any KeyPath<Parent, Value> & Sendable

  func get(_ parent: Parent) -> Value? { parent[keyPath: keyPath] }
  func set(_ parent: inout Parent, _ value: Value) {
    guard let keyPath = keyPath as? WritableKeyPath<Parent, Value> else { return }
    parent[keyPath: keyPath] = value
  }
}

/// The value of an optional: `Shared($optional)`.
struct UnwrapAccessor<Value>: SharedAccessor {
  func get(_ parent: Value?) -> Value? { parent }
  func set(_ parent: inout Value?, _ value: Value) { parent = value }
}

/// An element by its offset from the start: a `Shared` collection's elements.
struct OffsetAccessor<Parent: MutableCollection & RandomAccessCollection>: SharedAccessor {
  let offset: Int

  func get(_ parent: Parent) -> Parent.Element? {
    parent.count > offset ? parent[parent.index(parent.startIndex, offsetBy: offset)] : nil
  }
  func set(_ parent: inout Parent, _ value: Parent.Element) {
    parent[parent.index(parent.startIndex, offsetBy: offset)] = value
  }
}

/// An element by its id: `$items.elements`.
struct IDAccessor<Parent: _SharedIdentifiedCollection>: SharedAccessor
where Parent._ID: Sendable {
  let id: Parent._ID

  func get(_ parent: Parent) -> Parent._Element? { parent[_sharedID: id] }
  func set(_ parent: inout Parent, _ value: Parent._Element) { parent[_sharedID: id] = value }
}
