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
      toChildAction: Action.allCasePaths[keyPath: toChildAction], fileID: fileID, line: line)
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
      toChildAction: AnyCasePath(toChildAction), fileID: fileID, line: line)
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

  /// Identifies the effects of one presented child, for cancelling them all when it goes away.
  @usableFromInline
  struct CancelID: Hashable, Sendable {
    /// Where the reducer was built: the address of its `#fileID` text and its line. (Made
    /// per action, so it holds no `String`.)
    @usableFromInline let file: UInt
    @usableFromInline let line: UInt

    @usableFromInline
    init(file: UInt, line: UInt) {
      self.file = file
      self.line = line
    }
  }

  @inlinable
  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<
    Parent.Action
  > {
    let id = CancelID(file: fileID.address, line: line)
    var childEffect = Effect<Parent.Action>.none
    if let childAction = toChildAction.extract(from: action) {
      if state[keyPath: toChildState] != nil {
        let embed = toChildAction
        childEffect = child.reduce(into: &state[keyPath: toChildState]!, action: childAction)
          .map { embed.embed($0) }
          .cancellable(id: id)
        // Ephemeral state (an alert) is answered by its action: it goes away before the
        // parent sees the action, which may present another.
        if Child.State.self is any EphemeralState.Type { state[keyPath: toChildState] = nil }
      } else {
        reportIssue(
          """
          An "ifLet" at "\(fileID):\(line)" received a child action when child state was nil:

            \(String(customDumping: action))

          The parent probably dismissed the child while one of its effects was still running.
          """
        )
      }
    }
    let wasPresent = state[keyPath: toChildState] != nil
    let parentEffect = parent.reduce(into: &state, action: action)
    let dismissed = wasPresent && state[keyPath: toChildState] == nil
    return .merge(childEffect, parentEffect, dismissed ? .cancel(id: id) : .none)
  }
}

extension StaticString {
  /// Where this text lives in the binary: a stable, allocation-free identity for a `#fileID`.
  @usableFromInline
  var address: UInt {
    hasPointerRepresentation ? UInt(bitPattern: utf8Start) : UInt(unicodeScalar.value)
  }
}
