import Bearing
import BearingLocation
import BearingPlaceStore
import BearingPlaces
import BearingSQLite
import BearingText
import Foundation

/// The one place where an error becomes what the user reads: one line, escaped, naming the
/// cause in the words of the layer that knows it (the database file, the server's message, the
/// location source).
///
/// Every screen, command and feature of the app describes failures through it.
///
/// ```swift
/// } catch: { error, send in
///   await send(.searchFailed(UserMessage.line(for: error)))
/// }
/// ```
package enum UserMessage {
  /// One escaped line describing `error`, whatever it is.
  package static func line(for error: any Error) -> String {
    let text: String
    switch error {
    case PlacesError.keyRefused:
      // Where the key comes from is the app's business, not the library's.
      text = "The API key was refused; check FOURSQUARE_API_KEY or the config file."
    case let error as PlacesError: text = error.description
    case let error as StorageError: text = error.description
    case let error as LocationError: text = error.description
    case let error as CocoaError:
      let path = (error.userInfo[NSFilePathErrorKey] as? String).map { " (\($0))" } ?? ""
      text = fileProblem(error) + path
    case let error as any LocalizedError where error.errorDescription != nil:
      text = error.errorDescription ?? ""
    case let error as any CustomStringConvertible: text = error.description
    default: text = error.localizedDescription
    }
    return TerminalText.line(text)
  }

  /// The favourites could not be read.
  package static func favoritesUnavailable(_ error: any Error) -> String {
    "Favourites are unavailable: \(line(for: error))"
  }

  /// No place of the offline data has `text` as its id or name.
  package static func noPlaceNamed(_ text: String) -> String {
    TerminalText.line(
      "no place with the id or name \"\(text)\" in the offline data; "
        + "`coffee-finder nearby --json` lists ids")
  }

  /// Several places of the offline data are called `text`: the user chooses by id.
  package static func severalPlacesNamed(_ text: String, ids: [String]) -> String {
    TerminalText.line(
      "\(ids.count) places are called \"\(text)\"; use an id: " + ids.joined(separator: ", "))
  }

  /// The place store at `path` could not be opened.
  package static func cannotOpenOfflinePlaces(_ path: String, _ error: any Error) -> String {
    "cannot open the offline places \(TerminalText.line(path)): \(line(for: error))"
  }

  /// The offline places at `path` (stored areas and the built-in one) could not be read.
  package static func cannotReadOfflinePlaces(_ path: String, _ error: any Error) -> String {
    "cannot read the offline places \(TerminalText.line(path)): \(line(for: error))"
  }

  /// `import`: features of the file left out because they cannot be read, the first few
  /// reasons given (not escaped: ``warning(_:)`` escapes the whole line).
  package static func featuresSkipped(_ count: Int, reasons: [String]) -> String {
    let noun = count == 1 ? "feature" : "features"
    let more = count > reasons.count ? "; …" : ""
    return "left out \(count) \(noun) that cannot be read: "
      + reasons.joined(separator: "; ") + more
  }

  /// `import`: features of a GeoJSON file that are neither a named café nor a line for maps
  /// and walks, read and left out.
  package static func featuresNotCafés(_ count: Int, every: Bool) -> String {
    let features = count == 1 ? "1 feature" : "\(count) features"
    let what = count == 1 ? "is not a named café" : "are not named cafés"
    return every
      ? "Left out \(features) with no name."
      : "Left out \(features) that \(what) (--all takes every named feature)."
  }

  /// An area could not be stored in the place store at `path`; nothing of it was stored.
  package static func cannotStoreArea(in path: String, _ error: any Error) -> String {
    "cannot store the area in \(TerminalText.line(path)): \(line(for: error))"
  }

  /// No stored area is called `name`: `areas remove` and `areas update` say so, the first
  /// adding that the built-in area cannot be removed.
  package static func noStoredArea(_ name: String, removing: Bool = false) -> String {
    "no stored area is called \"\(TerminalText.escape(name))\"; `coffee-finder areas list` "
      + "shows them" + (removing ? " (the built-in area cannot be removed)" : "")
  }

  /// The file at `path` that `area` was imported from is gone; the area keeps its places.
  package static func areaFileGone(_ area: StoredArea, path: String) -> String {
    "cannot update \(TerminalText.escape(area.name)): its file \(TerminalText.escape(path)) is "
      + "no longer there; \(TerminalText.escape(area.name)) keeps its \(Counted.places(area.placeCount))"
  }

  /// `import` could not read the file at `path`; nothing was stored.
  package static func cannotImport(_ path: String, _ reason: any Error) -> String {
    "cannot import \(TerminalText.line(path)): \(line(for: reason))"
  }

  /// `areas update` could not import the area's file at `path` again; the area is as it was.
  package static func cannotImportAgain(_ path: String, _ reason: any Error) -> String {
    "cannot import \(TerminalText.escape(path)) again: \(line(for: reason)) "
      + "The stored area is unchanged."
  }

  /// `areas update` could not read the places an earlier version kept at `path` again.
  package static func cannotReadAgain(_ path: String, _ reason: any Error) -> String {
    "cannot read \(TerminalText.escape(path)) again: \(line(for: reason)) "
      + "The stored area is unchanged."
  }

  /// A download from Overpass failed; nothing was stored.
  package static func downloadFailed(_ error: any Error) -> String {
    "\(line(for: error)) Nothing was stored."
  }

  /// Overpass found no named café within `radius` metres of `center`; nothing was stored.
  package static func noCafésDownloaded(within radius: Double, of center: Coordinate) -> String {
    "Overpass found no named café within \(DistanceText.format(radius)) of "
      + String(format: "%.5f,%.5f", center.latitude, center.longitude) + "; nothing was stored"
  }

  /// The places an earlier version kept at `path` (`imported-places.json`) could not be read,
  /// so they could not be moved into the place store.
  package static func cannotReadLegacyPlaces(_ path: String, _ error: any Error) -> String {
    "cannot read the imported places in \(TerminalText.line(path)): \(line(for: error)) "
      + "Import the file again, or remove it to use the built-in data."
  }

  /// The app storage holding the remembered choices could not be read: they are ignored.
  package static func unreadableChoices(_ error: FileStorageError) -> String {
    let path = TerminalText.escape(error.path)
    return error.operation == .decode
      ? "warning: \(path) does not hold remembered choices; ignoring it (it is kept as "
        + "\(path).corrupt when a choice is next saved)"
      : "warning: ignoring your remembered choices: \(TerminalText.escape(error.description))"
  }

  /// The last known position could not be read: it is not used.
  package static func unreadableLastPosition(_ error: any Error) -> String {
    let reason =
      (error as? FileStorageError).map { error in
        error.operation == .decode
          ? "\(error.path) does not hold a position (it is replaced at the next live fix)"
          : error.description
      } ?? "\(error)"
    return "warning: ignoring your last known position: \(TerminalText.escape(reason))"
  }

  /// This run's position could not be remembered.
  package static func cannotRememberPosition(_ error: any Error) -> String {
    "warning: cannot remember this position: \(TerminalText.escape(String(describing: error)))"
  }

  /// This run's choices could not be remembered.
  package static func cannotRememberChoices(_ error: any Error) -> String {
    "warning: cannot remember your choices: \(TerminalText.escape(String(describing: error)))"
  }

  /// `--provider foursquare` (or the settings' provider) without a Foursquare API key.
  package static let foursquareNeedsAKey =
    "--provider foursquare needs an API key: give --api-key, or set FOURSQUARE_API_KEY or "
    + "foursquare_api_key in the config file"

  /// The file at `path` could not be written; a missing file there means a missing folder.
  package static func cannotWrite(_ path: String, _ error: any Error) -> String {
    let code = (error as? CocoaError)?.code
    let missing = code == .fileNoSuchFile || code == .fileReadNoSuchFile
    let problem = missing ? "its folder does not exist" : fileProblem(error)
    return "cannot write \(TerminalText.line(path)): \(TerminalText.line(problem))"
  }

  /// The track file at `path` could not be read.
  package static func cannotReadTrack(_ path: String, _ error: any Error) -> String {
    "cannot read the track \(TerminalText.line(path)): " + TerminalText.line(fileProblem(error))
  }

  /// What went wrong with a file, in a few words: Foundation's file errors on Linux say "The
  /// operation could not be completed" before their reason, or dump their user info.
  package static func fileProblem(_ error: any Error) -> String {
    guard let error = error as? CocoaError else { return error.localizedDescription }
    switch error.code {
    case .fileNoSuchFile, .fileReadNoSuchFile: return "no such file"
    case .fileReadNoPermission, .fileWriteNoPermission: return "permission denied"
    case .fileWriteOutOfSpace: return "the disk is full"
    case .fileWriteVolumeReadOnly: return "the file system is read-only"
    case .fileWriteFileExists: return "a file is already there"
    default:
      let text = error.localizedDescription
      let generic = "The operation could not be completed. "
      return text.hasPrefix(generic) ? String(text.dropFirst(generic.count)) : text
    }
  }

  /// The track file at `path` was read but is not a track the app can replay.
  package static func unreadableTrack(_ path: String, _ error: any Error) -> String {
    "\(TerminalText.line(path)): \(line(for: error))"
  }

  /// The track file at `path` holds no fix the app can replay.
  package static func noUsableFixes(_ path: String) -> String {
    "the track \(TerminalText.line(path)) holds no usable fixes"
  }

  /// Monitoring the region called `identifier` (`nil`: not known) failed; watching goes on.
  package static func cannotMonitor(_ identifier: String?, _ error: any Error) -> String {
    "cannot monitor \(TerminalText.line(identifier ?? "a region")): \(line(for: error))"
  }

  /// `--near` was given only white space.
  package static let nearNeedsAName = "--near needs a place name"

  /// `name` could be any of `answers` (the first five are listed).
  package static func ambiguous(_ name: String, _ answers: [GeocodedPlace]) -> String {
    let list = answers.prefix(5).map {
      TerminalText.escape($0.name)
        + String(format: " (%.5f,%.5f)", $0.coordinate.latitude, $0.coordinate.longitude)
    }
    return "\"\(TerminalText.escape(name))\" could be \(answers.count) places: "
      + list.joined(separator: "; ") + ". Pass a longer name, or --at LAT,LON"
  }

  /// The geocoder could not be asked for `name`; `offline` are the areas whose names `--near`
  /// knows without it.
  package static func cannotFind(_ name: String, _ error: any Error, offline: [String]) -> String {
    "cannot find \"\(TerminalText.escape(name))\": \(line(for: error)) Offline, "
      + "--near knows the names of stored places and of the areas "
      + TerminalText.escape(offline.joined(separator: ", "))
  }

  /// A favourite could not be saved.
  package static func cannotSaveFavorite(_ error: any Error) -> String {
    "Could not save the favourite: \(line(for: error))"
  }

  /// A favourite could not be removed.
  package static func cannotRemoveFavorite(_ error: any Error) -> String {
    "Could not remove the favourite: \(line(for: error))"
  }

  /// Whether the user is inside a favourite's region could not be recorded.
  package static func regionStateNotSaved(_ error: any Error) -> String {
    "The region state was not saved: \(line(for: error))"
  }

  /// A place's notes could not be read.
  package static func cannotLoadNotes(_ error: any Error) -> String {
    "Could not load notes: \(line(for: error))"
  }

  /// A note was submitted with no text.
  package static let emptyNote = "A note needs some text."

  /// A note could not be saved.
  package static func cannotSaveNote(_ error: any Error) -> String {
    "Could not save the note: \(line(for: error))"
  }

  /// A note could not be deleted.
  package static func cannotDeleteNote(_ error: any Error) -> String {
    "Could not delete the note: \(line(for: error))"
  }

  /// What to do when location access is refused; on Linux that means gpsd is unreachable.
  package static let locationAccessOff =
    "No location: gpsd could not be reached. Start gpsd (or pass --gpsd HOST:PORT), "
    + "or choose a location with --at LAT,LON, --replay FILE or --wander."

  /// What to do when location access is refused because of `error`: GeoClue's errors say
  /// what to allow or start; any other keeps ``locationAccessOff``, which names the app's options.
  package static func locationAccessOff(because error: LocationError) -> String {
    switch error {
    case .geoClueDenied, .geoClueNoAgent, .geoClueUnavailable, .geoClueLibraryMissing:
      error.description
    case .servicesUnavailable(let endpoint, let reason):
      "No location: cannot connect to gpsd at \(TerminalText.escape(endpoint)) "
        + "(\(TerminalText.escape(reason))). Start gpsd there, or choose a location with "
        + "--at LAT,LON, --replay FILE or --wander."
    default: locationAccessOff
    }
  }

  /// The geocoder knows no place called `name`.
  package static func noPlaceCalled(_ name: String) -> String {
    "no place called \"\(TerminalText.escape(name))\" was found"
  }
}

extension UserMessage {
  /// A failure a feature has already worded for the user; ``UserMessage/line(for:)`` says it as
  /// it is.
  struct Worded: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) {
      self.description = description
    }
  }
}
