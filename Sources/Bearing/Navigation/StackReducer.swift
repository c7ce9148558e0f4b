import IssueReporting
import OrderedCollections

extension Reducer {
  /// Runs `destination` on the stack element an action names, then this reducer; handles
  /// pushes and pops, and cancels a popped element's effects.
  ///
  /// ```swift
  /// Reduce { state, action in … }
  ///   .forEach(\.path, action: \.path) { Path() }
  /// ```
  @inlinable
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
  @inlinable
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
  @inlinable
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
  @inlinable
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
public struct _StackReducer<Base: Reducer, Destination: Reducer>: Reducer {
  @usableFromInline let base: Base
  @usableFromInline let destination: any Reducer<Destination.State, Destination.Action>
  @usableFromInline let toStackState: WritableKeyPath<Base.State, StackState<Destination.State>>
  @usableFromInline let toStackAction:
    AnyCasePath<Base.Action, StackAction<Destination.State, Destination.Action>>
  @usableFromInline let fileID: StaticString
  @usableFromInline let line: UInt

  @usableFromInline
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

  /// An element's effects are cancelled under its id.
  @inlinable
  var children: ChildEffects { ChildEffects(fileID: fileID, line: line) }

  /// Runs an element's reducer for its action, then the parent; for a push or pop, the parent
  /// first, then the stack changes. Cancels the effects of elements no longer on the stack.
  @inlinable
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    // The elements this reducer saw last time, and those here now: an element removed in
    // between (by a reducer that ran before this one) is gone as surely as one popped here.
    // Read once: every read through the key path runs its getters.
    let (mounted, idsBefore) = { ($0.mounted, $0.ids) }(state[keyPath: toStackState])
    var destinationEffect = Effect<Base.Action>.none
    let baseEffect: Effect<Base.Action>
    switch toStackAction.extract(from: action) {
    case .element(let id, let destinationAction)?:
      if var element = state[keyPath: toStackState][id: id] {
        let embed = toStackAction
        destinationEffect = children.presented(
          destination, &element, destinationAction, id: id,
          embed: { embed.embed(.element(id: id, action: $0)) },
          dismiss: embed.embed(.popFrom(id: id)))
        state[keyPath: toStackState][id: id] = element
      } else {
        reportMissing(destinationAction)
      }
      baseEffect = base.reduce(into: &state, action: action)
    case .popFrom(let id)?:
      baseEffect = pop(from: id, into: &state, action: action)
    case .push(let id, let element)?:
      baseEffect = push(element, id: id, into: &state, action: action)
    case nil:
      baseEffect = base.reduce(into: &state, action: action)
    }
    let idsAfter = state[keyPath: toStackState].ids
    if mounted != idsAfter { state[keyPath: toStackState].mounted = idsAfter }
    guard idsBefore != idsAfter || mounted != idsAfter else {
      return destinationEffect.merge(with: baseEffect)
    }
    // Popped here, or removed before this reducer ran.
    var gone = idsBefore.subtracting(idsAfter)
    gone.formUnion(mounted.subtracting(idsAfter))
    return children.merge(destinationEffect, baseEffect, cancelling: gone)
  }

  /// Reports an action for an element that is not in the stack.
  @usableFromInline
  func reportMissing(_ destinationAction: Destination.Action) {
    reportIssue(
      RuntimeWarningMessage.forEachMissingElement(
        fileID: fileID, line: line, action: destinationAction, isStack: true))
  }

  /// `.popFrom(id:)`: the parent first, then the element and everything above it go.
  @usableFromInline
  func pop(
    from id: StackElementID, into state: inout Base.State, action: Base.Action
  ) -> Effect<Base.Action> {
    if state[keyPath: toStackState][id: id] == nil {
      reportIssue(
        RuntimeWarningMessage.stackPopMissing(
          fileID: fileID, line: line, id: id, ids: state[keyPath: toStackState].ids))
    }
    let baseEffect = base.reduce(into: &state, action: action)
    state[keyPath: toStackState].pop(from: id)
    return baseEffect
  }

  /// `.push(id:state:)`: the parent first, then the element goes on top.
  @usableFromInline
  func push(
    _ element: Destination.State, id: StackElementID, into state: inout Base.State,
    action: Base.Action
  ) -> Effect<Base.Action> {
    @Dependency(\.stackElementID) var stackElementID
    if state[keyPath: toStackState].ids.contains(id) {
      reportIssue(
        RuntimeWarningMessage.stackPushExisting(
          fileID: fileID, line: line, id: id, ids: state[keyPath: toStackState].ids))
      return base.reduce(into: &state, action: action)
    }
    // Ids come from the generator in order: one past it was made up, not handed out.
    let expected = stackElementID.peek()
    if id.generation > expected.generation {
      reportIssue(
        RuntimeWarningMessage.stackPushUnexpectedID(
          fileID: fileID, line: line, received: id, expected: expected))
    }
    stackElementID.skip(past: id)
    let baseEffect = base.reduce(into: &state, action: action)
    state[keyPath: toStackState].append(element, id: id)
    return baseEffect
  }
}
