import BearingLocation
import BearingTelemetry

extension Nearby {
  /// What the nearby list tells analytics: each search's outcome, never a place's name or the
  /// user's exact position (``AnalyticsEvent`` rounds coordinates to about a kilometre).
  ///
  /// ```swift
  /// Store(initialState: Nearby.State()) { Nearby().analytics(Nearby.analyticsEvent) }
  /// ```
  package static func analyticsEvent(_ state: State, _ action: Action) -> AnalyticsEvent? {
    switch action {
    case .searchFinished(let places):
      var properties: [String: AnalyticsValue] = [
        "results": .int(places.count), "radius": .double(state.radius),
      ]
      if let center = state.searchCenter { properties["center"] = .coordinate(center) }
      return AnalyticsEvent("search", properties)
    case .searchFailed:
      return AnalyticsEvent("search_failed")
    case .locationManager(.didChangeAuthorization(.denied)),
      .locationManager(.didChangeAuthorization(.restricted)):
      return AnalyticsEvent("location_denied")
    default:
      return nil
    }
  }
}

extension CoffeeFinderApp {
  /// What the app tells analytics: searches (as ``Nearby/analyticsEvent(_:_:)``), favourites
  /// added and removed, arrivals at a favourite, and notes written, without names or note text.
  package static func analyticsEvent(_ state: State, _ action: Action) -> AnalyticsEvent? {
    switch action {
    case .nearby(let action):
      return Nearby.analyticsEvent(state.nearby, action)
    case .favoriteRegions(let action):
      return FavoriteRegions.analyticsEvent(state.favoriteRegions, action)
    case .noteDraftSubmitted:
      return AnalyticsEvent("note_added")
    default:
      return nil
    }
  }
}

extension FavoriteRegions {
  /// What the favourites tell analytics, wherever they run (the full-screen UI, `favorites`,
  /// `watch`): a favourite added or removed, and arriving at one; never which.
  package static func analyticsEvent(_ state: State, _ action: Action) -> AnalyticsEvent? {
    switch action {
    case .added: AnalyticsEvent("favorite_added")
    case .removed: AnalyticsEvent("favorite_removed")
    case .delegate(.entered): AnalyticsEvent("favorite_reached")
    default: nil
    }
  }
}

extension Watch {
  /// What `watch` tells analytics for a line it shows: an arrival at a favourite. Tracked by the
  /// command as it prints the line, not from an effect, so that a replay that ends right after
  /// an arrival still records it before the process exits.
  package static func analyticsEvent(for output: Output) -> AnalyticsEvent? {
    guard case .line(.enter) = output else { return nil }
    return AnalyticsEvent("favorite_reached")
  }
}
