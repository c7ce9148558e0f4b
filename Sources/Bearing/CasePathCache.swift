import Synchronization

/// Type-erased case paths, made once per case key path.
///
/// Turning a `CaseKeyPath` into something that can extract and embed walks the key path through
/// CasePaths' dynamic member lookup and allocates on every call. A reducer's `body` is built anew
/// for every action, so ``Scope``, `ifLet` and `forEach` would pay that on every action at every
/// level; the cache makes it a dictionary lookup.
enum CasePathCache {
  /// A case key path as a dictionary key.
  ///
  /// Safety: a key path is an immutable object once formed, and only hashed and compared here.
  /// Case key paths are formed from `\.case` literals through CasePaths' dynamic member lookup,
  /// which captures no values, so there is no mutable or non-Sendable state to share.
  private struct Key: Hashable, @unchecked Sendable {
    let keyPath: AnyKeyPath
  }

  /// `AnyCasePath` is Sendable, so entries need no unchecked box.
  private static let storage = Mutex<[Key: any Sendable]>([:])

  static func casePath<Root, Value>(_ keyPath: CaseKeyPath<Root, Value>) -> AnyCasePath<Root, Value>
  {
    let key = Key(keyPath: keyPath)
    if let cached = storage.withLock({ $0[key] }) as? AnyCasePath<Root, Value> {
      return cached
    }
    let made = AnyCasePath(keyPath)
    storage.withLock { $0[key] = made }
    return made
  }
}
