import IssueReporting

extension Reducer {
  /// Runs `destination` on the stack element an action names, then this reducer; handles
  /// pushes and pops, and cancels a popped element's effects.
  ///
  /// ```swift
  /// Reduce { state, action in … }
  ///   .forEach(\.path, action: \.path) { Path() }
  /// ```
  public func forEach<DestinationState, DestinationAction, Destination: Reducer>(
    _ toStackState: WritableKeyPath<State, StackState<DestinationState>>,
    action toStackAction: KeyPath<
      Action.AllCasePaths,
      AnyCasePath<Action, StackAction<DestinationState, DestinationAction>>
    >,
    @ReducerBuilder<DestinationState, DestinationAction> destination: () -> Destination,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> _StackReducer<Self, Destination>
  where
    Action: CasePathable, DestinationState == Destination.State,
    DestinationAction == Destination.Action
  {
    _StackReducer(
      base: self, destination: destination(), toStackState: toStackState,
      toStackAction: CasePathCache.casePath(toStackAction), fileID: fileID, line: line)
  }

  /// The same, its actions named by a case key path.
  @_disfavoredOverload
  public func forEach<DestinationState, DestinationAction, Destination: Reducer>(
    _ toStackState: WritableKeyPath<State, StackState<DestinationState>>,
    action toStackAction: CaseKeyPath<Action, StackAction<DestinationState, DestinationAction>>,
    @ReducerBuilder<DestinationState, DestinationAction> destination: () -> Destination,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> _StackReducer<Self, Destination>
  where
    Action: CasePathable, DestinationState == Destination.State,
    DestinationAction == Destination.Action
  {
    _StackReducer(
      base: self, destination: destination(), toStackState: toStackState,
      toStackAction: CasePathCache.casePath(toStackAction), fileID: fileID, line: line)
  }

  /// Runs the `@Reducer enum` of a stack's screens: the form for a path enum, which needs no
  /// trailing closure.
  ///
  /// ```swift
  /// .forEach(\.path, action: \.path)
  /// ```
  public func forEach<DestinationState: CaseReducerState, DestinationAction>(
    _ toStackState: WritableKeyPath<State, StackState<DestinationState>>,
    action toStackAction: KeyPath<
      Action.AllCasePaths,
      AnyCasePath<Action, StackAction<DestinationState, DestinationAction>>
    >,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> _StackReducer<Self, DestinationState.StateReducer>
  where
    Action: CasePathable, DestinationState.StateReducer: CaseReducer,
    DestinationState.StateReducer.State == DestinationState,
    DestinationState.StateReducer.Action == DestinationAction
  {
    _StackReducer(
      base: self, destination: DestinationState.StateReducer.body, toStackState: toStackState,
      toStackAction: CasePathCache.casePath(toStackAction), fileID: fileID, line: line)
  }

  /// The same, its actions named by a case key path.
  @_disfavoredOverload
  public func forEach<DestinationState: CaseReducerState, DestinationAction>(
    _ toStackState: WritableKeyPath<State, StackState<DestinationState>>,
    action toStackAction: CaseKeyPath<Action, StackAction<DestinationState, DestinationAction>>,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> _StackReducer<Self, DestinationState.StateReducer>
  where
    Action: CasePathable, DestinationState.StateReducer: CaseReducer,
    DestinationState.StateReducer.State == DestinationState,
    DestinationState.StateReducer.Action == DestinationAction
  {
    _StackReducer(
      base: self, destination: DestinationState.StateReducer.body, toStackState: toStackState,
      toStackAction: CasePathCache.casePath(toStackAction), fileID: fileID, line: line)
  }
}

/// What ``Reducer/forEach(_:action:destination:fileID:line:)`` builds.
public struct _StackReducer<Base: Reducer, Destination: Reducer>: Reducer
where Base.Action: Sendable {
  let base: Base
  let destination: any Reducer<Destination.State, Destination.Action>
  let toStackState: WritableKeyPath<Base.State, StackState<Destination.State>>
  let toStackAction: AnyCasePath<Base.Action, StackAction<Destination.State, Destination.Action>>
  let fileID: StaticString
  let line: UInt

  init(
    base: Base,
    destination: some Reducer<Destination.State, Destination.Action>,
    toStackState: WritableKeyPath<Base.State, StackState<Destination.State>>,
    toStackAction: AnyCasePath<Base.Action, StackAction<Destination.State, Destination.Action>>,
    fileID: StaticString,
    line: UInt
  ) {
    self.base = base
    self.destination = destination
    self.toStackState = toStackState
    self.toStackAction = toStackAction
    self.fileID = fileID
    self.line = line
  }

  struct CancelID: Hashable, Sendable {
    let file: UInt
    let line: UInt
    let id: StackElementID
  }

  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    // The elements this reducer saw last time, and those here now: an element removed in
    // between (by a reducer that ran before this one) is gone as surely as one popped here.
    let mounted = state[keyPath: toStackState].mounted
    let idsBefore = state[keyPath: toStackState].ids
    var destinationEffect = Effect<Base.Action>.none
    let baseEffect: Effect<Base.Action>
    switch toStackAction.extract(from: action) {
    case .element(let id, let destinationAction)?:
      if var element = state[keyPath: toStackState][id: id] {
        let embed = toStackAction
        let place = cancelID(id)
        let effect = NavigationScope.within(place) {
          destination.reduce(into: &element, action: destinationAction)
        }
        if case .none = effect.operation {
        } else {
          destinationEffect =
            effect
            .map { embed.embed(.element(id: id, action: $0)) }
            .dismissing(with: embed.embed(.popFrom(id: id)))
            .cancellable(id: place)
        }
        state[keyPath: toStackState][id: id] = element
      } else {
        reportIssue(
          RuntimeWarningMessage.forEachMissingElement(
            fileID: fileID, line: line, action: destinationAction, isStack: true))
      }
      baseEffect = base.reduce(into: &state, action: action)
    case .popFrom(let id)?:
      if state[keyPath: toStackState][id: id] == nil {
        reportIssue(
          RuntimeWarningMessage.stackPopMissing(
            fileID: fileID, line: line, id: id, ids: state[keyPath: toStackState].ids))
      }
      baseEffect = base.reduce(into: &state, action: action)
      state[keyPath: toStackState].pop(from: id)
    case .push(let id, let element)?:
      @Dependency(\.stackElementID) var stackElementID
      if state[keyPath: toStackState].ids.contains(id) {
        reportIssue(
          RuntimeWarningMessage.stackPushExisting(
            fileID: fileID, line: line, id: id, ids: state[keyPath: toStackState].ids))
        baseEffect = base.reduce(into: &state, action: action)
      } else {
        // Ids come from the generator in order: one past it was made up, not handed out.
        let expected = stackElementID.peek()
        if id.generation > expected.generation {
          reportIssue(
            RuntimeWarningMessage.stackPushUnexpectedID(
              fileID: fileID, line: line, received: id, expected: expected))
        }
        stackElementID.skip(past: id)
        baseEffect = base.reduce(into: &state, action: action)
        state[keyPath: toStackState].append(element, id: id)
      }
    case nil:
      baseEffect = base.reduce(into: &state, action: action)
    }
    let idsAfter = state[keyPath: toStackState].ids
    if mounted != idsAfter { state[keyPath: toStackState].mounted = idsAfter }
    guard idsBefore != idsAfter || mounted != idsAfter else {
      return destinationEffect.merge(with: baseEffect)
    }
    var gone = idsBefore.subtracting(idsAfter)
    gone.formUnion(mounted.subtracting(idsAfter))
    let popped = gone.map { Effect<Base.Action>.cancel(id: cancelID($0)) }
    return .merge([destinationEffect, baseEffect] + popped)
  }

  private func cancelID(_ id: StackElementID) -> CancelID {
    CancelID(file: fileID.address, line: line, id: id)
  }
}
