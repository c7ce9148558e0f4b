import Foundation
import IssueReporting
import Synchronization

/// Work a reducer asks the store to do after it has changed state: feed actions back, run async
/// work, cancel earlier work.
///
/// An effect is a value; the ``Store`` interprets it. Parts that need no waiting (``send(_:)``,
/// ``cancel(id:)``) happen before `send` returns; asynchronous parts run in their own tasks.
///
/// ```swift
/// case .refreshTapped:
///   state.isLoading = true
///   return .run { send in
///     await send(.response(Result { try await places.search(query) }))
///   }
///   .cancellable(id: CancelID.search, cancelInFlight: true)
/// ```
public struct Effect<Action> {
  @usableFromInline
  indirect enum Operation {
    case none
    case send(Action)
    case run(TaskPriority?, String?, @Sendable (Send<Action>) async -> Void)
    /// Subscribes now, when the effect starts (a publisher: values it sends synchronously
    /// reach the store at once, as TCA's do), and returns what waits for its end.
    /// `ended` is called once the subscription is over, at once where it ends (the store counts
    /// it as running until then).
    ///
    /// A publisher delivers its values on any thread: it hands each to `onMainActor`, which runs
    /// the job on the main actor, in order, where the value goes through `Send`.
    case subscribe(
      @Sendable (
        Send<Action>, _ onMainActor: @escaping MainActorHop,
        _ ended: @escaping @Sendable () -> Void
      ) -> @Sendable () async -> Void
    )
    case merge([Effect])
    case concatenate([Effect])
    case cancellable(id: AnyHashableSendable, cancelInFlight: Bool, Effect)
    case cancel(id: AnyHashableSendable)
    /// `window` opens a window now (on a clock or a scheduler) and says when it is over.
    case throttle(
      id: AnyHashableSendable, window: @Sendable () -> ThrottleWindow, latest: Bool, Effect)
    /// Runs `Effect`, then calls the closure once every task it started has ended.
    case onFinish(Effect, @Sendable () -> Void)
    /// Schedules, now, a call that starts `Effect` where and when it comes (a Combine
    /// scheduler's timer): what starts at once is sent on the firing thread, as a Combine delay
    /// would deliver it. The closure schedules the call it is given.
    case delay(@Sendable (_ fire: @escaping @Sendable () -> Void) -> Void, Effect)
  }

  @usableFromInline let operation: Operation

  /// Whether this effect does nothing.
  @inlinable
  var isNone: Bool {
    if case .none = operation { true } else { false }
  }

  @usableFromInline
  init(_ operation: Operation) {
    self.operation = operation
  }

  /// An effect that does nothing.
  @inlinable
  public static var none: Self { Self(.none) }

  /// An effect that feeds `action` straight back into the store, before `send` returns.
  ///
  /// Use it to share logic between actions; prefer calling a helper function when you can.
  public static func send(_ action: Action) -> Self { Self(.send(action)) }

