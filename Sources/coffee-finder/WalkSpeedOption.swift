import ArgumentParser
import CoffeeFinder
import Foundation

/// `--walk-speed`, for `nearby`, `route` and the full-screen UI: the speed a walk's time is
/// reckoned at.
struct WalkSpeedOption: ParsableArguments {
  @Option(help: "Walking speed in metres a second, for walk times.")
  var walkSpeed: Double = WalkingClient.defaultSpeed

  /// Throws a usage error for a speed that is not more than 0 and at most 10 m/s.
  func check() throws {
    guard walkSpeed.isFinite, walkSpeed > 0, walkSpeed <= 10 else {
      throw ValidationError(
        "--walk-speed must be more than 0 and at most 10 m/s; got \(String(format: "%g", walkSpeed))"
      )
    }
  }
}
