import IssueReporting

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
  /// Where the child's state lives: a property, or a case of an enum.
  @usableFromInline
  enum StatePath {
    case keyPath(WritableKeyPath<ParentState, Child.State>)
    case casePath(AnyCasePath<ParentState, Child.State>, fileID: StaticString, line: UInt)
  }

  @usableFromInline let toChildState: StatePath
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

  /// Scopes to a child's state held in one case of an enum state: a child action that arrives
  /// while the state is in another case is reported.
  ///
  /// ```swift
  /// Scope(state: \.loggedIn, action: \.loggedIn) { LoggedIn() }
  /// ```
  public init<ChildState, ChildAction>(
    state toChildState: CaseKeyPath<ParentState, ChildState>,
    action toChildAction: CaseKeyPath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child,
    fileID: StaticString = #fileID,
    line: UInt = #line
  )
  where
    ParentState: CasePathable, ParentAction: CasePathable, ChildState == Child.State,
    ChildAction == Child.Action
  {
    self.toChildState = .casePath(AnyCasePath(toChildState), fileID: fileID, line: line)
    self.toChildAction = AnyCasePath(toChildAction)
    self.child = child()
  }

  /// `Scope(state:action:)` with the state path unlabeled: `Scope(\.child, action: \.child)`.
  @inlinable
  public init<ChildState, ChildAction>(
    _ toChildState: WritableKeyPath<ParentState, ChildState>,
    action toChildAction: KeyPath<
      ParentAction.AllCasePaths, AnyCasePath<ParentAction, ChildAction>
    >,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child
  ) where ParentAction: CasePathable, ChildState == Child.State, ChildAction == Child.Action {
    self.init(state: toChildState, action: toChildAction, child: child)
  }

  /// `Scope(state:action:)` with the state path unlabeled, its actions by case key path.
  @_disfavoredOverload
  public init<ChildState, ChildAction>(
    _ toChildState: WritableKeyPath<ParentState, ChildState>,
    action toChildAction: CaseKeyPath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child
  ) where ParentAction: CasePathable, ChildState == Child.State, ChildAction == Child.Action {
    self.init(state: toChildState, action: toChildAction, child: child)
  }

  /// `Scope(state:action:)` for an enum state's case, with the state path unlabeled.
  public init<ChildState, ChildAction>(
    _ toChildState: CaseKeyPath<ParentState, ChildState>,
    action toChildAction: CaseKeyPath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child,
    fileID: StaticString = #fileID,
    line: UInt = #line
  )
  where
    ParentState: CasePathable, ParentAction: CasePathable, ChildState == Child.State,
    ChildAction == Child.Action
  {
    self.init(
      state: toChildState, action: toChildAction, child: child, fileID: fileID, line: line)
  }

  @usableFromInline
  init(
    toChildState: WritableKeyPath<ParentState, Child.State>,
    toChildAction: AnyCasePath<ParentAction, Child.Action>,
    child: Child
  ) {
    self.toChildState = .keyPath(toChildState)
    self.toChildAction = toChildAction
    self.child = child
  }

  @inlinable
  public func reduce(into state: inout ParentState, action: ParentAction) -> Effect<ParentAction> {
    guard let childAction = toChildAction.extract(from: action) else { return .none }
    let effect: Effect<Child.Action>
    switch toChildState {
    case .keyPath(let keyPath):
      effect = child.reduce(into: &state[keyPath: keyPath], action: childAction)
    case .casePath(let casePath, let fileID, let line):
      guard var childState = casePath.extract(from: state) else {
        reportScopeMismatch(action: action, fileID: fileID, line: line)
        return .none
      }
      effect = child.reduce(into: &childState, action: childAction)
      state = casePath.embed(childState)
    }
    if case .none = effect.operation { return .none }
    let embed = toChildAction
    return effect.map { embed.embed($0) }
  }
}

@usableFromInline
func reportScopeMismatch<Action>(action: Action, fileID: StaticString, line: UInt) {
  reportIssue(
    """
    A "Scope" at "\(fileID):\(line)" received a child action when the state was in another case:

      \(String(customDumping: action))

    The parent probably changed the state's case while one of the child's effects was still \
    running.
    """
  )
}
