import BearingMap
import CoffeeFinderSettings
import Foundation

/// Distances as people read them, in the user's units: "85 m" and "1.2 km", or "280 ft" and
/// "0.8 mi".
///
/// ```swift
/// DistanceText.format(1234)                     // "1.2 km"
/// DistanceText.format(1234, units: .imperial)   // "0.77 mi"
/// ```
package enum DistanceText {
  static let metresPerFoot = ScaleBar.metresPerFoot
  static let metresPerMile = ScaleBar.metresPerMile

  /// `metres` rounded for display; "?" for a value that is not a distance.
  ///
  /// Imperial distances are in feet below 1,000 ft, then in miles: to the hundredth below a
  /// mile (0.25 mi, so that a list of nearby cafés is not all "0.1 mi"), to the tenth above.
  package static func format(_ metres: Double?, units: MeasurementSystem = .metric) -> String {
    guard let metres, metres.isFinite, metres >= 0 else { return "?" }
    switch units {
    case .metric:
      if metres < 999.5 { return "\(Int(metres.rounded())) m" }
      return String(format: "%.1f km", metres / 1000)
    case .imperial:
      let feet = metres / metresPerFoot
      if feet < 999.5 { return "\(Int(feet.rounded())) ft" }
      let miles = metres / metresPerMile
      return String(format: miles < 0.995 ? "%.2f mi" : "%.1f mi", miles)
    }
  }
}
