extension Reducer {
  /// Runs this reducer, and the effects it creates, with one dependency set to `value`.
  ///
  /// ```swift
  /// Scope(state: \.onboarding, action: \.onboarding) {
  ///   Onboarding().dependency(\.database, .preview)
  /// }
  /// ```
  public func dependency<Value>(
    _ keyPath: WritableKeyPath<DependencyValues, Value>,
    _ value: Value
  ) -> _DependencyKeyWritingReducer<Self> {
    _DependencyKeyWritingReducer(base: self) { $0[keyPath: keyPath] = value }
  }

  /// Runs this reducer, and the effects it creates, with one dependency changed by `transform`.
  ///
  /// ```swift
  /// Child().transformDependency(\.analytics) { $0 = $0.prefixed("child.") }
  /// ```
  public func transformDependency<Value>(
    _ keyPath: WritableKeyPath<DependencyValues, Value>,
    transform: @escaping (_ dependency: inout Value) -> Void
  ) -> _DependencyKeyWritingReducer<Self> {
    _DependencyKeyWritingReducer(base: self) { transform(&$0[keyPath: keyPath]) }
  }
}

/// What ``Reducer/dependency(_:_:)`` and ``Reducer/transformDependency(_:transform:)`` build.
public struct _DependencyKeyWritingReducer<Base: Reducer>: Reducer {
  let base: Base
  let update: (inout DependencyValues) -> Void

  /// Runs the base reducer with the dependencies changed; the effects it returns keep the change.
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    // `Effect.run` captures the dependencies current where it is made, so effects created
    // here keep the override wherever they run.
    withDependencies(update) {
      base.reduce(into: &state, action: action)
    }
  }

  /// Another override on top of this one, as one reducer.
  public func dependency<Value>(
    _ keyPath: WritableKeyPath<DependencyValues, Value>,
    _ value: Value
  ) -> Self {
    let update = self.update
    return Self(base: base) {
      $0[keyPath: keyPath] = value
      update(&$0)
    }
  }

  /// Another transformation on top of this override, as one reducer.
  public func transformDependency<Value>(
    _ keyPath: WritableKeyPath<DependencyValues, Value>,
    transform: @escaping (_ dependency: inout Value) -> Void
  ) -> Self {
    let update = self.update
    // The transformation written last wraps the others: it runs first, and the one nearest
    // the reducer has the last word, as when the reducers are nested.
    return Self(base: base) {
      transform(&$0[keyPath: keyPath])
      update(&$0)
    }
  }
}
