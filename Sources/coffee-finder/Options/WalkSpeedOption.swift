import ArgumentParser
import CoffeeFinder
import Foundation

/// `--walk-speed`, for `nearby`, `route` and the full-screen UI: the speed a walk's time is
/// reckoned at.
struct WalkSpeedOption: ParsableArguments {
  @Option(help: "Walking speed in metres a second, for walk times.")
  var walkSpeed: Double = WalkingClient.defaultSpeed

  /// Throws a usage error for a speed under 0.1 m/s (a walk's time would not fit a clock) or
  /// over 10 m/s.
  func check() throws {
    guard walkSpeed.isFinite, walkSpeed >= 0.1, walkSpeed <= 10 else {
      throw ValidationError(
        "--walk-speed must be from 0.1 to 10 m/s; got \(String(format: "%g", walkSpeed))"
      )
    }
  }
}
