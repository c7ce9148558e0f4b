import Foundation
import Synchronization

/// Writes that a debounce holds back, finished when the process exits normally.
///
/// A file-stored value changed less than a debounce window before `exit` (or the return from
/// `main`) would otherwise be lost: an `atexit` handler writes what is pending. A process killed
/// by a signal it does not handle writes nothing more; the file keeps its last whole version.
enum PendingWrites {
  private static let flushes = Mutex<[ObjectIdentifier: @Sendable () -> Void]>([:])
  private static let installed: Bool = {
    atexit { PendingWrites.flushAll() }
    return true
  }()

  /// Remembers that `owner` has a write pending, finished by `flush` at exit.
  static func register(_ owner: AnyObject, flush: @escaping @Sendable () -> Void) {
    _ = installed
    flushes.withLock { $0[ObjectIdentifier(owner)] = flush }
  }

  /// Forgets `owner`'s pending write: it was written.
  static func unregister(_ owner: AnyObject) {
    _ = flushes.withLock { $0.removeValue(forKey: ObjectIdentifier(owner)) }
  }

  /// Writes everything pending now.
  static func flushAll() {
    let pending = flushes.withLock { flushes in
      defer { flushes = [:] }
      return Array(flushes.values)
    }
    for flush in pending { flush() }
  }
}
