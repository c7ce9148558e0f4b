import Foundation

/// Distances as people read them: "85 m" below a kilometre, "1.2 km" above.
///
/// ```swift
/// DistanceText.format(1234)  // "1.2 km"
/// ```
public enum DistanceText {
  /// `metres` rounded for display; "?" for a value that is not a distance.
  public static func format(_ metres: Double?) -> String {
    guard let metres, metres.isFinite, metres >= 0 else { return "?" }
    if metres < 999.5 { return "\(Int(metres.rounded())) m" }
    return String(format: "%.1f km", metres / 1000)
  }
}
