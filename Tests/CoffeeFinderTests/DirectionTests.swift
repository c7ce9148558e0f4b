import BearingLocation
import CoffeeFinder
import Foundation
import Testing

/// The direction shown beside each place: an arrow relative to the course while the user moves
/// with a known course, a compass point (north up) otherwise.
@Suite struct DirectionTests {
  static func fix(course: Double = -1, speed: Double = -1) -> Location {
    Location(
      coordinate: Fixtures.station, horizontalAccuracy: 5, course: course, speed: speed,
      timestamp: Fixtures.epoch)
  }

  /// 100 m from the station in each of the eight directions, clockwise from north.
  static let targets = stride(from: 0.0, to: 360, by: 45).map {
    Fixtures.station.destination(bearing: $0, distance: 100)
  }

  @Test func standingStillShowsCompassPoints() {
    for fix in [Self.fix(), Self.fix(course: 90, speed: 0.3), Self.fix(course: -1, speed: 2)] {
      #expect(
        Self.targets.map { Direction.text(from: fix, to: $0) }
          == ["N", "NE", "E", "SE", "S", "SW", "W", "NW"], "\(fix.course) \(fix.speed)")
    }
  }

  @Test func movingShowsArrowsRelativeToTheCourse() {
    let north = Self.fix(course: 0, speed: 1.4)
    #expect(
      Self.targets.map { Direction.text(from: north, to: $0) }
        == ["↑", "↗", "→", "↘", "↓", "↙", "←", "↖"])
    // Walking east: a place to the east is straight ahead, one to the north on the left.
    let east = Self.fix(course: 90, speed: 0.5)
    #expect(
      Self.targets.map { Direction.text(from: east, to: $0) }
        == ["←", "↖", "↑", "↗", "→", "↘", "↓", "↙"])
  }

  @Test func theSamePointHasNoDirection() {
    #expect(Direction.text(from: Self.fix(course: 0, speed: 2), to: Fixtures.station).isEmpty)
  }

  @Test func eachRowShowsAnArrowWhileMovingAndACompassPointOtherwise() {
    func rows(_ fix: Location) -> [String] {
      let app = CoffeeFinderApp.State(
        nearby: Nearby.State(
          phase: .loaded, location: fix, places: [Fixtures.ekberg, Fixtures.regatta]),
        locationOrigin: .manual(Fixtures.station), dataOrigin: .offline(Fixtures.coverage))
      return Screen.render(app, width: 50, height: 10).filter { $0.contains("Café") }
    }
    // Ekberg lies south, Regatta north-west.
    #expect(rows(Self.fix()).map { String($0.suffix(2)) } == [" S", "NW"])
    // Walking south: Ekberg is ahead, Regatta behind on the right.
    #expect(rows(Self.fix(course: 180, speed: 1.4)).map { String($0.suffix(2)) } == [" ↑", " ↘"])
    // Walking east: Ekberg on the right, Regatta behind on the left.
    #expect(rows(Self.fix(course: 90, speed: 1.4)).map { String($0.suffix(2)) } == [" →", " ↙"])
  }
}
