import Dependencies
import Synchronization

/// Records shared values as they were before a test store's step changed them, so the step's
/// assertion can describe the change (`$0.$count.withLock { $0 = 1 }`).
///
/// A test store puts one in its dependencies: while its reducer and effects run, the first
/// `withLock` on each shared reference records the value before the change (a snapshot). While
/// the store checks a step (``assert(_:)``), reading or changing a reference with a snapshot acts
/// on the snapshot, and comparing two states compares each snapshot, the expected side, with
/// the reference's current value. The store then ``reset()``s it for the next step.
@_spi(Internals) public final class SharedChangeTracker: Sendable {
  private struct Entry: Sendable {
    let storage: any SharedStorage
    var snapshot: any Sendable
  }
  private let entries = Mutex<[ObjectIdentifier: Entry]>([:])

  /// Creates a tracker with no snapshots.
  public init() {}

  /// The tracker of the assertion that runs now, if any.
  @TaskLocal static var asserting: SharedChangeTracker?

  /// Whether some shared value changed since the last reset.
  public var hasChanges: Bool { entries.withLock { !$0.isEmpty } }

  /// Forgets every snapshot: the values as they are now are what the next step starts from.
  public func reset() { entries.withLock { $0.removeAll() } }

  /// Runs a test store's check: reads and changes of tracked references act on snapshots, and
  /// comparisons set snapshots against current values.
  public func assert<R>(_ operation: () throws -> R) rethrows -> R {
    try Self.$asserting.withValue(self, operation: operation)
  }

  func record<Value: Sendable>(_ box: SharedBox<Value>, value: @autoclosure () -> Value) {
    let id = ObjectIdentifier(box)
    entries.withLock { entries in
      if entries[id] == nil { entries[id] = Entry(storage: box, snapshot: value()) }
    }
  }

  func snapshot<Value: Sendable>(of box: SharedBox<Value>) -> Value? {
    // The entry first: cast straight from `(any Sendable)?`, a missing entry would become a
    // snapshot of `nil` when `Value` is itself an optional.
    entries.withLock { entries in
      guard let entry = entries[ObjectIdentifier(box)] else { return nil }
      return entry.snapshot as? Value
    }
  }

  /// Changes the snapshot of `box` (taking one of `current` if the step did not change it).
  func withSnapshot<Value: Sendable, R, E: Error>(
    of box: SharedBox<Value>, current: Value, _ body: (inout Value) throws(E) -> R
  ) throws(E) -> R {
    var value = snapshot(of: box) ?? current
    let result = try body(&value)
    entries.withLock { [value] in $0[ObjectIdentifier(box)] = Entry(storage: box, snapshot: value) }
    return result
  }
}

extension DependencyValues {
  /// The change tracker of the test store whose reducer or effect runs now (see
  /// ``SharedChangeTracker``); `nil` outside test stores.
  @_spi(Internals) public var _sharedChangeTracker: SharedChangeTracker? {
    get { self[SharedChangeTrackerKey.self] }
    set { self[SharedChangeTrackerKey.self] = newValue }
  }
}

private enum SharedChangeTrackerKey: DependencyKey {
  static let liveValue: SharedChangeTracker? = nil
  static let testValue: SharedChangeTracker? = nil
}
