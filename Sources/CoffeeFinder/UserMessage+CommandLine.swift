import BearingText
import Foundation

extension UserMessage {
  /// A warning from the settings or a watch, as the one line on stderr that says it.
  package static func warning(_ text: String) -> String {
    "warning: \(TerminalText.escape(text))"
  }

  /// No fix came from `origin` within `seconds`.
  package static func noFix(within seconds: Double, from origin: LocationOrigin) -> String {
    "no location fix within \(Int(seconds)) s from \(origin); check the source or pass --at"
  }

  /// The location choice ended with neither a source nor a failure (it was cancelled).
  package static let noLocationSource = "no location source was chosen"

  /// `map` found no position to centre the map on.
  package static let noPositionForMap = "no position to centre the map on"

  /// The environment variable `name` holds `text`, which is not an http(s) URL.
  package static func notAnHTTPURL(_ name: String, _ text: String) -> String {
    "\(name) is not an http(s) URL: \(TerminalText.escape(text))"
  }

  /// The configured Foursquare API key is empty or not a key's shape.
  package static let malformedFoursquareKey =
    "the Foursquare API key is empty or malformed; check FOURSQUARE_API_KEY or the config file"

  /// Standard input is not a terminal, so the full-screen UI cannot read its settings.
  package static let notATerminal =
    "cannot read the terminal's settings (is standard input a terminal?)"

  /// The terminal refused raw mode.
  package static let cannotEnterRawMode = "cannot switch the terminal to raw mode"

  /// `favorites remove` named a place that is not a favourite.
  package static func notAFavorite(_ place: String) -> String {
    "\(place) is not a favourite; see `coffee-finder favorites list`"
  }

  /// `notes add` finished without a note stored.
  package static let noteNotSaved = "the note was not saved"

  /// `notes remove` named a note id that no note has.
  package static func noNote(_ id: String) -> String {
    "there is no note \(id)"
  }

  /// The place store at `path` could not be opened (no reason known).
  package static func cannotOpenOfflinePlaces(_ path: String) -> String {
    "cannot open the offline places \(path)"
  }
}
