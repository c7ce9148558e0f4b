/// The MVVM face of a store: one value to render, one-shot effects, one entry point for events.
///
/// - ``send(_:)`` is the only input.
/// - View states arrive as an async stream (``viewStates()``) or through
///   ``subscribeToViewState(_:)``; each distinct state once, starting with the current one.
/// - View effects (present an alert, navigate) are delivered exactly once each, also to a
///   subscriber that attaches after the effect was produced.
///
/// A feature produces a view effect by sending the action case named by `viewEffect`:
///
/// ```swift
/// let viewModel = ViewModel(
///   initialState: Posts.State(), reducer: { Posts() },
///   viewState: PostsView.State.init, event: Posts.Action.view, viewEffect: \.viewEffect)
/// await viewModel.send(.deleteTapped(post.id))
/// ```
@MainActor
public final class ViewModel<
  ViewState: Equatable & Sendable, ViewEffect: Sendable, Event: Sendable
>:
  Sendable
{
  private let currentViewState: @MainActor () -> ViewState
  private let makeViewStates: @MainActor () -> AsyncStream<ViewState>
  private let sendEvent: @MainActor (Event) -> StoreTask
  nonisolated private let effects = Mailbox<ViewEffect>()

  /// Creates a view model that owns a store running `reducer`.
  public init<R: Reducer>(
    initialState: R.State,
    reducer: () -> R,
    viewState toViewState: @escaping @Sendable (R.State) -> ViewState,
    event toAction: @escaping @Sendable (Event) -> R.Action,
    viewEffect: CaseKeyPath<R.Action, ViewEffect>,
    withDependencies prepareDependencies: ((inout DependencyValues) -> Void)? = nil
  ) where R.State: Sendable, R.Action: CasePathable {
    let mailbox = effects
    let toViewEffect = AnyCasePath(viewEffect)
    let base = reducer()
    let store = Store(
      initialState: initialState,
      reducer: {
        Reduce<R.State, R.Action> { state, action in
          if let effect = toViewEffect.extract(from: action) { mailbox.post(effect) }
          return base.reduce(into: &state, action: action)
        }
      },
      withDependencies: prepareDependencies
    )
    self.currentViewState = { toViewState(store.state) }
    self.makeViewStates = {
      let states = store.allStates
      return AsyncStream { continuation in
        let task = Task {
          var last: ViewState?
          for await state in states {
            let viewState = toViewState(state)
            if viewState != last {
              last = viewState
              continuation.yield(viewState)
            }
          }
          continuation.finish()
        }
        continuation.onTermination = { _ in task.cancel() }
      }
    }
    self.sendEvent = { store.send(toAction($0)) }
  }

  /// The state to render now.
  public var viewState: ViewState { currentViewState() }

  /// Sends a user event; returns once the store has reduced it, with its effects started.
  ///
  /// - Returns: The effects started, to await or cancel.
  @discardableResult
  public func send(_ event: Event) async -> StoreTask {
    sendEvent(event)
  }

  /// Each distinct view state, starting with the current one.
  public func viewStates() -> AsyncStream<ViewState> { makeViewStates() }

  /// View effects, each delivered exactly once across all consumers, in the order produced.
  nonisolated public func viewEffects() -> AsyncStream<ViewEffect> {
    let effects = self.effects
    return AsyncStream { await effects.take() }
  }

  /// Calls `handler` with each distinct view state, starting with the current one, until the
  /// subscription is cancelled.
  public func subscribeToViewState(
    _ handler: @escaping @Sendable (ViewState) async -> Void
  ) -> Subscription {
    let states = viewStates()
    return Subscription(Task { for await state in states { await handler(state) } })
  }

  /// Calls `handler` with each view effect, exactly once each, until the subscription is
  /// cancelled. Effects produced before subscribing are delivered first.
  public func subscribeToViewEffects(
    _ handler: @escaping @Sendable (ViewEffect) async -> Void
  ) -> Subscription {
    let effects = viewEffects()
    return Subscription(Task { for await effect in effects { await handler(effect) } })
  }

  /// A running subscription; cancel it to stop receiving.
  public struct Subscription: Sendable {
    let task: Task<Void, Never>

    init(_ task: Task<Void, Never>) { self.task = task }

    /// Stops the subscription.
    public func cancel() { task.cancel() }
  }
}
