extension Reducer {
  /// Runs nothing on optional ephemeral state (an alert or a confirmation dialog) but dismisses
  /// it when one of its actions is sent: no child reducer is needed.
  ///
  /// ```swift
  /// Reduce { state, action in … }
  ///   .ifLet(\.alert, action: \.alert)
  /// ```
  public func ifLet<ChildState: EphemeralState, ChildAction>(
    _ toChildState: WritableKeyPath<State, ChildState?>,
    action toChildAction: KeyPath<Action.AllCasePaths, AnyCasePath<Action, ChildAction>>,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> _IfLetReducer<Self, EmptyReducer<ChildState, ChildAction>> where Action: CasePathable {
    _IfLetReducer(
      parent: self, child: EmptyReducer(), toChildState: toChildState,
      toChildAction: CasePathCache.casePath(toChildAction), fileID: fileID, line: line)
  }

  /// The same, with the actions named by a case key path.
  @_disfavoredOverload
  public func ifLet<ChildState: EphemeralState, ChildAction>(
    _ toChildState: WritableKeyPath<State, ChildState?>,
    action toChildAction: CaseKeyPath<Action, ChildAction>,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> _IfLetReducer<Self, EmptyReducer<ChildState, ChildAction>> {
    _IfLetReducer(
      parent: self, child: EmptyReducer(), toChildState: toChildState,
      toChildAction: CasePathCache.casePath(toChildAction), fileID: fileID, line: line)
  }
}
