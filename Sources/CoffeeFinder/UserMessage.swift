import BearingLocation
import BearingPersistence
import BearingPlaces
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
public enum UserMessage {
  /// One escaped line describing `error`, whatever it is.
  public static func line(for error: any Error) -> String {
    let text: String
    switch error {
    case PlacesError.keyRefused:
      // Where the key comes from is the app's business, not the library's.
      text = "The API key was refused; check FOURSQUARE_API_KEY or the config file."
    case let error as PlacesError: text = error.description
    case let error as StorageError: text = error.description
    case let error as LocationError: text = error.description
    case let error as CocoaError:
      // Foundation's file errors describe themselves as a dump of their user info.
      let path = (error.userInfo[NSFilePathErrorKey] as? String).map { " (\($0))" } ?? ""
      text = error.localizedDescription + path
    case let error as any LocalizedError where error.errorDescription != nil:
      text = error.errorDescription ?? ""
    case let error as any CustomStringConvertible: text = error.description
    default: text = error.localizedDescription
    }
    return TerminalText.line(text)
  }
}
