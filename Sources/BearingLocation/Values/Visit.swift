import Foundation

/// A stay at one place, as `CLVisit` reports it.
///
/// A visit is reported twice: on arrival with ``departureDate`` equal to `Date.distantFuture`,
/// and on departure with both dates set.
///
/// ```swift
/// let visit = Visit(
///   arrivalDate: arrival, departureDate: .distantFuture,
///   coordinate: .init(latitude: 60.17, longitude: 24.94), horizontalAccuracy: 30)
/// ```
public struct Visit: Hashable, Sendable, Codable {
  /// When the stay began; `Date.distantPast` when the arrival was not observed.
  public var arrivalDate: Date
  /// When the stay ended; `Date.distantFuture` while it goes on.
  public var departureDate: Date
  /// The centre of the fixes taken during the stay.
  public var coordinate: Coordinate
  /// Radius in metres around ``coordinate`` that contains the stay.
  public var horizontalAccuracy: Double

  /// Creates a visit.
  public init(
    arrivalDate: Date, departureDate: Date, coordinate: Coordinate, horizontalAccuracy: Double
  ) {
    self.arrivalDate = arrivalDate
    self.departureDate = departureDate
    self.coordinate = coordinate
    self.horizontalAccuracy = horizontalAccuracy
  }
}
