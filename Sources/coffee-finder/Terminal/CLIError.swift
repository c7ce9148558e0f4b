import CoffeeFinder
import Foundation

/// An error met while running a command: printed as one line, exit status 1.
struct CLIError: Error, CustomStringConvertible {
  var message: String

  init(_ message: String) {
    self.message = message
  }

  var description: String { message }

  /// One escaped line describing `error`, whatever it is (see ``UserMessage``).
  static func describe(_ error: any Error) -> String {
    UserMessage.line(for: error)
  }
}