  /// An effect that runs asynchronous work and may send any number of actions back.
  ///
  /// An error thrown by `operation` goes to `handler`. Without a handler it is reported as an
  /// issue (a test failure under test, a runtime warning otherwise): errors are never swallowed.
  /// Cancellation is not an error.
  ///
  /// The dependencies current where the effect is created (in the reducer, under any
  /// `.dependency(_:_:)` a parent applied) are the ones `operation` sees, wherever it runs. An
  /// action sent through `send` after `operation` has returned is reported: the effect escaped
  /// its `send`.
  ///
  /// ```swift
  /// .run { send in
  ///   for await action in await locationManager.delegate() { await send(.locationManager(action)) }
  /// }
  /// ```
  public static func run(
    priority: TaskPriority? = nil,
    name: String? = nil,
    operation: @escaping @Sendable (_ send: Send<Action>) async throws -> Void,
    catch handler: (@Sendable (_ error: any Error, _ send: Send<Action>) async -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Self {
    // The navigation place the effect was made in goes along, as its dependencies do, so that
    // `Task.cancel(id:)` inside it names the ids its reducer's `.cancellable(id:)` named.
    let navigation = NavigationScope.context.place
    return withEscapedDependencies { dependencies in
      Self(
        .run(priority, name) { send in
          await NavigationScope.at(navigation) {
            await dependencies.yield {
              let gate = SendGate()
              let guarded = Send<Action>(origin: send.origin) { action in
                guard !gate.isClosed else {
                  reportIssue(
                    RuntimeWarningMessage.sentFromCompletedEffect(
                      action: action, origin: send.origin?.value),
                    fileID: fileID, filePath: filePath, line: line, column: column
                  )
                  return
                }
                send.send(action)
              }
              defer { gate.close() }
              do {
                try await operation(guarded)
              } catch is CancellationError {
                return
              } catch {
                if Task.isCancelled { return }
                guard let handler else {
                  // Worded as The Composable Architecture words it: tests match it.
                  reportIssue(
                    """
                    An "Effect.run" returned from "\(fileID):\(line)" threw an unhandled error.

                    \(String(customDumping: error).indentedLines(by: 4))

                    All non-cancellation errors must be explicitly handled via the "catch" \
                    parameter on "Effect.run", or via a "do" block.
                    """,
                    fileID: fileID, filePath: filePath, line: line, column: column
                  )
                  return
                }
                await handler(error, guarded)
              }
            }
          }
        }
      )
    }
  }
}

/// Whether an effect's operation has returned, after which its `send` must not be used.
private final class SendGate: Sendable {
  private let closed = Atomic<Bool>(false)
  var isClosed: Bool { closed.load(ordering: .acquiring) }
  func close() { closed.store(true, ordering: .releasing) }
}

// An effect is Sendable whatever its `Action`, as TCA's `Effect<Action>: Sendable` is. Were it
// Sendable only for Sendable actions, Swift 6 (its inferred Sendable method references) could not
// infer `Action` in `Effect.merge(effects)` or `Effect.concatenate(effects)`: `Effect` has
// instance methods of those names, whose reference's type hangs on the unknown `Action` being
// Sendable, and the type checker gives up.
//
// Safety (`@unchecked`): an effect is immutable (one `let`). Everything it holds is Sendable
// (closures are `@Sendable`, ids `AnyHashableSendable`, nested effects the same) except the action
// of a `.send`. Bearing never mutates that action: it reads it only where it runs effects
// (`EffectRunner`, on the main actor, where the store reduces it) and in `map`, which hands it to the
// caller's `@Sendable` transform where `map` is called. Two readers of one immutable value do not
// race; a race would need a transform that mutates a shared, non-Sendable reference-type action
// from two isolation domains at once (the same contract TCA's effects have).
extension Effect: @unchecked Sendable {}
extension Effect.Operation: Sendable where Action: Sendable {}

/// Runs a job on the main actor, in order with the store's other work: how a publisher's value,
/// delivered on any thread, reaches the store.
@usableFromInline
typealias MainActorHop = @Sendable (_ job: @escaping @MainActor @Sendable () -> Void) -> Void

/// Sends actions from inside `Effect.run(priority:operation:catch:)`.
///
/// Actions sent after the effect is cancelled are dropped, so a cancelled effect never changes
/// state.
///
/// It sends on the main actor, where the store reduces: an action crosses from the effect's task
/// to the store as the argument of this main-actor call, so `Action` need not be `Sendable`
/// (an action made in the effect and handed over is checked by the compiler as sent).
///
/// ```swift
/// .run { send in await send(.tick) }
/// ```
public struct Send<Action>: Sendable {
  let send: @MainActor @Sendable (Action) -> Void
  /// The action whose reduce returned the effect, when a store started it: what a warning
  /// about the effect names (read on the main actor only).
  let origin: Carried<Any>?

  /// Wraps `send`, for tests and adapters that run an effect's operation themselves.
  public init(send: @escaping @MainActor @Sendable (Action) -> Void) {
    self.send = send
    self.origin = nil
  }

  init(origin: Carried<Any>?, send: @escaping @MainActor @Sendable (Action) -> Void) {
    self.send = send
    self.origin = origin
  }

  /// Sends `action` to the store unless the current task is cancelled.
  @MainActor
  public func callAsFunction(_ action: Action) async {
    guard !Task.isCancelled else { return }
    send(action)
  }
}

extension String {
  /// Every line indented by `spaces`, empty lines left empty.
  package func indentedLines(by spaces: Int) -> String {
    let prefix = String(repeating: " ", count: spaces)
    return split(separator: "\n", omittingEmptySubsequences: false)
      .map { $0.isEmpty ? "" : prefix + $0 }
      .joined(separator: "\n")
  }
}

/// One window of a throttled effect, opened at a moment of its clock or scheduler.
@usableFromInline
struct ThrottleWindow: Sendable {
  /// Whether the window has closed.
  let isOver: @Sendable () -> Bool
  /// Waits until the window closes.
  let sleepUntilOver: @Sendable () async throws -> Void
}

/// A value of a feature's type (an action, an effect holding actions), which need not be
/// `Sendable`, carried by the store's effect machinery between the main actor and the tasks and
/// threads that run effects.
///
/// `@unchecked Sendable`, and why no two threads touch a carried value's contents at once:
/// Bearing reads into a carried value (reduces it, maps it, compares it, describes it) only on
/// the main actor: the store's reducer, `Send` and what it calls, the runtime warnings. Off the
/// main actor the effect machinery only moves a carried value: stores it, passes it along, hands
/// it to a job for the main actor. Moving a value reads none of its contents (a reference that
/// moves only has its count changed, atomically). So the main actor is the only reader, as it is
/// with The Composable Architecture, whose store asks for no `Sendable` action either.
@usableFromInline
struct Carried<Value>: @unchecked Sendable {
  @usableFromInline let value: Value

  @usableFromInline
  init(_ value: Value) {
    self.value = value
  }
}
