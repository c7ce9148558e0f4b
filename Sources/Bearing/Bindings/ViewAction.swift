import IssueReporting

/// An action enum with a case for the actions its view sends, `case view(View)`: what
/// `BindingReducer(action: \.view)` reads bindings from, and what a ``ViewActionSending`` view
/// sends through.
///
/// ```swift
/// enum Action: ViewAction {
///   case view(View)
///   case response(Result<Int, any Error>)
///   enum View: BindableAction {
///     case binding(BindingAction<State>)
///     case submitTapped
///   }
/// }
/// ```
///
/// A store and a test store send a view action as any other: `store.send(.view(.submitTapped))`.
public protocol ViewAction<ViewAction> {
  /// The actions the view sends.
  associatedtype ViewAction
  /// The case that carries them.
  static func view(_ action: ViewAction) -> Self
}

/// A type that holds a ``Store`` whose actions are ``ViewAction``s: its `send(_:)` takes the
/// view's own actions and wraps them in `.view(…)`. ``ViewAction(for:)`` adds the conformance.
///
/// ```swift
/// @ViewAction(for: Login.self)
/// struct LoginScreen {
///   let store: StoreOf<Login>
///   func submit() { send(.loginButtonTapped) }  // store.send(.view(.loginButtonTapped))
/// }
/// ```
@MainActor
public protocol ViewActionSending<StoreState, StoreAction> {
  /// The state of the feature the store runs.
  associatedtype StoreState
  /// The feature's actions, whose `view` case carries what the view sends.
  associatedtype StoreAction: ViewAction
  /// The store the view's actions go to.
  var store: Store<StoreState, StoreAction> { get }
}

extension ViewActionSending {
  /// Sends a view action to the store, as `store.send(.view(action))`.
  @discardableResult
  public func send(_ action: StoreAction.ViewAction) -> StoreTask {
    store.send(.view(action))
  }
}

extension Store
where
  State: ObservableState, Action: ViewAction, Action.ViewAction: BindableAction,
  Action.ViewAction.State == State
{
  /// Reads a field of the state, or writes it by sending `.view(.binding(.set(keyPath, value)))`:
  /// what a binding to `$store.name` does when the feature's bindings are in its view actions
  /// (applied by `BindingReducer(action: \.view)`). A write that no reducer applies is reported.
  @_disfavoredOverload
  public subscript<Value: Equatable & Sendable>(
    dynamicMember keyPath: any WritableKeyPath<State, Value> & Sendable
  ) -> Value {
    get { state[keyPath: keyPath] }
    set {
      let debugger = UnhandledBindingDebugger(
        actionType: Action.self, value: newValue, bindingState: nil)
      send(.view(.binding(BindingAction.set(keyPath, newValue).watched(by: debugger))))
    }
  }
}
