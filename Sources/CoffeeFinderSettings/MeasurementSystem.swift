/// The units distances are shown in.
public enum MeasurementSystem: String, Hashable, Sendable, CaseIterable, Codable {
  /// Metres and kilometres.
  case metric
  /// Feet and miles.
  case imperial
}
