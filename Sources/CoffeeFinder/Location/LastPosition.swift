import Bearing
import BearingLocation
import Foundation

/// Where the user was last seen by a live source, kept across runs so that a later run with no
/// source answering can start there, saying how old it is, instead of at a made-up place.
///
/// ```swift
/// @Shared(.lastPosition) var lastPosition: LastPosition?
/// if let last = lastPosition, let age = last.usableAge(at: .now) {
///   print("using your last known position from \(Screen.age(age))")
/// }
/// ```
package struct LastPosition: Codable, Hashable, Sendable {
  package var latitude: Double
  package var longitude: Double
  /// Metres; negative when unknown.
  package var horizontalAccuracy: Double
  /// When the app received the fix (its own clock, not the receiver's: a replayed or simulated
  /// receiver's time says nothing of when the user was there).
  package var receivedAt: Date
  /// Where the fix came from, as ``LocationOrigin``'s description says it ("gpsd
  /// 127.0.0.1:2947"). Read back from a file, so escaped before it is shown.
  package var source: String

  package init(
    coordinate: Coordinate, horizontalAccuracy: Double, receivedAt: Date, source: String
  ) {
    self.latitude = coordinate.latitude
    self.longitude = coordinate.longitude
    self.horizontalAccuracy = horizontalAccuracy
    self.receivedAt = receivedAt
    self.source = source
  }

  /// The position, `nil` when the file holds numbers that are not one.
  package var coordinate: Coordinate? {
    try? Coordinate(validatingLatitude: latitude, longitude: longitude)
  }

  /// The oldest position worth starting from: a day. Someone looking for coffee has usually
  /// moved on by then, and a start that far off helps less than the offline data's centre.
  package static let maximumAge: TimeInterval = 24 * 3600

  /// The position's age at `now`, `nil` when it is too old to use (more than ``maximumAge``)
  /// or from the future (a clock set back since): neither says where the user is.
  package func usableAge(at now: Date) -> TimeInterval? {
    let age = now.timeIntervalSince(receivedAt)
    guard age >= -60, age <= Self.maximumAge, coordinate != nil else { return nil }
    return max(0, age)
  }
}

extension SharedKey where Self == FileStorageKey<LastPosition?> {
  /// The last position a live source gave, in `last-position.json` in the app's documents
  /// directory (`$XDG_DATA_HOME/coffee-finder/`); in memory in tests.
  package static var lastPosition: Self {
    .fileStorage(.documentsDirectory.appending(path: "last-position.json"))
  }
}
