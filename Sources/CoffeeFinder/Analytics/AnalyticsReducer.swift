import Bearing
import BearingTelemetry

extension Reducer {
  /// Tracks an analytics event for each action that `event` maps to one, through the
  /// `\.analytics` dependency; other actions pass through untouched.
  ///
  /// NeoNeo4's analytics calls, as a higher-order reducer: features stay free of tracking code,
  /// and the choice of what is tracked sits in one place. `event` sees the state *after* the
  /// action. The event is sent from an effect, so reducers stay pure and a `TestStore` sees it.
  ///
  /// ```swift
  /// Store(initialState: App.State()) {
  ///   App().analytics { state, action in
  ///     switch action {
  ///     case .favoriteToggled(let id): AnalyticsEvent("favorite_toggled", ["id": .string(id)])
  ///     case .searchResponse(.success(let places)):
  ///       AnalyticsEvent("search", ["results": .int(places.count)])
  ///     default: nil
  ///     }
  ///   }
  /// }
  /// ```
  package func analytics(
    _ event: @escaping (_ state: State, _ action: Action) -> AnalyticsEvent?
  ) -> _AnalyticsReducer<Self> {
    _AnalyticsReducer(base: self, event: event)
  }
}

/// What ``Reducer/analytics(_:)`` builds.
package struct _AnalyticsReducer<Base: Reducer>: Reducer {
  let base: Base
  let event: (Base.State, Base.Action) -> AnalyticsEvent?
  @Dependency(\.analytics) var analyticsClient

  package func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    let effect = base.reduce(into: &state, action: action)
    guard let event = event(state, action) else { return effect }
    let client = analyticsClient
    return .merge(effect, .run { _ in client.track(event) })
  }
}
