import Synchronization

/// Work registered under cancel ids, and every task a store started: what `.cancel(id:)`,
/// `Task.cancel(id:)` and a store going away cancel.
///
/// Each store's effects have one; code running outside any store's effect uses ``shared``.
final class CancellationRegistry: Sendable {
  /// Work registered under an id: how to cancel it, and the count's epoch it was counted in.
  private struct Identified {
    let cancel: @Sendable () -> Void
    let epoch: Int
  }

  private struct State {
    var nextKey = 0
    var byID: [AnyHashableSendable: [Int: Identified]] = [:]
    var all: [Int: @Sendable () -> Void] = [:]
    var isClosed = false
  }

  private let state = Mutex(State())

  /// For `withTaskCancellation(id:)` and `Task.cancel(id:)` outside any store's effect.
  static let shared = CancellationRegistry()

  /// The registry of the store whose effect is running in the current task.
  @TaskLocal static var current: CancellationRegistry?

  /// Registers `cancel` under `id` (or only among all work, with no id) and returns its key;
  /// `nil` when the registry is closed, in which case the caller must cancel at once.
  func register(id: AnyHashableSendable?, cancel: @escaping @Sendable () -> Void) -> Int? {
    state.withLock { state -> Int? in
      guard !state.isClosed else { return nil }
      let key = state.nextKey
      state.nextKey += 1
      if let id {
        state.byID[id, default: [:]][key] = Identified(
          cancel: cancel, epoch: _cancellationCancellables.added())
      } else {
        state.all[key] = cancel
      }
      return key
    }
  }

  func unregister(id: AnyHashableSendable?, key: Int) {
    state.withLock { state in
      guard let id else {
        state.all[key] = nil
        return
      }
      if let removed = state.byID[id]?.removeValue(forKey: key) {
        _cancellationCancellables.removed([removed.epoch])
      }
      if state.byID[id]?.isEmpty == true { state.byID[id] = nil }
    }
  }

  /// Whether anything is registered under `id` now.
  func contains(id: AnyHashableSendable) -> Bool {
    state.withLock { $0.byID[id] != nil }
  }

  /// Cancels everything registered under `id`.
  func cancel(id: AnyHashableSendable) {
    let cancels = state.withLock { $0.byID.removeValue(forKey: id) } ?? [:]
    _cancellationCancellables.removed(cancels.values.map(\.epoch))
    for identified in cancels.values { identified.cancel() }
  }

  /// Cancels everything, and everything registered from now on: the store is going away.
  func close() {
    let cancels = state.withLock { state in
      state.isClosed = true
      let identified = state.byID.values.flatMap(\.values)
      _cancellationCancellables.removed(identified.map(\.epoch))
      defer {
        state.byID = [:]
        state.all = [:]
      }
      return Array(state.all.values) + identified.map(\.cancel)
    }
    for cancel in cancels { cancel() }
  }
}

extension Task where Success == Never, Failure == Never {
  /// Cancels every effect and every `withTaskCancellation(id:cancelInFlight:operation:)`
  /// scope running under `id`, from inside an effect, as `.cancel(id:)` does from a reducer.
  ///
  /// ```swift
  /// return .run { _ in
  ///   Task.cancel(id: CancelID.timer)
  /// }
  /// ```
  public static func cancel(id: some Hashable & Sendable) {
    (CancellationRegistry.current ?? .shared).cancel(id: NavigationScope.cancelID(id))
  }
}

/// Runs `operation` so that `.cancel(id:)` or `Task.cancel(id:)` with `id` cancels it; with
/// `cancelInFlight`, first cancels any operation already running under `id`.
///
/// Inside an effect it shares the store's ids; elsewhere, a process-wide set.
///
/// ```swift
/// return .run { send in
///   await withTaskCancellation(id: CancelID.search, cancelInFlight: true) {
///     await send(.results(Result { try await api.search(query) }))
///   }
/// }
/// ```
public func withTaskCancellation<T: Sendable>(
  id: some Hashable & Sendable,
  cancelInFlight: Bool = false,
  operation: sending @escaping @isolated(any) () async -> T
) async -> T {
  let registration = CancellationRegistration(id: id, cancelInFlight: cancelInFlight)
  return await registration.run(Task(operation: operation)).get()
}

/// Runs a throwing `operation` so that `.cancel(id:)` or `Task.cancel(id:)` with `id` cancels
/// it; a cancelled operation throws `CancellationError` (or what it throws on cancellation).
public func withTaskCancellation<T: Sendable>(
  id: some Hashable & Sendable,
  cancelInFlight: Bool = false,
  operation: sending @escaping @isolated(any) () async throws -> T
) async throws -> T {
  let registration = CancellationRegistration(id: id, cancelInFlight: cancelInFlight)
  return try await registration.run(Task(operation: operation)).get()
}

/// An operation's place under a cancel id, made before its task starts: a `Task.cancel(id:)`
/// made as soon as the operation has begun must find it.
private struct CancellationRegistration {
  let registry: CancellationRegistry
  let id: AnyHashableSendable
  let handle = TaskHandle()
  let key: Int?

  init(id: some Hashable & Sendable, cancelInFlight: Bool) {
    registry = CancellationRegistry.current ?? .shared
    self.id = NavigationScope.cancelID(id)
    if cancelInFlight { registry.cancel(id: self.id) }
    let handle = handle
    key = registry.register(id: self.id) { handle.cancel() }
  }

  /// Waits for `task`, the operation started after this registration, and then unregisters it.
  func run<Success: Sendable, Failure: Error>(
    _ task: Task<Success, Failure>
  ) async -> Result<Success, Failure> {
    handle.set(task)
    if key == nil { task.cancel() }
    defer { if let key { registry.unregister(id: id, key: key) } }
    return await withTaskCancellationHandler {
      await task.result
    } onCancel: {
      task.cancel()
    }
  }
}
