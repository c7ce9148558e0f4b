import IssueReporting

extension Store where State: ObservableState, Action: BindableAction, Action.State == State {
  /// Reads a field of the state, or writes it by sending `.binding(.set(keyPath, value))`: what
  /// a view's binding to `$store.name` does. The feature applies it with ``BindingReducer``; a
  /// write that no reducer applies is reported.
  ///
  /// ```swift
  /// store.name = "Blob"  // sends .binding(.set(\.name, "Blob"))
  /// ```
  @_disfavoredOverload
  public subscript<Value: Equatable & Sendable>(
    dynamicMember keyPath: any WritableKeyPath<State, Value> & Sendable
  ) -> Value {
    get { state[keyPath: keyPath] }
    set {
      let debugger = UnhandledBindingDebugger(
        actionType: Action.self, value: newValue, bindingState: nil)
      send(.binding(BindingAction.set(keyPath, newValue).watched(by: debugger)))
    }
  }
}

extension Store where State: ObservableState, Action: CasePathable {
  /// A presented child's store, as a view's presentation binding reads it, and what setting the
  /// binding to `nil` does: sends `.dismiss`, and reports a store that kept presenting (its
  /// `ifLet` is missing). A navigation binding's internals, under `@_spi(Internals)` as in The
  /// Composable Architecture.
  @_spi(Internals)
  public subscript<ChildState, ChildAction>(
    id id: AnyHashable?,
    state state: any KeyPath<State, ChildState?> & Sendable,
    action action: CaseKeyPath<Action, PresentationAction<ChildAction>>,
    isInViewBody isInViewBody: Bool,
    fileID fileID: StaticString,
    filePath filePath: StaticString,
    line line: UInt,
    column column: UInt
  ) -> Store<ChildState, ChildAction>? {
    get {
      guard let child = self.state[keyPath: state] else { return nil }
      // Read only where the scoped store's state is read: on the main actor.
      let last = Carried(child)
      let casePath = AnyCasePath(action)
      return scope(
        state: { $0[keyPath: state] ?? last.value }, action: embeddingPresented(casePath))
    }
    set {
      guard newValue == nil, let child = self.state[keyPath: state], id == identity(of: child)
      else { return }
      send(AnyCasePath(action).embed(.dismiss))
      guard self.state[keyPath: state] != nil else { return }
      reportIssue(
        RuntimeWarningMessage.presentationBindingNotDismissed(fileID: fileID, line: line),
        fileID: fileID, filePath: filePath, line: line, column: column)
    }
  }
}

extension Store {
  /// A navigation stack's path, as the stack's binding reads it, and what writing the binding
  /// does: a longer path pushes its last element, a shorter one pops down to it, and a path of
  /// the same length is reported (the stack's `forEach` is missing). A navigation binding's
  /// internals, under `@_spi(Internals)` as in The Composable Architecture.
  @_spi(Internals)
  public subscript<ElementState, ElementAction>(
    fileID fileID: StaticString,
    filePath filePath: StaticString,
    line line: UInt,
    column column: UInt
  ) -> StackState<ElementState>.PathView
  where State == StackState<ElementState>, Action == StackAction<ElementState, ElementAction> {
    get { state.path }
    set {
      let current = state
      guard newValue.count != current.count else {
        reportIssue(
          RuntimeWarningMessage.stackBindingSameCount(fileID: fileID, line: line),
          fileID: fileID, filePath: filePath, line: line, column: column)
        return
      }
      if newValue.count > current.count, let last = newValue.last {
        send(.push(id: last.id, state: last.element))
      } else {
        send(.popFrom(id: current.ids[newValue.count]))
      }
    }
  }
}

/// The id of an `Identifiable` value, or `nil`: what tells one presented child from the next.
private func identity(of value: Any) -> AnyHashable? {
  func open<Value: Identifiable>(_ value: Value) -> AnyHashable { AnyHashable(value.id) }
  guard let value = value as? any Identifiable else { return nil }
  return open(value)
}

/// Embeds a presented child's actions: made outside the store's extension, whose requirement
/// that `Action` be `CasePathable` a closure made there would capture along with `Action`'s type,
/// which need not be `Sendable`.
private func embeddingPresented<Action, ChildAction>(
  _ casePath: AnyCasePath<Action, PresentationAction<ChildAction>>
) -> @Sendable (ChildAction) -> Action {
  { casePath.embed(.presented($0)) }
}
