import BearingLocation
import BearingMap
import BearingPlaces
import CoffeeFinder
import Foundation
import Testing

/// The map panel of the full-screen UI: where it goes, its numbers against the list's, the
/// `m` key, the track, and drawing only what changed.
@Suite struct MapPanelTests {
  func state(showsMap: Bool = true) -> CoffeeFinderApp.State {
    var fix = Fixtures.here
    fix.course = 90
    fix.speed = 1.4
    return CoffeeFinderApp.State(
      nearby: Nearby.State(
        radius: 1_000, phase: .loaded, location: fix, searchCenter: Fixtures.station,
        places: [Fixtures.ekberg, Fixtures.regatta]),
      locationOrigin: .manual(Fixtures.station), dataOrigin: .offline(Fixtures.coverage),
      showsMap: showsMap)
  }

  let streets = (try? StreetDataset.helsinki.get().lines) ?? []

  @Test func placementFollowsTheTerminalsShape() {
    #expect(Screen.mapPlacement(state(), width: 160, height: 40) == .beside(listWidth: 88))
    #expect(Screen.mapPlacement(state(), width: 130, height: 40) == .beside(listWidth: 60))
    #expect(Screen.mapPlacement(state(), width: 100, height: 50) == .under(listHeight: 18))
    // The sizes the other tests use keep the list alone.
    #expect(Screen.mapPlacement(state(), width: 100, height: 30) == nil)
    #expect(Screen.mapPlacement(state(), width: 80, height: 24) == nil)
    #expect(Screen.mapPlacement(state(showsMap: false), width: 160, height: 40) == nil)
  }

  @Test func besideTheListWithTheListsNumbers() {
    let lines = Screen.render(state(), width: 160, height: 40, streets: streets)
    #expect(lines.count == 40)
    for line in lines { #expect(line.count == 160, "\(line)") }
    let list = lines.map { String($0.prefix(88)) }
    #expect(list.contains { $0.hasPrefix(">   1 Café Ekberg") }, "\(list.joined(separator: "\n"))")
    #expect(list.contains { $0.hasPrefix("    2 Café Regatta") })
    #expect(list.contains { $0.contains("m map") })
    let map = lines.map { String($0.dropFirst(89)) }.joined(separator: "\n")
    #expect(lines.allSatisfy { Array($0)[88] == "│" })
    #expect(map.contains("→"), "you, heading east:\n\(map)")
    // Ekberg, 870 m south, is in view above the scale bar's row; Regatta, 1.5 km away, is not.
    #expect(lines.dropLast().contains { $0.dropFirst(89).contains("1") }, "\(map)")
    #expect(map.unicodeScalars.contains { (0x2801...0x28FF).contains($0.value) }, "streets")
  }

  @Test func underTheListOnATallNarrowTerminal() {
    let lines = Screen.render(state(), width: 80, height: 50, streets: streets)
    #expect(lines.count == 50)
    #expect(lines[17].contains("m map"))
    #expect(lines[18...].joined().contains("→"))
  }

  @Test func offItIsTheListAlone() {
    let off = state(showsMap: false)
    #expect(
      Screen.render(off, width: 160, height: 40, streets: streets)
        == Screen.render(off, width: 160, height: 40))
  }

  @Test func mTogglesThePanel() {
    #expect(KeyBindings.outcome(for: .character("m"), in: state()) == .send(.mapToggled))
    var toggled = state()
    _ = CoffeeFinderApp().reduce(into: &toggled, action: .mapToggled)
    #expect(!toggled.showsMap)
  }

  @Test func theTrackKeepsFiveMinutesOfMovement() {
    var track = MapTrack(duration: 300, spacing: 2)
    let start = Fixtures.station
    for second in 0..<600 {
      let point = start.destination(bearing: 0, distance: Double(second))
      track.record(
        Location(coordinate: point, timestamp: Fixtures.epoch.addingTimeInterval(Double(second))))
    }
    // A point every 2 m or so at 1 m/s, over the last 300 s only.
    #expect((100...151).contains(track.points.count), "\(track.points.count)")
    #expect(track.points.first!.distance(to: start) > 298)
    // Standing still adds nothing.
    let last = track.points.count
    for _ in 0..<10 {
      track.record(
        Location(coordinate: track.points.last!, timestamp: Fixtures.epoch.addingTimeInterval(600)))
    }
    #expect(track.points.count == last)
  }

  @Test func thePainterRewritesOnlyChangedRows() {
    var painter = ScreenPainter()
    let first = painter.paint(["a", "b", "c"])
    #expect(first == "\u{1B}[Ha\u{1B}[K\r\nb\u{1B}[K\r\nc\u{1B}[K\u{1B}[J")
    #expect(painter.paint(["a", "b", "c"]).isEmpty)
    #expect(painter.paint(["a", "B", "c"]) == "\u{1B}[2;1HB\u{1B}[K")
    #expect(painter.paint(["a"]) == "\u{1B}[2;1H\u{1B}[J")
    painter.invalidate()
    #expect(painter.paint(["a"]) == "\u{1B}[Ha\u{1B}[K\u{1B}[J")
  }
}
