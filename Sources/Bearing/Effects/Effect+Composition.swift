extension Effect {
  /// Runs effects at the same time.
  ///
  /// ```swift
  /// return .merge(.send(.startTimer), .run { send in … })
  /// ```
  public static func merge(_ effects: Self...) -> Self { merge(effects) }

  /// Runs effects at the same time.
  public static func merge(_ effects: some Sequence<Self>) -> Self {
    let effects = effects.filter { if case .none = $0.operation { false } else { true } }
    switch effects.count {
    case 0: return .none
    case 1: return effects[0]
    default: return Self(.merge(effects))
    }
  }

  /// Runs effects one after another: each starts when the previous one has finished.
  ///
  /// ```swift
  /// return .concatenate(.run { _ in try await database.save(note) }, .send(.saved))
  /// ```
  public static func concatenate(_ effects: Self...) -> Self { concatenate(effects) }

  /// Runs effects one after another: each starts when the previous one has finished.
  public static func concatenate(_ effects: some Sequence<Self>) -> Self {
    let effects = effects.filter { if case .none = $0.operation { false } else { true } }
    switch effects.count {
    case 0: return .none
    case 1: return effects[0]
    default: return Self(.concatenate(effects))
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
    switch self {
    case .none:
      return .none
    case .send(let action):
      return .send(transform(action))
    case .run(let priority, let name, let operation):
      return .run(priority, name) { send in
        await operation(Send(origin: send.origin) { action in send.send(transform(action)) })
      }
    case .subscribe(let subscribe):
      return .subscribe { send, onMainActor, ended in
        subscribe(
          Send(origin: send.origin) { action in send.send(transform(action)) }, onMainActor, ended)
      }
    case .merge(let effects):
      return .merge(effects.map { $0.map(transform) })
    case .concatenate(let effects):
      return .concatenate(effects.map { $0.map(transform) })
    case .cancellable(let id, let cancelInFlight, let effect):
      return .cancellable(id: id, cancelInFlight: cancelInFlight, effect.map(transform))
    case .cancel(let id):
      return .cancel(id: id)
    case .throttle(let id, let window, let latest, let effect):
      return .throttle(id: id, window: window, latest: latest, effect.map(transform))
    case .onFinish(let effect, let onFinish):
      return .onFinish(effect.map(transform), onFinish)
    case .delay(let schedule, let effect):
      return .delay(schedule, effect.map(transform))
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
    Self(operation.wrappingRuns(wrap))
  }
}

extension Effect.Operation {
  func wrappingRuns(
    _ wrap:
      @escaping @Sendable (
        Send<Action>, _ operation: @escaping @Sendable (Send<Action>) async -> Void
      ) async -> Void
  ) -> Self {
    switch self {
    case .none, .send, .cancel, .subscribe:
      // A subscription sends from its publisher's callbacks, not from an operation to wrap.
      return self
    case .run(let priority, let name, let operation):
      return .run(priority, name) { send in await wrap(send, operation) }
    case .merge(let effects):
      return .merge(effects.map { $0.wrappingRuns(wrap) })
    case .concatenate(let effects):
      return .concatenate(effects.map { $0.wrappingRuns(wrap) })
    case .cancellable(let id, let cancelInFlight, let effect):
      return .cancellable(id: id, cancelInFlight: cancelInFlight, effect.wrappingRuns(wrap))
    case .throttle(let id, let window, let latest, let effect):
      return .throttle(id: id, window: window, latest: latest, effect.wrappingRuns(wrap))
    case .onFinish(let effect, let onFinish):
      return .onFinish(effect.wrappingRuns(wrap), onFinish)
    case .delay(let schedule, let effect):
      return .delay(schedule, effect.wrappingRuns(wrap))
    }
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
