import Synchronization

/// Type-erased case paths, made once per case key path.
///
/// Turning a `CaseKeyPath` into something that can extract and embed walks the key path through
/// CasePaths' dynamic member lookup and allocates on every call. A reducer's `body` is built anew
/// for every action, so ``Scope``, `ifLet` and `forEach` would pay that on every action at every
/// level; the cache makes it a dictionary lookup.
enum CasePathCache {
  /// A key path and the case path made from it.
  ///
  /// Safety: key paths and `AnyCasePath` values are immutable once made; this box only moves them
  /// into and out of the cache, which is guarded by a mutex.
  private struct Entry: @unchecked Sendable {
    let casePath: Any
  }

  private struct Key: Hashable, @unchecked Sendable {
    let keyPath: AnyKeyPath
  }

  private static let storage = Mutex<[Key: Entry]>([:])

  static func casePath<Root, Value>(_ keyPath: CaseKeyPath<Root, Value>) -> AnyCasePath<Root, Value>
  {
    let key = Key(keyPath: keyPath)
    if let cached = storage.withLock({ $0[key] })?.casePath as? AnyCasePath<Root, Value> {
      return cached
    }
    let made = AnyCasePath(keyPath)
    storage.withLock { $0[key] = Entry(casePath: made) }
    return made
  }
}
