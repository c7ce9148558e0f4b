import BearingLocation
import BearingText

/// Where the app's location comes from, shown in the status bar and in command output.
///
/// ```swift
/// LocationOrigin.simulated(at: centre).description
/// // "simulated in central Helsinki (60.1700, 24.9440)"
/// ```
package enum LocationOrigin: Hashable, Sendable, CustomStringConvertible {
  /// Live fixes from gpsd at `endpoint` (`host:port`).
  case gpsd(endpoint: String)
  /// Live fixes from GeoClue on the system bus, asked for as the desktop id `desktopID`.
  case geoClue(desktopID: String)
  /// A recorded track replayed from `file`.
  case replay(file: String)
  /// A simulated walk among regions.
  case wander
  /// A position typed on the command line.
  case manual(Coordinate)
  /// No source was given: a fixed position at the built-in data's centre, central Helsinki.
  case simulated(Coordinate)
  /// No source answered: the last position a live source gave (``LastPosition``), `age`
  /// seconds old when the run started, from `source` ("gpsd 127.0.0.1:2947", untrusted: read
  /// from a file).
  case lastKnown(Coordinate, age: Double, source: String)

  package var description: String {
    switch self {
    case .gpsd(let endpoint): "gpsd \(endpoint)"
    case .geoClue: "GeoClue"
    case .replay(let file): "replay of \(TerminalText.escape(file))"
    case .wander: "simulated wander"
    case .manual(let coordinate): "manual \(Self.short(coordinate))"
    case .simulated(let coordinate):
      "simulated in central Helsinki (\(Self.short(coordinate)))"
    // Short, for the header and the status bar; `LocationChoice` says where it came from.
    case .lastKnown(_, let age, _): "last known, \(Self.age(age))"
    }
  }

  /// How a fix of this source is labelled when it is remembered as the ``LastPosition``; `nil`
  /// for a source that does not say where the user is (a simulation, a replay).
  package var rememberedAs: String? {
    switch self {
    case .gpsd, .geoClue: description
    case .manual: "--at"
    case .replay, .wander, .simulated, .lastKnown: nil
    }
  }

  /// A machine-readable kind, for JSON output.
  package var kind: String {
    switch self {
    case .gpsd: "gpsd"
    case .geoClue: "geoclue"
    case .replay: "replay"
    case .wander: "wander"
    case .manual: "manual"
    case .simulated: "simulated"
    case .lastKnown: "last-known"
    }
  }

  /// A last known position's age as people read it: "12 min ago".
  package static func age(_ seconds: Double) -> String { Screen.age(max(1, seconds)) }

  /// A coordinate to four decimals: "60.1699, 24.9384".
  package static func short(_ coordinate: Coordinate) -> String {
    // Always four decimals (about 10 m), so that a header does not jump about as a walk goes
    // on; `+ 0` turns a negative zero into zero.
    String(format: "%.4f, %.4f", coordinate.latitude + 0, coordinate.longitude + 0)
  }
}
