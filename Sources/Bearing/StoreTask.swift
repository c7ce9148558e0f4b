/// The effects started by one ``Store/send(_:)``: await them or cancel them.
///
/// ```swift
/// await store.send(.refresh).finish()
/// ```
public struct StoreTask: Hashable, Sendable {
  @usableFromInline let rawValue: Task<Void, Never>?

  @usableFromInline
  init(rawValue: Task<Void, Never>?) {
    self.rawValue = rawValue
  }

  @inlinable
  init(tasks: [Task<Void, Never>]) {
    switch tasks.count {
    case 0: rawValue = nil
    case 1: rawValue = tasks[0]
    default:
      rawValue = Task {
        await withTaskCancellationHandler {
          for task in tasks { await task.value }
        } onCancel: {
          for task in tasks { task.cancel() }
        }
      }
    }
  }

  /// Cancels the effects.
  public func cancel() { rawValue?.cancel() }

  /// Waits until every effect has finished or been cancelled.
  public func finish() async { await rawValue?.value }

  /// Whether ``cancel()`` was called.
  public var isCancelled: Bool { rawValue?.isCancelled ?? true }
}
