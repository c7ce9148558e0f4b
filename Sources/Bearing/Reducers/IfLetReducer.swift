import IssueReporting

extension Reducer {
  /// Runs `child` on optional child state when it is present, then this reducer.
  ///
  /// When this reducer sets the child state to `nil` (the screen went away), every effect the
  /// child started is cancelled: a dismissed screen leaves nothing running.
  ///
  /// ```swift
  /// Reduce { state, action in … }
  ///   .ifLet(\.detail, action: \.detail) { PlaceDetail() }
  /// ```
  ///
  /// `action: \.detail` names the case's entry in `Action.AllCasePaths`, made once per process;
  /// a case key path (the next overload) is formed anew each time `body` is built.
  public func ifLet<ChildState, ChildAction, Child: Reducer>(
    _ toChildState: WritableKeyPath<State, ChildState?>,
    action toChildAction: KeyPath<Action.AllCasePaths, AnyCasePath<Action, ChildAction>>,
    @ReducerBuilder<ChildState, ChildAction> then child: () -> Child,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> _IfLetReducer<Self, Child>
  where Action: CasePathable, ChildState == Child.State, ChildAction == Child.Action {
    _IfLetReducer(
      parent: self, child: child(), toChildState: toChildState,
      toChildAction: CasePathCache.casePath(toChildAction), fileID: fileID, line: line)
  }

  /// Runs `child` on optional child state when it is present, its actions named by a case key
  /// path, such as a path through several cases or one held in a variable.
  @_disfavoredOverload
  public func ifLet<ChildState, ChildAction, Child: Reducer>(
    _ toChildState: WritableKeyPath<State, ChildState?>,
    action toChildAction: CaseKeyPath<Action, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> then child: () -> Child,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> _IfLetReducer<Self, Child>
  where ChildState == Child.State, ChildAction == Child.Action {
    _IfLetReducer(
      parent: self, child: child(), toChildState: toChildState,
      toChildAction: CasePathCache.casePath(toChildAction), fileID: fileID, line: line)
  }
}

/// What ``Reducer/ifLet(_:action:then:fileID:line:)`` builds.
public struct _IfLetReducer<Parent: Reducer, Child: Reducer>: Reducer {
  @usableFromInline let parent: Parent
  @usableFromInline let child: Child
  @usableFromInline let toChildState: WritableKeyPath<Parent.State, Child.State?>
  @usableFromInline let toChildAction: AnyCasePath<Parent.Action, Child.Action>
  @usableFromInline let fileID: StaticString
  @usableFromInline let line: UInt

  /// The child's effects are cancelled under its own `id` (its hash) when its state is
  /// `Identifiable`: a new child in the place of another is a new identity, and the old one's
  /// effects end.
  @inlinable
  var children: ChildEffects { ChildEffects(fileID: fileID, line: line) }

  /// Runs the child for a child action (reporting a missing child), then the parent; cancels the
  /// child's effects when it is gone or replaced by one of another identity.
  @inlinable
  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<
    Parent.Action
  > {
    let before = state[keyPath: toChildState].map { identity(of: $0) }
    var childEffect = Effect<Parent.Action>.none
    if let childAction = toChildAction.extract(from: action) {
      if state[keyPath: toChildState] != nil {
        let embed = toChildAction
        childEffect = children.effect(
          child.reduce(into: &state[keyPath: toChildState]!, action: childAction),
          of: before ?? nil, embed: { embed.embed($0) })
        // Ephemeral state (an alert) is answered by its action: it goes away before the
        // parent sees the action, which may present another.
        if Child.State.self is any EphemeralState.Type { state[keyPath: toChildState] = nil }
      } else {
        reportIssue(
          RuntimeWarningMessage.ifLetMissingChild(fileID: fileID, line: line, action: action))
      }
    }
    let wasPresent = state[keyPath: toChildState] != nil
    let parentEffect = parent.reduce(into: &state, action: action)
    guard wasPresent else { return childEffect.merge(with: parentEffect) }
    let after = state[keyPath: toChildState].map { identity(of: $0) }
    // Gone, or replaced by a child of another identity.
    let ended = after == nil || (before ?? nil) != (after ?? nil)
    return children.merge(childEffect, parentEffect, cancelling: ended ? [before ?? nil] : [])
  }
}

extension StaticString {
  /// Where this text lives in the binary: a stable, allocation-free identity for a `#fileID`.
  @usableFromInline
  var address: UInt {
    hasPointerRepresentation ? UInt(bitPattern: utf8Start) : UInt(unicodeScalar.value)
  }
}
