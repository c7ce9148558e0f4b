extension Reducer {
  /// Prints every action and the state change it caused to standard output: for debugging.
  ///
  /// ```swift
  /// Store(initialState: Feature.State()) { Feature()._printChanges() }
  /// ```
  public func _printChanges() -> _PrintChangesReducer<Self> {
    _PrintChangesReducer(base: self, print: { Swift.print($0) })
  }

  /// Hands the description of every action and state change to `print`.
  public func _printChanges(
    to print: @escaping @Sendable (String) -> Void
  ) -> _PrintChangesReducer<Self> {
    _PrintChangesReducer(base: self, print: print)
  }
}

/// What ``Reducer/_printChanges()`` builds.
public struct _PrintChangesReducer<Base: Reducer>: Reducer {
  let base: Base
  let print: @Sendable (String) -> Void

  /// Runs the base reducer, then prints the action and the state's diff.
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    let before = state
    let effect = base.reduce(into: &state, action: action)
    print(describeChange(action: action, before: before, after: state))
    return effect
  }
}

/// An action and the state change it caused, as the logging and printing reducers show them.
func describeChange<State, Action>(action: Action, before: State, after: State) -> String {
  let change = diff(before, after).map { "\($0)" } ?? "  (no state change)"
  let action = String(customDumping: action)
    .split(separator: "\n", omittingEmptySubsequences: false)
    .map { "  " + $0 }
    .joined(separator: "\n")
  return "received action:\n\(action)\n\(change)"
}
