#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The case paths, and child-state offsets, that reducers built in a `body` resolve from key
/// paths, kept so that rebuilding a `body` for every action costs no allocation.
///
/// `Action.allCasePaths[keyPath: \.child]` makes a new ``AnyCasePath`` each time (CasePaths'
/// generated getter boxes the case's embed function: one allocation), and a `Scope`,
/// `ifLet` or `forEach` is made anew every time its parent's `body` is built, once per action.
/// A key path literal in a non-generic context is made once per process, so the same object
/// comes back for every build: the case path resolved from it is kept here, under the key
/// path's identity, and reused.
///
/// **A table per thread, no lock.** Each thread has its own slots (a POSIX thread-specific
/// value, freed with the thread), so no two threads ever touch the same table: a store's
/// reducer runs on the main actor, whose jobs Linux's dispatch may run on one worker thread or
/// another, and each of those warms its own.
///
/// **Identity is safe.** An entry holds its key paths strongly, so no key path it names can be
/// freed and its address given to another while the entry exists. A key path made anew on each
/// build (a literal in a generic type) misses, and takes the slot from what was there: the
/// table has a fixed number of slots, so it never grows. (Such a level costs one allocation
/// more than before, the entry, against the microseconds the runtime spends making its key
/// paths; see docs/internals-core.md, "Where a send's time goes".)
@usableFromInline
enum CasePathCache {
  @usableFromInline static let slotCount = 256

  /// The thread-specific key whose value is the calling thread's slots; its destructor releases
  /// them when the thread ends.
  @usableFromInline static let key: pthread_key_t = {
    var key = pthread_key_t()
    let created = pthread_key_create(&key) { slots in
      guard let slots else { return }
      let table = slots.assumingMemoryBound(to: CasePathCacheEntry?.self)
      table.deinitialize(count: CasePathCache.slotCount)
      table.deallocate()
    }
    precondition(created == 0, "pthread_key_create failed: \(created)")
    return key
  }()

  /// The calling thread's slots, made on its first lookup.
  @usableFromInline
  static func slots() -> UnsafeMutablePointer<CasePathCacheEntry?> {
    if let slots = pthread_getspecific(key) {
      return slots.assumingMemoryBound(to: CasePathCacheEntry?.self)
    }
    let slots = UnsafeMutablePointer<CasePathCacheEntry?>.allocate(capacity: slotCount)
    slots.initialize(repeating: nil, count: slotCount)
    pthread_setspecific(key, slots)
    return slots
  }

  /// The case path `keyPath` names in `Root.allCasePaths`.
  @inlinable
  static func casePath<Root: CasePathable, Value>(
    _ keyPath: KeyPath<Root.AllCasePaths, AnyCasePath<Root, Value>>
  ) -> AnyCasePath<Root, Value> {
    cached(keyPath, state: nil, offset: { -1 }) { Root.allCasePaths[keyPath: keyPath] }.casePath
  }

  /// The case path a case key path (`\.child.grandchild`, or one held in a variable) names.
  @inlinable
  static func casePath<Root, Value>(
    _ keyPath: CaseKeyPath<Root, Value>
  ) -> AnyCasePath<Root, Value> {
    cached(keyPath, state: nil, offset: { -1 }) { AnyCasePath(keyPath) }.casePath
  }

  /// The case path `keyPath` names in `Root.allCasePaths`, and where the child state that
  /// `statePath` names lies in its parent (`MemoryLayout.offset(of:)`, -1 when not stored):
  /// what a ``Scope`` holds.
  @inlinable
  static func scope<Root: CasePathable, Value, State, ChildState>(
    action keyPath: KeyPath<Root.AllCasePaths, AnyCasePath<Root, Value>>,
    state statePath: WritableKeyPath<State, ChildState>
  ) -> CasePathCacheTypedEntry<Root, Value> {
    cached(keyPath, state: statePath, offset: { MemoryLayout<State>.offset(of: statePath) ?? -1 }) {
      Root.allCasePaths[keyPath: keyPath]
    }
  }

  /// The same for a case key path (`\.child.grandchild`, or one held in a variable).
  @inlinable
  static func scope<Root, Value, State, ChildState>(
    action keyPath: CaseKeyPath<Root, Value>,
    state statePath: WritableKeyPath<State, ChildState>
  ) -> CasePathCacheTypedEntry<Root, Value> {
    cached(keyPath, state: statePath, offset: { MemoryLayout<State>.offset(of: statePath) ?? -1 }) {
      AnyCasePath(keyPath)
    }
  }

  /// The entry for `keyPath` (with `state`), made by `resolve` and `offset` on a miss.
  @inlinable
  static func cached<Root, Value>(
    _ keyPath: AnyKeyPath, state: AnyKeyPath?, offset: () -> Int,
    resolve: () -> AnyCasePath<Root, Value>
  ) -> CasePathCacheTypedEntry<Root, Value> {
    let slots = slots()
    let actionBits = UInt(bitPattern: ObjectIdentifier(keyPath))
    let stateBits = state.map { UInt(bitPattern: ObjectIdentifier($0)) } ?? 0
    // Objects are at least 16-byte aligned: the low bits say nothing.
    let index = Int(truncatingIfNeeded: (actionBits >> 4) &+ (stateBits >> 3)) & (slotCount - 1)
    if let found = slots[index], found.keyPath === keyPath, found.statePath === state {
      // The same key path object is always of the same type, so an entry made for it holds a
      // case path of these types.
      return unsafeDowncast(found, to: CasePathCacheTypedEntry<Root, Value>.self)
    }
    let made = CasePathCacheTypedEntry(
      keyPath: keyPath, statePath: state, casePath: resolve(), offset: offset())
    slots[index] = made
    return made
  }
}

/// What ``CasePathCache`` keeps for one key path: the key paths themselves (held, so that their
/// addresses stay theirs), and the child state's offset.
@usableFromInline
class CasePathCacheEntry {
  @usableFromInline let keyPath: AnyKeyPath?
  @usableFromInline let statePath: AnyKeyPath?
  @usableFromInline let offset: Int

  @usableFromInline
  init(keyPath: AnyKeyPath?, statePath: AnyKeyPath?, offset: Int) {
    self.keyPath = keyPath
    self.statePath = statePath
    self.offset = offset
  }
}

/// A ``CasePathCacheEntry`` with its case path: what a ``Scope`` holds, made once per key path.
@usableFromInline
final class CasePathCacheTypedEntry<Root, Value>: CasePathCacheEntry {
  @usableFromInline let casePath: AnyCasePath<Root, Value>

  @usableFromInline
  init(
    keyPath: AnyKeyPath?, statePath: AnyKeyPath?, casePath: AnyCasePath<Root, Value>, offset: Int
  ) {
    self.casePath = casePath
    super.init(keyPath: keyPath, statePath: statePath, offset: offset)
  }
}
