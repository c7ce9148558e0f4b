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
  @usableFromInline let toChildState: WritableKeyPath<ParentState, Child.State>
  /// The child's case path, and where the child's state lies inside the parent's when
  /// `toChildState` names stored properties only (`MemoryLayout.offset(of:)`; -1 otherwise).
  /// Reached through this offset, the child's state is modified in place: a key path's modify
  /// accessor allocates its coroutine frame on every call. One object, made once per key path
  /// (``CasePathCache``): a `Scope` is made anew every time its parent's `body` is built.
  @usableFromInline let actions: CasePathCacheTypedEntry<ParentAction, Child.Action>
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
    self.toChildState = toChildState
    self.actions = CasePathCache.scope(action: toChildAction, state: toChildState)
    self.child = child()
  }

  /// Scopes to a child's state by key path and its actions by case key path, such as a path
  /// through several cases (`\.detail.editor`) or one held in a variable.
  @_disfavoredOverload
  public init<ChildState, ChildAction>(
    state toChildState: WritableKeyPath<ParentState, ChildState>,
    action toChildAction: CaseKeyPath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child
  ) where ParentAction: CasePathable, ChildState == Child.State, ChildAction == Child.Action {
    self.toChildState = toChildState
    self.actions = CasePathCache.scope(action: toChildAction, state: toChildState)
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

  @usableFromInline
  init(
    toChildState: WritableKeyPath<ParentState, Child.State>,
    toChildAction: AnyCasePath<ParentAction, Child.Action>,
    child: Child
  ) {
    self.toChildState = toChildState
    self.actions = CasePathCacheTypedEntry(
      keyPath: nil, statePath: nil, casePath: toChildAction,
      offset: MemoryLayout<ParentState>.offset(of: toChildState) ?? -1)
    self.child = child
  }

  /// Runs the child on its part of the state for a child action; returns `.none` for any other.
  @inlinable
  public func reduce(into state: inout ParentState, action: ParentAction) -> Effect<ParentAction> {
    guard let childAction = actions.casePath.extract(from: action) else { return .none }
    let effect: Effect<Child.Action>
    let childOffset = actions.offset
    if childOffset >= 0 {
      // The documented use of a stored property's offset: the child's state is part of the
      // parent's storage, which `state` gives exclusive access to for this call.
      effect = withUnsafeMutablePointer(to: &state) { parent in
        let childState = UnsafeMutableRawPointer(parent).advanced(by: childOffset)
          .assumingMemoryBound(to: Child.State.self)
        return child.reduce(into: &childState.pointee, action: childAction)
      }
    } else {
      effect = child.reduce(into: &state[keyPath: toChildState], action: childAction)
    }
    if case .none = effect.operation { return .none }
    let embed = actions.casePath
    return effect.map { embed.embed($0) }
  }
}

extension Scope {
  /// Scopes to a child's state held in one case of an enum state: a child action that arrives
  /// while the state is in another case is reported.
  ///
  /// ```swift
  /// Scope(state: \.loggedIn, action: \.loggedIn) { LoggedIn() }
  /// ```
  ///
  /// The `Scope` reads the whole enum (`\.self`), and `_CaseScopedReducer` runs the child on the
  /// case's value, so a `Scope` of a property stays exactly as small and fast as before: bodies
  /// are rebuilt for every action, and every byte of `Scope` is paid at every level.
  public init<ChildState, ChildAction, CaseChild: Reducer>(
    state toChildState: CaseKeyPath<ParentState, ChildState>,
    action toChildAction: CaseKeyPath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> CaseChild,
    fileID: StaticString = #fileID,
    line: UInt = #line
  )
  where
    ParentState: CasePathable, ParentAction: CasePathable, CaseChild.State == ChildState,
    CaseChild.Action == ChildAction, Child == _CaseScopedReducer<ParentState, CaseChild>
  {
    self.init(
      toCase: AnyCasePath(toChildState), action: AnyCasePath(toChildAction), child: child(),
      fileID: fileID, line: line)
  }

  /// An enum state's case by its `AllCasePaths` entries, the form `@Reducer enum` generates:
  /// plain key paths, made once per process.
  public init<ChildState, ChildAction, CaseChild: Reducer>(
    state toChildState: KeyPath<ParentState.AllCasePaths, AnyCasePath<ParentState, ChildState>>,
    action toChildAction: KeyPath<
      ParentAction.AllCasePaths, AnyCasePath<ParentAction, ChildAction>
    >,
    @ReducerBuilder<ChildState, ChildAction> child: () -> CaseChild,
    fileID: StaticString = #fileID,
    line: UInt = #line
  )
  where
    ParentState: CasePathable, ParentAction: CasePathable, CaseChild.State == ChildState,
    CaseChild.Action == ChildAction, Child == _CaseScopedReducer<ParentState, CaseChild>
  {
    self.init(
      toCase: ParentState.allCasePaths[keyPath: toChildState],
      action: ParentAction.allCasePaths[keyPath: toChildAction], child: child(), fileID: fileID,
      line: line)
  }

  /// A `Scope` of an enum state's case: the whole state, for a child run on the case's value.
  init<ChildState, ChildAction, CaseChild: Reducer>(
    toCase: AnyCasePath<ParentState, ChildState>, action: AnyCasePath<ParentAction, ChildAction>,
    child: CaseChild, fileID: StaticString, line: UInt
  )
  where
    CaseChild.State == ChildState, CaseChild.Action == ChildAction,
    Child == _CaseScopedReducer<ParentState, CaseChild>
  {
    self.init(
      toChildState: \ParentState.self, toChildAction: action,
      child: _CaseScopedReducer(
        child: child, toCase: toCase, embed: action.embed, fileID: fileID, line: line))
  }
}

/// Runs a child on the value of an enum state's case, reporting an action that arrives while
/// the state is in another case; what ``Scope`` builds for a case. It reads and writes the whole
/// enum, so the `Scope`'s key path is `\.self` and no member is added to the state's type.
public struct _CaseScopedReducer<ParentState, Child: Reducer>: Reducer {
  let child: Child
  let toCase: AnyCasePath<ParentState, Child.State>
  /// The parent's action for a child action: what the warning names.
  let embed: (Child.Action) -> Any
  let fileID: StaticString
  let line: UInt

  init<ParentAction>(
    child: Child, toCase: AnyCasePath<ParentState, Child.State>,
    embed: @escaping (Child.Action) -> ParentAction, fileID: StaticString, line: UInt
  ) {
    self.child = child
    self.toCase = toCase
    self.embed = { embed($0) }
    self.fileID = fileID
    self.line = line
  }

  /// Runs the child on the case's value and writes it back; reports an action that arrives while
  /// the state is in another case.
  public func reduce(into state: inout ParentState, action: Child.Action) -> Effect<Child.Action> {
    guard var value = toCase.extract(from: state) else {
      reportIssue(
        RuntimeWarningMessage.scopeOtherCase(
          fileID: fileID, line: line, action: debugCaseOutput(embed(action)),
          state: debugCaseOutput(state), stateType: debugTypeName(ParentState.self)))
      return .none
    }
    let effect = child.reduce(into: &value, action: action)
    state = toCase.embed(value)
    return effect
  }
}
