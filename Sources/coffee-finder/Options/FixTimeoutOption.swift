import ArgumentParser
import Foundation

/// `--timeout`, for the commands that take one fix and search (`nearby`, `map`, `route`).
struct FixTimeoutOption: ParsableArguments {
  @Option(
    name: .customLong("timeout"), parsing: .unconditional,
    help: "Seconds to wait for a location fix from gpsd, GeoClue or a replay, and for the search.")
  var seconds: Double = 20

  /// Throws a usage error for a timeout that is not more than 0 seconds.
  func check() throws {
    guard seconds.isFinite, seconds > 0 else {
      throw ValidationError(
        "--timeout must be more than 0 seconds; got \(String(format: "%g", seconds))")
    }
  }
}
