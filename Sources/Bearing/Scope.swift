/// Runs a child reducer on part of the parent's state, for the child's actions.
///
/// The child's effects are turned back into parent actions.
///
/// ```swift
/// var body: some Reducer<State, Action> {
///   Scope(state: \.nearby, action: \.nearby) { Nearby() }
///   Reduce { state, action in … }
/// }
/// ```
public struct Scope<ParentState, ParentAction, Child: Reducer>: Reducer {
  @usableFromInline let toChildState: WritableKeyPath<ParentState, Child.State>
  @usableFromInline let toChildAction: AnyCasePath<ParentAction, Child.Action>
  @usableFromInline let child: Child

  /// Scopes to a child's state by key path and its actions by the `@CasePathable` case of that
  /// name: `Scope(state: \.child, action: \.child)`.
  ///
  /// Written this way, `\.child` names the case's entry in `Action.AllCasePaths`, a plain key
  /// path that the runtime makes once per process. The case key path form below is formed anew
  /// each time a `body` is built (once per action), which costs microseconds per level.
  @inlinable
  public init<ChildState, ChildAction>(
    state toChildState: WritableKeyPath<ParentState, ChildState>,
    action toChildAction: KeyPath<
      ParentAction.AllCasePaths, AnyCasePath<ParentAction, ChildAction>
    >,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child
  ) where ParentAction: CasePathable, ChildState == Child.State, ChildAction == Child.Action {
    self.init(
      toChildState: toChildState, toChildAction: ParentAction.allCasePaths[keyPath: toChildAction],
      child: child())
  }

  /// Scopes to a child's state by key path and its actions by case key path, such as a path
  /// through several cases (`\.detail.editor`) or one held in a variable.
  @_disfavoredOverload
  public init<ChildState, ChildAction>(
    state toChildState: WritableKeyPath<ParentState, ChildState>,
    action toChildAction: CaseKeyPath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child
  ) where ParentAction: CasePathable, ChildState == Child.State, ChildAction == Child.Action {
    self.init(
      toChildState: toChildState, toChildAction: AnyCasePath(toChildAction),
      child: child())
  }

  @usableFromInline
  init(
    toChildState: WritableKeyPath<ParentState, Child.State>,
    toChildAction: AnyCasePath<ParentAction, Child.Action>,
    child: Child
  ) {
    self.toChildState = toChildState
    self.toChildAction = toChildAction
    self.child = child
  }

  @inlinable
  public func reduce(into state: inout ParentState, action: ParentAction) -> Effect<ParentAction> {
    guard let childAction = toChildAction.extract(from: action) else { return .none }
    let effect = child.reduce(into: &state[keyPath: toChildState], action: childAction)
    if case .none = effect.operation { return .none }
    let embed = toChildAction
    return effect.map { embed.embed($0) }
  }
}
