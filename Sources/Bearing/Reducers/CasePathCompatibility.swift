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
    DestinationState == Destination.State,
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
  /// Changing it while another case is presented (`$child[case: /Child.text]?.append("!")`)
  /// changes nothing and is reported.
  public subscript<Case>(case casePath: AnyCasePath<State, Case>) -> Case? {
    get { wrappedValue.flatMap(casePath.extract(from:)) }
    _modify {
      let presented = wrappedValue
      var value = presented.flatMap(casePath.extract(from:))
      let matched = value != nil
      yield &value
      if let presented, !matched {
        reportIssue("Can't modify unrelated case \"\(caseName(of: presented))\"")
        return
      }
      if let value {
        wrappedValue = casePath.embed(value)
      } else if matched {
        wrappedValue = nil
      }
    }
  }
}

extension Reducer {
  /// `forEach` with the elements' actions in TCA's oldest form, a case holding the element's
  /// id and action (`case rows(id: Row.State.ID, action: Row.Action)`, named `/Action.rows`).
  @_disfavoredOverload
  public func forEach<ID: Hashable & Sendable, ElementState, ElementAction, Element: Reducer>(
    _ toElements: WritableKeyPath<State, IdentifiedArray<ID, ElementState>>,
    action toElementAction: AnyCasePath<Action, (ID, ElementAction)>,
    @ReducerBuilder<ElementState, ElementAction> element: () -> Element,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> _ForEachReducer<Self, ID, Element>
  where ElementState == Element.State, ElementAction == Element.Action {
    let identified = AnyCasePath<Action, IdentifiedAction<ID, ElementAction>>(
      embed: { identified in
        switch identified {
        case .element(let id, let action): toElementAction.embed((id, action))
        }
      },
      extract: { action in
        toElementAction.extract(from: action).map { .element(id: $0.0, action: $0.1) }
      })
    return _ForEachReducer(
      parent: self, element: element(), toElements: toElements,
      toElementAction: identified, fileID: fileID, line: line)
  }

  /// `ifLet` of optional ephemeral state (an `AlertState`) with its actions named by an
  /// `AnyCasePath`: no child reducer; the state goes away when one of its actions is sent.
  @_disfavoredOverload
  public func ifLet<ChildState: EphemeralState, ChildAction>(
    _ toChildState: WritableKeyPath<State, ChildState?>,
    action toChildAction: AnyCasePath<Action, ChildAction>,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> _IfLetReducer<Self, EmptyReducer<ChildState, ChildAction>> {
    _IfLetReducer(
      parent: self, child: EmptyReducer(), toChildState: toChildState,
      toChildAction: toChildAction, fileID: fileID, line: line)
  }
}

extension Scope {
  /// A `Scope` of an enum state's case with both the case and the actions named by
  /// `AnyCasePath`s (`Scope(state: /State.loggedIn, action: /Action.loggedIn)`).
  @_disfavoredOverload
  public init<ChildState, ChildAction, CaseChild: Reducer>(
    state toChildState: AnyCasePath<ParentState, ChildState>,
    action toChildAction: AnyCasePath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> CaseChild,
    fileID: StaticString = #fileID,
    line: UInt = #line
  )
  where
    CaseChild.State == ChildState, CaseChild.Action == ChildAction,
    Child == _CaseScopedReducer<ParentState, CaseChild>
  {
    self.init(
      toCase: toChildState, action: toChildAction, child: child(), fileID: fileID, line: line)
  }
}

extension Reducer {
  /// `ifLet` of presented ephemeral state (an alert) with its actions named by an
  /// `AnyCasePath`: no destination reducer.
  @_disfavoredOverload
  public func ifLet<DestinationState: EphemeralState, DestinationAction>(
    _ toPresentationState: WritableKeyPath<State, PresentationState<DestinationState>>,
    action toPresentationAction: AnyCasePath<Action, PresentationAction<DestinationAction>>,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> _PresentationReducer<Self, EmptyReducer<DestinationState, DestinationAction>> {
    _PresentationReducer(
      base: self, destination: EmptyReducer(), toPresentationState: toPresentationState,
      toPresentationAction: toPresentationAction, fileID: fileID, line: line)
  }
}

extension Scope {
  /// A `Scope` of a property with the child's actions named by an `AnyCasePath`
  /// (`Scope(state: \.child, action: /Action.child)`).
  @_disfavoredOverload
  public init<ChildState, ChildAction>(
    state toChildState: WritableKeyPath<ParentState, ChildState>,
    action toChildAction: AnyCasePath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.init(toChildState: toChildState, toChildAction: toChildAction, child: child())
  }
}
