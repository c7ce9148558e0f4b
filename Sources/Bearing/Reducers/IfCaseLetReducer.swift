import IssueReporting

extension Reducer {
  /// Runs `child` when the state is in one case of an enum, then this reducer.
  ///
  /// When this reducer moves the state to another case, every effect the child started is
  /// cancelled.
  ///
  /// ```swift
  /// Reduce { state, action in … }
  ///   .ifCaseLet(\.loggedIn, action: \.loggedIn) { LoggedIn() }
  /// ```
  public func ifCaseLet<CaseState, CaseAction, Child: Reducer>(
    _ toCaseState: CaseKeyPath<State, CaseState>,
    action toCaseAction: CaseKeyPath<Action, CaseAction>,
    @ReducerBuilder<CaseState, CaseAction> then child: () -> Child,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> _IfCaseLetReducer<Self, Child>
  where
    State: CasePathable, Action: CasePathable, CaseState == Child.State,
    CaseAction == Child.Action
  {
    _IfCaseLetReducer(
      parent: self, child: child(), toChildState: AnyCasePath(toCaseState),
      toChildAction: AnyCasePath(toCaseAction), fileID: fileID, line: line)
  }
}

/// What ``Reducer/ifCaseLet(_:action:then:fileID:line:)`` builds.
public struct _IfCaseLetReducer<Parent: Reducer, Child: Reducer>: Reducer {
  let parent: Parent
  let child: Child
  let toChildState: AnyCasePath<Parent.State, Child.State>
  let toChildAction: AnyCasePath<Parent.Action, Child.Action>
  let fileID: StaticString
  let line: UInt

  struct CancelID: Hashable, Sendable {
    let file: UInt
    let line: UInt
  }

  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<
    Parent.Action
  > {
    let id = CancelID(file: fileID.address, line: line)
    var childEffect = Effect<Parent.Action>.none
    if let childAction = toChildAction.extract(from: action) {
      if var childState = toChildState.extract(from: state) {
        let embed = toChildAction
        childEffect = child.reduce(into: &childState, action: childAction)
          .map { embed.embed($0) }
          .cancellable(id: id)
        state = toChildState.embed(childState)
      } else {
        reportIssue(
          """
          An "ifCaseLet" at "\(fileID):\(line)" received a child action when the state was in \
          another case:

            \(String(customDumping: action))

          The parent probably changed the state's case while one of the child's effects was \
          still running.
          """
        )
      }
    }
    let wasPresent = toChildState.extract(from: state) != nil
    let parentEffect = parent.reduce(into: &state, action: action)
    let left = wasPresent && toChildState.extract(from: state) == nil
    return .merge(childEffect, parentEffect, left ? .cancel(id: id) : .none)
  }
}
