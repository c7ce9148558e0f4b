import Synchronization

/// How many effects marked `.cancellable(id:)` are registered across every store of the process.
///
/// A test-support view under `@_spi(Internals)`, named as in The Composable Architecture, whose
/// test cases check after each test that no cancellable effect outlived its store:
///
/// ```swift
/// @_spi(Internals) import Bearing
///
/// _cancellationCancellables.withValue { XCTAssertEqual($0.count, 0) }
/// ```
@_spi(Internals)
public let _cancellationCancellables = CancellablesCount()

/// The count behind ``_cancellationCancellables``.
@_spi(Internals)
public final class CancellablesCount: Sendable {
  /// One registration of an identified effect: `+1` when it starts, `-1` when it ends or is
  /// cancelled, if it was counted since the last `removeAll()` (its epoch is the current one):
  /// an effect forgotten by `removeAll()` that ends later leaves the count as it is.
  private struct Tally {
    var count = 0
    var epoch = 0
  }

  private let tally = Mutex(Tally())

  init() {}

  /// Cancellable effects registered now, since the last `removeAll()`.
  public var count: Int { tally.withLock { $0.count } }

  /// Reads or resets the count: `$0.count`, `$0.removeAll()`.
  public func withValue<R>(_ body: (inout Contents) throws -> R) rethrows -> R {
    var contents = Contents(
      count: count, registry: CancellationRegistry.current ?? .shared)
    let result = try body(&contents)
    if contents.removed {
      tally.withLock { tally in
        tally.count = 0
        tally.epoch += 1
      }
    }
    return result
  }

  /// What ``withValue(_:)`` hands its closure.
  public struct Contents: Sendable {
    /// Cancellable effects registered now.
    public var count: Int
    /// The ids this task's `Task.cancel(id:)` reaches: its store's, or the process's outside
    /// any store.
    let registry: CancellationRegistry
    var removed = false

    /// Whether an effect or a `withTaskCancellation(id:)` scope is registered under `id` at
    /// `path` (`NavigationIDPath()`: the root) where `Task.cancel(id:)` from here would look.
    func exists(at id: some Hashable & Sendable, path: NavigationIDPath) -> Bool {
      registry.contains(id: AnyHashableSendable(_CancelID(id: id, navigationIDPath: path)))
    }

    /// Forgets the effects registered now: the count starts again from zero.
    public mutating func removeAll() {
      count = 0
      removed = true
    }
  }

  /// Counts a registration; returns the epoch to give back to ``removed(_:)``.
  func added() -> Int {
    tally.withLock { tally in
      tally.count += 1
      return tally.epoch
    }
  }

  /// Uncounts registrations made in the given epochs, those of the current one only.
  func removed(_ epochs: [Int]) {
    guard !epochs.isEmpty else { return }
    tally.withLock { tally in
      tally.count -= epochs.count { $0 == tally.epoch }
    }
  }
}

/// A log of store lifetimes and scopes, under `@_spi(Logging)` with The Composable
/// Architecture's name for it, so that test cases written against that SPI compile.
///
/// Bearing's stores write nothing to it: `logs` stays empty whether or not `isEnabled` is set.
@_spi(Logging)
public final class Logger: Sendable {
  /// The one log.
  public static let shared = Logger()

  private let state = Mutex<(isEnabled: Bool, logs: [String])>((false, []))

  /// Whether stores log (they do not: see the type's documentation).
  public var isEnabled: Bool {
    get { state.withLock { $0.isEnabled } }
    set { state.withLock { $0.isEnabled = newValue } }
  }

  /// What has been logged since the last `clear()`.
  public var logs: [String] { state.withLock { $0.logs } }

  /// Empties ``logs``.
  public func clear() { state.withLock { $0.logs.removeAll() } }
}

extension Effect where Action: Sendable {
  /// The actions the effect sends, run outside any store, until it ends or the iteration stops.
  ///
  /// Its `.cancellable(id:)` parts register with the process (so `Task.cancel(id:)` outside a
  /// store reaches them). Test support, under `@_spi(Internals)` as in The Composable
  /// Architecture.
  ///
  /// ```swift
  /// for await action in effect.actions { … }
  /// ```
  @_spi(Internals)
  public var actions: AsyncStream<Action> {
    AsyncStream { continuation in
      let inbox = MainActorInbox()
      let runner = EffectRunner<Action>(
        registry: .shared,
        send: { action, _ in continuation.yield(action) },
        hop: { group, job in inbox.run(pending: group, job) })
      let group = EffectGroup()
      // Started here, as the stream is made, not in a task of its own: cancellations (a
      // `cancelInFlight`, a debounce) happen before the caller's next step, as they do when a
      // store starts an effect.
      var started: [Task<Void, Never>] = []
      var actions: [Action] = []
      runner.start(self, group: group, tasks: &started, actions: &actions)
      for action in actions { continuation.yield(action) }
      let running = started
      let task = Task {
        await awaitAll(running)
        await group.finish()
        continuation.finish()
      }
      continuation.onTermination = { _ in
        task.cancel()
        group.cancel()
      }
    }
  }
}

extension Store {
  /// The effects of the store's root that are running now; `count` is what tests read.
  @_spi(Internals)
  public var effectCancellables: RunningEffects {
    RunningEffects(count: core.runningEffects)
  }

  /// Sends an action and returns a task that ends when its effects do, or `nil` when it started
  /// none: The Composable Architecture's `@_spi(Internals)` form of ``send(_:)``.
  ///
  /// ```swift
  /// let task: Task<Void, Never>? = store.send(.refresh)
  /// await task?.value
  /// ```
  @_spi(Internals)
  @_disfavoredOverload
  @discardableResult
  public func send(_ action: Action) -> Task<Void, Never>? {
    let task: StoreTask = send(action)
    guard !task.isFinished else { return nil }
    return Task {
      await withTaskCancellationHandler {
        await task.finish()
      } onCancel: {
        task.cancel()
      }
    }
  }
}

/// A count of running effects, for ``Store/effectCancellables``.
@_spi(Internals)
public struct RunningEffects: Sendable {
  /// How many are running.
  public let count: Int
  /// Whether none is.
  public var isEmpty: Bool { count == 0 }
}
