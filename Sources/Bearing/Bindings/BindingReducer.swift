/// Applies binding actions to state: put it first in a `body` whose actions are
/// ``BindableAction``.
///
/// ```swift
/// var body: some ReducerOf<Self> {
///   BindingReducer()
///   Reduce { state, action in … }
/// }
/// ```
///
/// A feature whose bindings live in its view actions (`case view(View)`, with `View:
/// BindableAction`) names that case: `BindingReducer(action: \.view)`.
public struct BindingReducer<State, Action, ViewAction: BindableAction>: Reducer
where ViewAction.State == State, ViewAction: SendableMetatype {
  let toViewAction: @Sendable (Action) -> ViewAction?
  let toBinding: AnyCasePath<ViewAction, BindingAction<State>>

  /// Applies the binding actions of a feature whose `Action` is itself `BindableAction`.
  public init() where Action == ViewAction {
    self.toViewAction = { $0 }
    self.toBinding = AnyCasePath(unsafe: { ViewAction.binding($0) })
  }

  /// Applies the binding actions found in the case `toViewAction` of the feature's actions.
  public init(action toViewAction: CaseKeyPath<Action, ViewAction>) {
    let casePath = AnyCasePath(toViewAction)
    self.toViewAction = { casePath.extract(from: $0) }
    self.toBinding = AnyCasePath(unsafe: { ViewAction.binding($0) })
  }

  /// Sets the field a binding action names; returns no effect, and ignores every other action.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    guard let viewAction = toViewAction(action) else { return .none }
    toBinding.extract(from: viewAction)?(&state)
    return .none
  }
}
