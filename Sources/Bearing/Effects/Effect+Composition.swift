extension Effect {
  /// Runs effects at the same time.
  ///
  /// ```swift
  /// return .merge(.send(.startTimer), .run { send in … })
  /// ```
  public static func merge(_ effects: Self...) -> Self { merge(effects) }

  /// Runs effects at the same time.
  public static func merge(_ effects: some Sequence<Self>) -> Self {
    combined(effects, Operation.merge)
  }

  /// Runs effects one after another: each starts when the previous one has finished.
  ///
  /// ```swift
  /// return .concatenate(.run { _ in try await database.save(note) }, .send(.saved))
  /// ```
  public static func concatenate(_ effects: Self...) -> Self { concatenate(effects) }

  /// Runs effects one after another: each starts when the previous one has finished.
  public static func concatenate(_ effects: some Sequence<Self>) -> Self {
    combined(effects, Operation.concatenate)
  }

  /// `effects` without the empty ones, combined by `operation` when more than one is left.
  private static func combined(
    _ effects: some Sequence<Self>, _ operation: ([Self]) -> Operation
  ) -> Self {
    let effects = effects.filter { !$0.isNone }
    switch effects.count {
    case 0: return .none
    case 1: return effects[0]
    default: return Self(operation(effects))
    }
  }

  /// Runs this effect and `other` at the same time.
  @inlinable
  public func merge(with other: Self) -> Self {
    if case .none = operation { return other }
    if case .none = other.operation { return self }
    return Self(.merge([self, other]))
  }

  /// Runs `other` once this effect has finished.
  public func concatenate(with other: Self) -> Self { .concatenate(self, other) }

  /// Turns the actions this effect sends into another type, as ``Scope`` does for child features.
  ///
  /// ```swift
  /// Child().reduce(into: &state.child, action: childAction).map(Action.child)
  /// ```
  public func map<T>(_ transform: @escaping @Sendable (Action) -> T) -> Effect<T> {
    Effect<T>(operation.map(transform))
  }
}

extension Effect.Operation {
  func map<T>(_ transform: @escaping @Sendable (Action) -> T) -> Effect<T>.Operation {
    // The common answers of a reducer first, with no closure made: every child's effect is
    // mapped at each level it goes up, at every send.
    switch self {
    case .none: return .none
    case .send(let action): return .send(transform(action))
    default: break
    }
    // What the operation sends, transformed, to the `send` of the effect it became.
    let sending: @Sendable (Send<T>) -> Send<Action> = { send in
      Send<Action>(origin: send.origin) { action in send.send(transform(action)) }
    }
    return rebuilt(nested: { $0.map(transform) }) { leaf in
      switch leaf {
      case .send(let action):
        return .send(transform(action))
      case .run(let priority, let name, let operation):
        return .run(priority, name) { send in await operation(sending(send)) }
      case .subscribe(let subscribe):
        return .subscribe { send, onMainActor, ended in
          subscribe(sending(send), onMainActor, ended)
        }
      case .cancel(let id):
        return .cancel(id: id)
      default:
        // `.none`: `rebuilt` hands nothing else to its leaf.
        return .none
      }
    }
  }

  /// The one walk over an operation's tree: the same operation with `nested` applied to every
  /// effect it holds, and `leaf` to it when it holds none (`.none`, `.send`, `.run`,
  /// `.subscribe`, `.cancel`).
  fileprivate func rebuilt<T>(
    nested: (Effect<Action>) -> Effect<T>,
    leaf: (Self) -> Effect<T>.Operation
  ) -> Effect<T>.Operation {
    switch self {
    case .none, .send, .run, .subscribe, .cancel:
      return leaf(self)
    case .merge(let effects):
      return .merge(effects.map(nested))
    case .concatenate(let effects):
      return .concatenate(effects.map(nested))
    case .cancellable(let id, let cancelInFlight, let effect):
      return .cancellable(id: id, cancelInFlight: cancelInFlight, nested(effect))
    case .throttle(let id, let window, let latest, let effect):
      return .throttle(id: id, window: window, latest: latest, nested(effect))
    case .onFinish(let effect, let onFinish):
      return .onFinish(nested(effect), onFinish)
    case .delay(let schedule, let effect):
      return .delay(schedule, nested(effect))
    }
  }
}

extension Effect {
  /// Runs every asynchronous operation of this effect inside `wrap`, which receives the
  /// operation's `send` and the operation, to call with that `send` or another: how navigation
  /// gives a child's effects a `dismiss` that reaches the parent.
  func wrappingRuns(
    _ wrap:
      @escaping @Sendable (
        Send<Action>, _ operation: @escaping @Sendable (Send<Action>) async -> Void
      ) async -> Void
  ) -> Self {
    if case .none = operation { return self }
    return Self(
      operation.rebuilt(nested: { $0.wrappingRuns(wrap) }) { leaf in
        // A subscription sends from its publisher's callbacks, not from an operation to wrap.
        guard case .run(let priority, let name, let operation) = leaf else { return leaf }
        return .run(priority, name) { send in await wrap(send, operation) }
      })
  }
}

extension Effect {
  /// Whether the effect only sends actions, with nothing to wait for.
  var onlySends: Bool {
    switch operation {
    case .none, .send: true
    case .merge(let effects), .concatenate(let effects): effects.allSatisfy(\.onlySends)
    case .run, .subscribe, .cancellable, .cancel, .throttle, .onFinish, .delay: false
    }
  }
}
