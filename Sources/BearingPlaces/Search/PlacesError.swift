import Foundation

/// Why a place search failed, worded so the user knows what to do.
///
/// The HTTP provider's cases never carry the API key, only what the user can act on.
public enum PlacesError: Error, Hashable, Sendable, CustomStringConvertible, LocalizedError {
  /// The query cannot be run as given; the text says which value is wrong.
  case invalidQuery(String)
  /// The center is outside the offline data; the text names the area the data covers.
  case outsideCoverage(String)
  /// The offline data could not be loaded; the text says which file and why.
  case dataUnavailable(String)
  /// The place service refused the API key.
  case keyRefused
  /// The place service is rate limiting; try again after the given number of seconds if known.
  case rateLimited(retryAfter: Double?)
  /// The place service could not be reached or failed; the text says how.
  case serviceUnavailable(String)

  /// What failed, as a sentence the user can act on, such as "Rate limited, retry in 30 s.".
  public var description: String {
    switch self {
    case .invalidQuery(let reason):
      "Invalid search: \(reason)."
    case .outsideCoverage(let area):
      "No offline data here: the offline places cover \(area). "
        + "Import OpenStreetMap data for this area or configure a Foursquare API key."
    case .dataUnavailable(let reason):
      "The offline places could not be loaded: \(reason)."
    case .keyRefused:
      "The API key was refused."
    case .rateLimited(let retryAfter?):
      "Rate limited, retry in \(Int(retryAfter.rounded(.up))) s."
    case .rateLimited(nil):
      "Rate limited, retry later."
    case .serviceUnavailable(let reason):
      "The place service is unavailable: \(reason)."
    }
  }

  /// The same text as `description`.
  public var errorDescription: String? { description }
}
