import BearingPlaces
import BearingText
import Foundation

extension LocationSelection {
  /// `--near NAME` made a fixed position: the option for `place`, which `name` found, and the
  /// line that tells the user which place that is.
  package static func near(
    _ name: String, found place: GeocodedPlace
  ) -> (option: Request.Option, note: String) {
    let note =
      "near \"\(TerminalText.escape(name))\": \(TerminalText.escape(place.name)) "
      + String(format: "(%.5f,%.5f)", place.coordinate.latitude, place.coordinate.longitude)
    return (.fixed(place.coordinate), note)
  }

  /// Why a command that follows a moving source (`watch`) refuses `option`, or `nil`: `--at`
  /// is a fixed position, and so is the place `--near` names (`near`).
  package static func movingSourceRefusal(_ option: Request.Option, near: Bool = false) -> String? {
    guard option.isFixed || near else { return nil }
    let given = near ? "--near names a fixed position" : "--at is fixed"
    return "watch follows a moving source, and \(given): use --gpsd HOST:PORT, --geoclue, "
      + "--replay FILE or --wander"
  }
}
