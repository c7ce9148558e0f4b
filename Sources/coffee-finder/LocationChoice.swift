import BearingLocation
import BearingText
import CoffeeFinder

/// The location source a command uses: where it comes from, a client for it, and, when no
/// option chose it, why it was chosen (said to the user in one line).
struct LocationChoice {
  var origin: LocationOrigin
  var manager: LocationManager
  /// Why the automatic choice fell where it did ("no gpsd at 127.0.0.1:2947 and no GeoClue on
  /// the system bus"), the start of the user's line; `nil` when an option or the
  /// configuration chose the source.
  var reason: String?
  /// What the user should hear when the command ends: a replay's summary of the sentences it
  /// skipped ("1 of 6 sentences skipped: 1 had bad checksums").
  var closingNote: String?

  init(_ origin: LocationOrigin, _ manager: LocationManager, reason: String? = nil) {
    self.origin = origin
    self.manager = manager
    self.reason = reason
  }

  /// The line that tells the user which source is used and why; `simulatedAt` describes the
  /// simulated position. `nil` when an option chose the source.
  func note(simulatedAt place: String) -> String? {
    guard let reason else { return nil }
    switch origin {
    case .simulated:
      return "\(reason): using a simulated position at \(place); pass --at LAT,LON, --gpsd "
        + "HOST:PORT or --geoclue"
    case .gpsd:
      return "\(reason): using it"
    case .geoClue(let id):
      return "\(reason): using GeoClue on the system bus (desktop id \(id))"
    case .lastKnown(let coordinate, let age, let source):
      // Said plainly, so that an old position is never taken for a fresh fix.
      return "\(reason): using your last known position (\(LocationOrigin.short(coordinate))) "
        + "from \(LocationOrigin.age(age)), via \(TerminalText.escape(source, limit: 80)); pass "
        + "--at LAT,LON, --gpsd HOST:PORT or --geoclue"
    default:
      return "\(reason): using \(origin)"
    }
  }
}
