import BearingPersistence
import BearingPlaces
import BearingText
import CoffeeFinder
import Foundation

/// An error met while running a command: printed as one line, exit status 1.
struct CLIError: Error, CustomStringConvertible {
  var message: String

  init(_ message: String) {
    self.message = message
  }

  var description: String { message }

  /// One escaped line describing `error`, whatever it is.
  static func describe(_ error: any Error) -> String {
    let text: String
    switch error {
    case let error as CLIError: text = error.message
    case let error as PlacesError: text = error.description
    case let error as StorageError: text = error.description
    case let error as any CustomStringConvertible: text = error.description
    // Anything else, including an error that argument-parser wrapped (one thrown by a
    // `validate()` that is not a `ValidationError`): argument-parser's own message for it.
    default: text = CoffeeFinderCommand.message(for: error)
    }
    let oneLine = text.split(whereSeparator: \.isNewline).joined(separator: " ")
    return TerminalText.escape(oneLine)
  }
}
