import Bearing
import IssueReporting
import Synchronization

/// The effects of one `TestStore` send (or receive), to wait for or cancel.
///
/// ```swift
/// let task = await store.send(.startTimer)
/// await clock.advance(by: .seconds(3))
/// await task.cancel()
/// ```
public struct TestStoreTask: Hashable, Sendable {
  private enum Work: Hashable, Sendable {
    case store(StoreTask)
    case task(Task<Void, Never>?)
  }

  private let work: Work
  private let timeout: Duration

  init(_ task: StoreTask, timeout: Duration) {
    self.work = .store(task)
    self.timeout = timeout
  }

  /// A test store task over a task of your own; `finish()` waits for it up to `timeout`.
  public init(rawValue: Task<Void, Never>?, timeout: Duration) {
    self.work = .task(rawValue)
    self.timeout = timeout
  }

  /// A test store task over a task of your own, its timeout in nanoseconds.
  public init(rawValue: Task<Void, Never>?, timeout nanoseconds: UInt64) {
    self.init(rawValue: rawValue, timeout: .nanoseconds(Int64(clamping: nanoseconds)))
  }

  /// A task that ends when the effects do.
  public var rawValue: Task<Void, Never>? {
    switch work {
    case .store(let task): Task { await task.finish() }
    case .task(let task): task
    }
  }

  /// Cancels the effects, and waits until they have ended.
  public func cancel() async {
    switch work {
    case .store(let task):
      task.cancel()
      await task.finish()
    case .task(let task):
      task?.cancel()
      await task?.value
    }
  }

  /// Whether the effects were cancelled.
  public var isCancelled: Bool {
    switch work {
    case .store(let task): task.isCancelled
    case .task(let task): task?.isCancelled ?? true
    }
  }

  /// Waits for the effects to end, and fails the test if they are still running after `timeout`
  /// (by default the store's timeout).
  public func finish(
    timeout duration: Duration? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let timeout = duration ?? self.timeout
    let finished = await Self.race(timeout: timeout) { [work] in
      switch work {
      case .store(let task): await task.finish()
      case .task(let task): await task?.value
      }
    }
    guard !finished else { return }
    reportIssue(
      TestStoreMessage.taskStillInFlight(after: timeout),
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Waits for the effects to end, its timeout in nanoseconds.
  public func finish(
    timeout nanoseconds: UInt64,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await finish(
      timeout: .nanoseconds(Int64(clamping: nanoseconds)),
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Whether `work` ends before `timeout` passes. Losing the race does not cancel `work`: the
  /// effects stay in flight, for the test's end to report.
  private static func race(
    timeout: Duration, _ work: @escaping @Sendable () async -> Void
  ) async -> Bool {
    let race = Race()
    return await withCheckedContinuation { continuation in
      race.begin(continuation)
      race.setTimer(
        Task {
          try? await Task.sleep(for: timeout)
          if !Task.isCancelled { race.settle(false) }
        })
      Task {
        await work()
        race.settle(true)
      }
    }
  }
}

/// The first of two outcomes, delivered once.
private final class Race: Sendable {
  private let state = Mutex<(CheckedContinuation<Bool, Never>?, Task<Void, Never>?)>((nil, nil))

  func begin(_ continuation: CheckedContinuation<Bool, Never>) {
    state.withLock { $0.0 = continuation }
  }

  func setTimer(_ timer: Task<Void, Never>) {
    let settled = state.withLock { state -> Bool in
      if state.0 == nil { return true }
      state.1 = timer
      return false
    }
    if settled { timer.cancel() }
  }

  func settle(_ value: Bool) {
    let (continuation, timer) = state.withLock { state in
      defer { state = (nil, nil) }
      return state
    }
    timer?.cancel()
    continuation?.resume(returning: value)
  }
}
