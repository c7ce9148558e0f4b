import IssueReporting

extension Reducer {
  /// Runs `destination` on presented state (`@Presents`) when it is present, then this reducer;
  /// handles `.dismiss`, and cancels the presented feature's effects when it goes away.
  ///
  /// ```swift
  /// Reduce { state, action in … }
  ///   .ifLet(\.$destination, action: \.destination) { Destination() }
  /// ```
  /// `action: \.destination` names the case's entry in `Action.AllCasePaths`, made once per
  /// process; a case key path (the next overload) is formed anew each time `body` is built.
  @inlinable
  public func ifLet<DestinationState, DestinationAction, Destination: Reducer>(
    _ toPresentationState: WritableKeyPath<State, PresentationState<DestinationState>>,
    action toPresentationAction: KeyPath<
      Action.AllCasePaths, AnyCasePath<Action, PresentationAction<DestinationAction>>
    >,
    @ReducerBuilder<DestinationState, DestinationAction> destination: () -> Destination,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> _PresentationReducer<Self, Destination>
  where
    Action: CasePathable, DestinationState == Destination.State,
    DestinationAction == Destination.Action
  {
    _PresentationReducer(
      base: self, destination: destination(), toPresentationState: toPresentationState,
      toPresentationAction: CasePathCache.casePath(toPresentationAction), fileID: fileID,
      line: line)
  }

  /// The same, its actions named by a case key path.
  @_disfavoredOverload
  @inlinable
  public func ifLet<DestinationState, DestinationAction, Destination: Reducer>(
    _ toPresentationState: WritableKeyPath<State, PresentationState<DestinationState>>,
    action toPresentationAction: CaseKeyPath<Action, PresentationAction<DestinationAction>>,
    @ReducerBuilder<DestinationState, DestinationAction> destination: () -> Destination,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> _PresentationReducer<Self, Destination>
  where
    Action: CasePathable, DestinationState == Destination.State,
    DestinationAction == Destination.Action
  {
    _PresentationReducer(
      base: self, destination: destination(), toPresentationState: toPresentationState,
      toPresentationAction: CasePathCache.casePath(toPresentationAction), fileID: fileID, line: line
    )
  }

  /// Runs the `@Reducer enum` of the presented state's destinations: the form for a
  /// destination enum, which needs no trailing closure.
  ///
  /// ```swift
  /// .ifLet(\.$destination, action: \.destination)
  /// ```
  @inlinable
  public func ifLet<DestinationState: CaseReducerState, DestinationAction>(
    _ toPresentationState: WritableKeyPath<State, PresentationState<DestinationState>>,
    action toPresentationAction: KeyPath<
      Action.AllCasePaths, AnyCasePath<Action, PresentationAction<DestinationAction>>
    >,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> _PresentationReducer<Self, _CaseReducerBody<DestinationState.StateReducer>>
  where
    Action: CasePathable, DestinationState.StateReducer: CaseReducer,
    DestinationState.StateReducer.State == DestinationState,
    DestinationState.StateReducer.Action == DestinationAction
  {
    _PresentationReducer(
      base: self, destination: _CaseReducerBody(), toPresentationState: toPresentationState,
      toPresentationAction: CasePathCache.casePath(toPresentationAction), fileID: fileID,
      line: line, caseState: DestinationState.self)
  }

  /// The same, its actions named by a case key path.
  @_disfavoredOverload
  @inlinable
  public func ifLet<DestinationState: CaseReducerState, DestinationAction>(
    _ toPresentationState: WritableKeyPath<State, PresentationState<DestinationState>>,
    action toPresentationAction: CaseKeyPath<Action, PresentationAction<DestinationAction>>,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> _PresentationReducer<Self, _CaseReducerBody<DestinationState.StateReducer>>
  where
    Action: CasePathable, DestinationState.StateReducer: CaseReducer,
    DestinationState.StateReducer.State == DestinationState,
    DestinationState.StateReducer.Action == DestinationAction
  {
    _PresentationReducer(
      base: self, destination: _CaseReducerBody(), toPresentationState: toPresentationState,
      toPresentationAction: CasePathCache.casePath(toPresentationAction), fileID: fileID,
      line: line,
      caseState: DestinationState.self)
  }
}

extension Reducer {
  /// Presents ephemeral state, such as an alert, which has no reducer of its own: sending one
  /// of its actions dismisses it.
  ///
  /// ```swift
  /// @Presents var alert: AlertState<Action.Alert>?
  /// …
  /// .ifLet(\.$alert, action: \.alert)
  /// ```
  @inlinable
  public func ifLet<DestinationState: EphemeralState, DestinationAction>(
    _ toPresentationState: WritableKeyPath<State, PresentationState<DestinationState>>,
    action toPresentationAction: KeyPath<
      Action.AllCasePaths, AnyCasePath<Action, PresentationAction<DestinationAction>>
    >,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> _PresentationReducer<Self, EmptyReducer<DestinationState, DestinationAction>>
  where Action: CasePathable {
    _PresentationReducer(
      base: self, destination: EmptyReducer(), toPresentationState: toPresentationState,
      toPresentationAction: CasePathCache.casePath(toPresentationAction), fileID: fileID,
      line: line)
  }

  /// The same, its actions named by a case key path.
  @_disfavoredOverload
  @inlinable
  public func ifLet<DestinationState: EphemeralState, DestinationAction>(
    _ toPresentationState: WritableKeyPath<State, PresentationState<DestinationState>>,
    action toPresentationAction: CaseKeyPath<Action, PresentationAction<DestinationAction>>,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> _PresentationReducer<Self, EmptyReducer<DestinationState, DestinationAction>>
  where Action: CasePathable {
    _PresentationReducer(
      base: self, destination: EmptyReducer(), toPresentationState: toPresentationState,
      toPresentationAction: CasePathCache.casePath(toPresentationAction), fileID: fileID, line: line
    )
  }
}

/// What ``Reducer/ifLet(_:action:destination:fileID:line:)`` builds.
public struct _PresentationReducer<Base: Reducer, Destination: Reducer>: Reducer {
  @usableFromInline let base: Base
  @usableFromInline let destination: Destination
  @usableFromInline let toPresentationState:
    WritableKeyPath<Base.State, PresentationState<Destination.State>>
  @usableFromInline let toPresentationAction:
    AnyCasePath<Base.Action, PresentationAction<Destination.Action>>
  @usableFromInline let fileID: StaticString
  @usableFromInline let line: UInt
  /// The destination enum's state type, when `@Reducer` generated it: its presentations are
  /// told apart, and its ephemeral cases found, by what the macro generated, with no cast.
  @usableFromInline let caseState: (any CaseReducerState.Type)?

  @usableFromInline
  init(
    base: Base,
    destination: Destination,
    toPresentationState: WritableKeyPath<Base.State, PresentationState<Destination.State>>,
    toPresentationAction: AnyCasePath<Base.Action, PresentationAction<Destination.Action>>,
    fileID: StaticString,
    line: UInt,
    caseState: (any CaseReducerState.Type)? = nil
  ) {
    self.base = base
    self.destination = destination
    self.toPresentationState = toPresentationState
    self.toPresentationAction = toPresentationAction
    self.fileID = fileID
    self.line = line
    self.caseState = caseState
  }

  @inlinable
  func identity(_ value: Destination.State) -> PresentationIdentity {
    guard let caseState else { return PresentationIdentity(of: value) }
    return withUnsafePointer(to: value) { caseState._presentationIdentity(at: $0) }
  }

  @inlinable
  func isEphemeralState(_ value: Destination.State) -> Bool {
    guard let caseState else { return isEphemeral(value) }
    return withUnsafePointer(to: value) { caseState._isEphemeral(at: $0) }
  }

  /// A presentation's effects are cancelled under what is presented.
  @inlinable
  var children: ChildEffects { ChildEffects(fileID: fileID, line: line) }

  /// Runs the presented reducer for its action (an answered alert goes away), then the parent;
  /// on `.dismiss`, clears the state. Cancels the effects of a presentation that ended.
  @inlinable
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    // What this reducer saw presented last time, and what is presented now: a presentation
    // another reducer ended before this one ran is over as surely as one dismissed here.
    // Read once: every read through the key path runs its getters.
    let (mounted, current) = { ($0.mounted, $0.wrappedValue) }(state[keyPath: toPresentationState])
    let before = current.map { identity($0) }
    var destinationEffect = Effect<Base.Action>.none
    let baseEffect: Effect<Base.Action>
    switch toPresentationAction.extract(from: action) {
    case .presented(let destinationAction)?:
      if var presented = current, let before {
        let embed = toPresentationAction
        destinationEffect = children.presented(
          destination, &presented, destinationAction, id: before,
          embed: { embed.embed(.presented($0)) }, dismiss: embed.embed(.dismiss))
        // Answering ephemeral state (an alert) is the end of it; an action of another case of
        // the destination (which its `Scope` reports) answers nothing.
        state[keyPath: toPresentationState].wrappedValue =
          isEphemeralState(presented) && answers(presented, with: destinationAction)
          ? nil : presented
      } else {
        reportAbsent(action)
      }
      baseEffect = base.reduce(into: &state, action: action)
    case .dismiss?:
      if before == nil {
        reportAbsent(action)
      }
      baseEffect = base.reduce(into: &state, action: action)
      // Unless the parent, answering the dismissal, presented something else in its place.
      let now = state[keyPath: toPresentationState].wrappedValue.map { identity($0) }
      if now == before { state[keyPath: toPresentationState].wrappedValue = nil }
    case nil:
      baseEffect = base.reduce(into: &state, action: action)
    }
    let after = state[keyPath: toPresentationState].wrappedValue.map { identity($0) }
    if mounted != after { state[keyPath: toPresentationState].mounted = after }
    var gone: [PresentationIdentity] = []
    if let before, before != after { gone.append(before) }
    if let mounted, mounted != after, mounted != before { gone.append(mounted) }
    return children.merge(destinationEffect, baseEffect, cancelling: gone)
  }

  /// Reports an action for a presentation that is not there.
  @usableFromInline
  func reportAbsent(_ action: Base.Action) {
    reportIssue(
      RuntimeWarningMessage.presentationAbsent(fileID: fileID, line: line, action: action))
  }
}
