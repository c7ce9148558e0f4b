import Foundation

extension RegionMonitor {
  /// The thresholds a ``RegionMonitor`` applies to fixes; every value has a documented default.
  ///
  /// A fix counts as *inside* a region once it is inside the circle by ``entryMargin`` and as
  /// *outside* once it is outside by ``exitMargin``; a fix in between changes nothing, so a
  /// position jittering on the boundary does not flap. A fix whose horizontal accuracy is worse
  /// than ``maximumAccuracyRatio`` times a region's radius changes nothing for that region.
  ///
  /// ```swift
  /// let monitor = RegionMonitor(configuration: .init(exitMargin: 25, minimumDwellTime: 60))
  /// ```
  public struct Configuration: Sendable, Hashable, Codable {
    /// Metres a fix must be inside the boundary to enter; default 5 m.
    ///
    /// Capped at half the region's radius so that small regions can still be entered.
    public var entryMargin: Double
    /// Metres a fix must be outside the boundary to exit; default 10 m.
    public var exitMargin: Double
    /// Largest horizontal accuracy, as a multiple of a region's radius, of a fix that may change
    /// that region's state; default 1 (the fix's uncertainty no larger than the region).
    public var maximumAccuracyRatio: Double
    /// Seconds a fix must stay inside (not outside by ``exitMargin``) before entry fires;
    /// default 0 (enter at once). Measured with the fixes' own timestamps.
    public var minimumDwellTime: TimeInterval
    /// Largest radius accepted, in metres; default 1,000 km.
    public var maximumRegionMonitoringDistance: Double

    /// Creates a configuration. Negative or non-finite values fall back to safe values:
    /// margins and dwell to 0, the accuracy ratio to 1, the maximum distance to its default.
    public init(
      entryMargin: Double = 5,
      exitMargin: Double = 10,
      maximumAccuracyRatio: Double = 1,
      minimumDwellTime: TimeInterval = 0,
      maximumRegionMonitoringDistance: Double = 1_000_000
    ) {
      self.entryMargin = entryMargin.isFinite && entryMargin > 0 ? entryMargin : 0
      self.exitMargin = exitMargin.isFinite && exitMargin > 0 ? exitMargin : 0
      self.maximumAccuracyRatio = maximumAccuracyRatio > 0 ? maximumAccuracyRatio : 1
      self.minimumDwellTime =
        minimumDwellTime.isFinite && minimumDwellTime > 0 ? minimumDwellTime : 0
      self.maximumRegionMonitoringDistance =
        maximumRegionMonitoringDistance.isFinite && maximumRegionMonitoringDistance > 0
        ? maximumRegionMonitoringDistance : 1_000_000
    }

    /// The entry margin applied to a region of `radius` metres: ``entryMargin``, at most half
    /// the radius.
    public func effectiveEntryMargin(forRadius radius: Double) -> Double {
      min(entryMargin, radius * 0.5)
    }

    /// Whether a fix `distance` metres from the center is inside a region of `radius` by the
    /// entry margin.
    public func isInsideByMargin(distance: Double, radius: Double) -> Bool {
      distance <= radius - effectiveEntryMargin(forRadius: radius)
    }

    /// Whether a fix `distance` metres from the center is outside a region of `radius` by the
    /// exit margin.
    public func isOutsideByMargin(distance: Double, radius: Double) -> Bool {
      distance > radius + exitMargin
    }

    /// Whether a fix of `horizontalAccuracy` may change the state of a region of `radius`.
    public func accepts(horizontalAccuracy: Double, radius: Double) -> Bool {
      horizontalAccuracy <= maximumAccuracyRatio * radius
    }

    /// Why `region` cannot be monitored, or `nil` when it can.
    public func validationError(for region: Region) -> RegionMonitoringError? {
      if region.identifier.isEmpty { return .emptyIdentifier }
      do {
        _ = try Coordinate(
          validatingLatitude: region.center.latitude, longitude: region.center.longitude)
      } catch {
        return .invalidCenter(error)
      }
      if !region.radius.isFinite { return .radiusNotFinite(region.radius) }
      if region.radius <= 0 { return .radiusNotPositive(region.radius) }
      if region.radius > maximumRegionMonitoringDistance {
        return .radiusBeyondMaximum(
          radius: region.radius, maximum: maximumRegionMonitoringDistance)
      }
      return nil
    }
  }
}
