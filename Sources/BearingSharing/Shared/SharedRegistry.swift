import IssueReporting
import Synchronization

/// The process's shared references by key: every `@Shared` declared with keys of one id (and
/// one value type) refers to one ``SharedBox``, for as long as one of them exists.
///
/// Boxes are held weakly: when the last `Shared` of a key goes, its box goes too (its
/// subscription to the key ends), and the next `@Shared` of that key loads afresh.
enum SharedRegistry {
  struct Key: Hashable {
    let id: AnyHashable
    let valueType: ObjectIdentifier
  }

  private struct Entry: Sendable {
    weak let box: (any SharedStorage)?
  }

  private static let boxes = Mutex<[Key: Entry]>([:])

  // Made inside the registry's lock from the (`Sendable`) key, so that the id, of a type not
  // known to be `Sendable`, is a fresh value the registry alone holds.
  private static func key<Value>(_ key: some SharedReaderKey<Value>) -> Key {
    Key(id: AnyHashable(key.id), valueType: ObjectIdentifier(Value.self))
  }

  /// The box of `key` if a `Shared` of it exists.
  static func existingBox<Value>(for key: some SharedReaderKey<Value>) -> SharedBox<Value>? {
    boxes.withLock { $0[Self.key(key)]?.box as? SharedBox<Value> }
  }

  /// The box of `key` for `init(require:)`: the one that exists, or a new one holding the value
  /// the key loads now; throws if it holds none or fails to load.
  static func requiredBox<Value>(
    for key: some SharedReaderKey<Value>
  ) async throws -> SharedBox<Value> {
    if let box = existingBox(for: key) { return box }
    let loaded: Value? = try await withCheckedThrowingContinuation { continuation in
      key.load(
        context: .userInitiated,
        continuation: LoadContinuation { continuation.resume(with: $0) })
    }
    guard let value = loaded else { throw SharedLoadError.noValue }
    return box(for: key, initialValue: { value })
  }

  /// The box of `key`: the one that exists, or a new one holding `initialValue`, which then
  /// loads from the key and subscribes to it.
  static func box<Value>(
    for key: some SharedReaderKey<Value>, initialValue: () -> Value
  ) -> SharedBox<Value> {
    if let box = existingBox(for: key) { return box }
    // The default is made outside the lock: it may declare a `@Shared` of its own.
    let made = SharedBox(initialValue: initialValue(), key: key)
    let (box, isNew) = boxes.withLock { boxes -> (SharedBox<Value>, Bool) in
      let registryKey = Self.key(key)
      if let box = boxes[registryKey]?.box as? SharedBox<Value> { return (box, false) }
      if let other = boxes.first(where: { $0.key.id == registryKey.id })?.value.box {
        // Legal, but two values under one name are rarely what was meant.
        let otherType = type(of: other.currentValue)
        reportIssue(
          "\(key) also holds a \(otherType) elsewhere; its \(Value.self) is kept apart from it.")
      }
      boxes[registryKey] = Entry(box: made)
      return (made, true)
    }
    // Outside the registry's lock: a key may load (and call back into the box) at once.
    if isNew { box.start() }
    return box
  }

  /// Forgets `key`'s entry once its box is gone (weak references read `nil` from the start of
  /// the box's deinit); a box made for the key since then stays.
  static func release<Value>(_ key: some SharedReaderKey<Value>) {
    boxes.withLock { boxes in
      let key = Self.key(key)
      if let entry = boxes[key], entry.box == nil { boxes[key] = nil }
    }
  }
}
