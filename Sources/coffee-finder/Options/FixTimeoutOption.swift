import ArgumentParser
import Foundation

/// `--timeout`, for the commands that take one fix and search (`nearby`, `map`, `route`).
struct FixTimeoutOption: ParsableArguments {
  @Option(
    parsing: .unconditional,
    help: "Seconds to wait for a location fix from gpsd, GeoClue or a replay, and for the search.")
  var timeout: Double = 20

  /// Throws a usage error for a timeout that is not more than 0 seconds.
  func check() throws {
    guard timeout.isFinite, timeout > 0 else {
      throw ValidationError(
        "--timeout must be more than 0 seconds; got \(String(format: "%g", timeout))")
    }
  }
}
