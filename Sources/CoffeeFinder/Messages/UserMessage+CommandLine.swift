import BearingText
import Foundation

extension UserMessage {
  /// A warning from the settings or a watch, as the one line on stderr that says it.
  package static func warning(_ text: String) -> String {
    "warning: \(TerminalText.escape(text))"
  }

  /// No fix came from `origin` within `seconds`.
  package static func noFix(within seconds: Double, from origin: LocationOrigin) -> String {
    "no location fix within \(String(format: "%g", seconds)) s from \(origin); check the source "
      + "or pass --at"
  }

  /// A fix came, but the place search around it had not answered when `--timeout` ran out.
  package static func searchTimedOut(within seconds: Double, _ data: DataOrigin) -> String {
    // The description is escaped already.
    "the search of \(data.description) had not answered when --timeout (\(String(format: "%g", seconds)) s, "
      + "for the fix and the search) ran out; try again, or give it longer with --timeout"
  }

  /// The place store could not be opened or read (`reason` names the file and what to do): this
  /// run searches the built-in data only.
  package static func placeStoreSetAside(_ reason: String) -> String {
    "\(reason); until then, only the built-in data (central Helsinki) is searched"
  }

  /// `--near NAME` with `--provider offline`: the offline data knows no place of that name, and
  /// no server is asked.
  package static func notKnownOffline(_ name: String) -> String {
    "no stored area or place is called \"\(TerminalText.escape(name))\", and --provider "
      + "offline asks no server (Nominatim) for it"
  }

  /// `map` could not read the favourites (`error`) and draws the map without their regions.
  package static func favoritesNotDrawn(_ error: any Error) -> String {
    "\(line(for: error)); the map is drawn without favourites"
  }

  /// Ctrl-C ended the UI while a note was being typed: what was typed, so it is not lost.
  package static func noteNotSaved(_ draft: String) -> String {
    "the note being typed was not saved: \(TerminalText.escape(draft))"
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
