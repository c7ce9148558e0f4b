// The Composable Architecture's older composition forms, whose actions (and enum states) are
// named by `AnyCasePath` values such as `/Action.child` (CasePaths' `/` operator). They are
// deprecated there and still public; code written with them builds here unchanged.

extension Reducer {
  /// `ifLet` with the child's actions named by an `AnyCasePath` (`/Action.child`).
  @_disfavoredOverload
  public func ifLet<ChildState, ChildAction, Child: Reducer>(
    _ toChildState: WritableKeyPath<State, ChildState?>,
    action toChildAction: AnyCasePath<Action, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> then child: () -> Child,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> _IfLetReducer<Self, Child>
  where ChildState == Child.State, ChildAction == Child.Action {
    _IfLetReducer(
      parent: self, child: child(), toChildState: toChildState, toChildAction: toChildAction,
      fileID: fileID, line: line)
  }

  /// `forEach` with the elements' actions named by an `AnyCasePath` (`/Action.rows`).
  @_disfavoredOverload
  public func forEach<ID: Hashable & Sendable, ElementState, ElementAction, Element: Reducer>(
    _ toElements: WritableKeyPath<State, IdentifiedArray<ID, ElementState>>,
    action toElementAction: AnyCasePath<Action, IdentifiedAction<ID, ElementAction>>,
    @ReducerBuilder<ElementState, ElementAction> element: () -> Element,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> _ForEachReducer<Self, ID, Element>
  where ElementState == Element.State, ElementAction == Element.Action {
    _ForEachReducer(
      parent: self, element: element(), toElements: toElements,
      toElementAction: toElementAction, fileID: fileID, line: line)
  }

  /// `ifCaseLet` with the case's state and actions named by `AnyCasePath`s (`/State.child`).
  @_disfavoredOverload
  public func ifCaseLet<CaseState, CaseAction, Child: Reducer>(
    _ toCaseState: AnyCasePath<State, CaseState>,
    action toCaseAction: AnyCasePath<Action, CaseAction>,
    @ReducerBuilder<CaseState, CaseAction> then child: () -> Child,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> _IfCaseLetReducer<Self, Child>
  where CaseState == Child.State, CaseAction == Child.Action {
    _IfCaseLetReducer(
      parent: self, child: child(), toChildState: toCaseState, toChildAction: toCaseAction,
      fileID: fileID, line: line)
  }
}

extension Reducer {
  /// `ifLet` of presented state with the destination's actions named by an `AnyCasePath`
  /// (`/Action.destination`).
  @_disfavoredOverload
  public func ifLet<DestinationState, DestinationAction, Destination: Reducer>(
    _ toPresentationState: WritableKeyPath<State, PresentationState<DestinationState>>,
    action toPresentationAction: AnyCasePath<Action, PresentationAction<DestinationAction>>,
    @ReducerBuilder<DestinationState, DestinationAction> destination: () -> Destination,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> _PresentationReducer<Self, Destination>
  where DestinationState == Destination.State, DestinationAction == Destination.Action {
    _PresentationReducer(
      base: self, destination: destination(), toPresentationState: toPresentationState,
      toPresentationAction: toPresentationAction, fileID: fileID, line: line)
  }

  /// `forEach` of a navigation stack with the stack's actions named by an `AnyCasePath`
  /// (`/Action.path`).
  @_disfavoredOverload
  public func forEach<DestinationState, DestinationAction, Destination: Reducer>(
    _ toStackState: WritableKeyPath<State, StackState<DestinationState>>,
    action toStackAction: AnyCasePath<Action, StackAction<DestinationState, DestinationAction>>,
    @ReducerBuilder<DestinationState, DestinationAction> destination: () -> Destination,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> _StackReducer<Self, Destination>
  where
    Action: Sendable, DestinationState == Destination.State,
    DestinationAction == Destination.Action
  {
    _StackReducer(
      base: self, destination: destination(), toStackState: toStackState,
      toStackAction: toStackAction, fileID: fileID, line: line)
  }
}

extension PresentationState {
  /// The presented value in one case of an enum, named by an `AnyCasePath` (`/Child.detail`):
  /// reads `nil` when another case (or nothing) is presented; writing `nil` dismisses.
  public subscript<Case>(case casePath: AnyCasePath<State, Case>) -> Case? {
    get { wrappedValue.flatMap(casePath.extract(from:)) }
    set {
      guard let newValue else {
        if wrappedValue.flatMap(casePath.extract(from:)) != nil { wrappedValue = nil }
        return
      }
      wrappedValue = casePath.embed(newValue)
    }
  }
}
