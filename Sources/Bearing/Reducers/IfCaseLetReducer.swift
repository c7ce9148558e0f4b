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
      parent: self, child: child(), toChildState: CasePathCache.casePath(toCaseState),
      toChildAction: CasePathCache.casePath(toCaseAction), fileID: fileID, line: line)
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

  /// The child's effects are cancelled under its own `id` when its state is `Identifiable`, so
  /// that a new child in the same case is a new identity.
  var children: ChildEffects { ChildEffects(fileID: fileID, line: line) }

  /// Runs the child on its case for a child action (reporting a state in another case), then
  /// the parent; cancels the child's effects when its case or identity is gone.
  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<
    Parent.Action
  > {
    var childEffect = Effect<Parent.Action>.none
    if let childAction = toChildAction.extract(from: action) {
      if var childState = toChildState.extract(from: state) {
        let embed = toChildAction
        let id = identity(of: childState)
        childEffect = children.effect(
          child.reduce(into: &childState, action: childAction), of: id,
          embed: { embed.embed($0) })
        state = toChildState.embed(childState)
      } else {
        reportIssue(
          RuntimeWarningMessage.ifCaseLetOtherCase(
            fileID: fileID, line: line, action: action, state: state))
      }
    }
    let before = toChildState.extract(from: state)
    let parentEffect = parent.reduce(into: &state, action: action)
    // The child went away, or another child (another `id`) took its place: its effects end.
    guard let before else { return childEffect.merge(with: parentEffect) }
    let oldID = identity(of: before)
    let left = toChildState.extract(from: state).map { identity(of: $0) != oldID } ?? true
    return children.merge(childEffect, parentEffect, cancelling: left ? [oldID] : [])
  }
}

/// The hash of a value's `id` when it is `Identifiable`; `nil` otherwise. A hash, not the id:
/// the id's type is erased here and need not be `Sendable`, and two ids of one child that hash
/// alike (vanishingly rare within a process) only keep an effect that a new child would cancel.
@usableFromInline
func identity(of value: some Any) -> Int? {
  func open<Value: Identifiable>(_ value: Value) -> Int { value.id.hashValue }
  guard let identifiable = value as? any Identifiable else { return nil }
  return open(identifiable)
}
