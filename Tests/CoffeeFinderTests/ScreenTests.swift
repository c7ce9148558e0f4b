import BearingLocation
import BearingPersonalData
import BearingPlaces
import BearingText
import CoffeeFinder
import Foundation
import InlineSnapshotTesting
import Testing

/// Each screen state rendered at a fixed size, against its inline snapshot.
@Suite struct ScreenTests {
  func state(_ nearby: Nearby.State) -> CoffeeFinderApp.State {
    CoffeeFinderApp.State(
      nearby: nearby, locationOrigin: .manual(Fixtures.station),
      dataOrigin: .offline(Fixtures.coverage))
  }

  func render(_ state: CoffeeFinderApp.State, width: Int = 60, height: Int = 10) -> String {
    let lines = Screen.render(state, width: width, height: height)
    for line in lines { #expect(line.count <= width, "line too wide: \(line)") }
    #expect(lines.count <= height)
    return lines.joined(separator: "\n")
  }

  @Test func loading() {
    assertInlineSnapshot(of: render(state(Nearby.State(phase: .locating))), as: .lines) {
      """
      coffee-finder: coffee nearby
      You: no fix yet
      ────────────────────────────────────────────────────────────
      Waiting for a location fix…




      Location: manual 60.1710, 24.9414 | © OpenStreetMap contrib…
      j/k move  Enter open  r refresh  +/- radius  q quit
      """
    }
  }

  @Test func empty() {
    assertInlineSnapshot(of: render(state(Nearby.State(radius: 500, phase: .loaded))), as: .lines) {
      """
      coffee-finder: coffee nearby
      You: no fix yet
      ────────────────────────────────────────────────────────────
      No coffee within 500 m. Press + to widen the search or r to
      refresh.



      Location: manual 60.1710, 24.9414 | © OpenStreetMap contrib…
      j/k move  Enter open  r refresh  +/- radius  q quit
      """
    }
  }

  @Test func listWithSelectionFavouriteAndAccuracy() {
    var app = state(
      Nearby.State(
        phase: .loaded, location: Fixtures.here, places: [Fixtures.ekberg, Fixtures.regatta]))
    app.selection = 1
    app.favorites = [FavoriteRegions.favorite(for: Fixtures.ekberg, addedAt: Fixtures.epoch)]
    assertInlineSnapshot(of: render(app, width: 50), as: .lines) {
      """
      coffee-finder: coffee nearby
      You: 60.1710, 24.9414 ±5 m
      ──────────────────────────────────────────────────
      2 within 1.0 km, nearest first
       * Café Ekberg                            120 m  S
      >  Café Regatta                          1.5 km NW


      Location: manual 60.1710, 24.9414 | © OpenStreetM…
      j/k move  Enter open  r refresh  +/- radius  q qu…
      """
    }
  }

  @Test func detailWithNotes() {
    var app = state(Nearby.State(phase: .loaded, places: [Fixtures.ekberg]))
    let notes = [
      PlaceNote(
        id: UUID(1), placeID: "osm:node/1", text: "Closed on Sundays",
        createdAt: Fixtures.epoch),
      PlaceNote(
        id: UUID(0), placeID: "osm:node/1", text: "Cardamom buns", createdAt: Fixtures.epoch),
    ]
    app.detail = PlaceDetail.State(
      place: Fixtures.ekberg, isFavorite: true, notes: notes, selectedNoteID: UUID(0),
      isLoaded: true)
    assertInlineSnapshot(of: render(app, height: 14), as: .lines) {
      """
      coffee-finder: Café Ekberg
      You: no fix yet
      ────────────────────────────────────────────────────────────
      Café Ekberg  * favourite
      Bulevardi 9, Helsinki
      Café · 120 m away
      Phone: +358 9 681 1860

      Notes (2):
        2027-01-15  Closed on Sundays
      > 2027-01-15  Cardamom buns

      Location: manual 60.1710, 24.9414 | © OpenStreetMap contrib…
      f favourite  n note  d delete  j/k notes  Esc back  q quit
      """
    }
    app.noteDraft = "Flat white"
    #expect(render(app, height: 14).contains("\nNew note: Flat white_\n"))
    #expect(render(app, height: 14).hasSuffix("\nEnter save note  Esc cancel"))
  }

  @Test func errorState() {
    assertInlineSnapshot(
      of: render(
        state(Nearby.State(phase: .failed("The place service is unavailable: HTTP 503.")))),
      as: .lines
    ) {
      """
      coffee-finder: coffee nearby
      You: no fix yet
      ────────────────────────────────────────────────────────────
      Something went wrong:
      The place service is unavailable: HTTP 503.

      Press r to try again.

      Location: manual 60.1710, 24.9414 | © OpenStreetMap contrib…
      j/k move  Enter open  r refresh  +/- radius  q quit
      """
    }
  }

  @Test func denied() {
    let text = render(
      state(Nearby.State(phase: .denied(UserMessage.locationAccessOff))), height: 12)
    #expect(
      text.hasPrefix(
        """
        coffee-finder: coffee nearby
        You: no fix yet
        ────────────────────────────────────────────────────────────
        No location.

        No location: gpsd could not be reached. Start gpsd (or pass
        --gpsd HOST:PORT), or choose a location with --at LAT,LON,
        --replay FILE or --wander.
        """))
  }

  @Test func regionAlertIsBoxedAboveTheList() {
    var app = state(Nearby.State(phase: .loaded, places: [Fixtures.ekberg]))
    app.regionAlert = .init(regionID: "osm:node/1", message: "You are near Café Ekberg")
    assertInlineSnapshot(of: render(app, width: 40, height: 11), as: .lines) {
      """
      coffee-finder: coffee nearby
      You: no fix yet
      ────────────────────────────────────────
      +--------------------------------------+
      | You are near Café Ekberg (Esc to     |
      | dismiss)                             |
      +--------------------------------------+
      1 within 1.0 km, nearest first
      >  Café Ekberg                     120 m
      Location: manual 60.1710, 24.9414 | © O…
      j/k move  Enter open  r refresh  +/- ra…
      """
    }
  }

  @Test func narrowTerminal() {
    let app = state(Nearby.State(phase: .loaded, places: [Fixtures.ekberg]))
    assertInlineSnapshot(of: render(app, width: 24, height: 7), as: .lines) {
      """
      coffee-finder: coffee n…
      You: no fix yet
      ────────────────────────
      1 within 1.0 km, neares…
      >  Café Ekb…       120 m
      Location: manual 60.171…
      j/k move  Enter open  r…
      """
    }
    assertInlineSnapshot(of: render(app, width: 20, height: 7), as: .lines) {
      """
      Terminal too small
      (20×7); need 24×7.
      """
    }
  }

  /// Walks over stored streets ("1.2 km walk · 15 min", up to "12.3 km walk · 2 h 38 min"),
  /// hours and a wide name: every row fits its width in display columns, from the narrowest
  /// terminal up, and each café's row is there once.
  @Test(arguments: [24, 30, 37, 41, 45, 55, 56, 57, 60, 88])
  func listRowsWithWalksFitTheWidth(width: Int) {
    var near = Fixtures.ekberg
    near.openingHours = "Mo-Fr 08:00-20:00"
    var far = Fixtures.regatta
    far.name = "珈琲館 Regatta"
    far.openingHours = "Sa-Su 10:00-16:00"
    var app = hoursState()
    app.nearby.places = [near, far]
    app.nearby.location = Fixtures.here
    app.nearby.walks = Walks(
      from: Fixtures.here.coordinate, lengths: [near.id: 1_170, far.id: 12_345])
    let lines = Screen.render(app, width: width, height: 12)
    for line in lines {
      #expect(TerminalText.columns(of: line) <= width, "\(width): \(line)")
    }
    #expect(lines.filter { $0.contains("km walk") }.count == 2, "\(lines)")
    #expect(lines.first == TerminalText.truncate("coffee-finder: coffee nearby", width: width))
  }

  @Test func aListRowGivesTheNameWhatTheOtherColumnsLeave() {
    // The walk is as wide as its column: one space before it, taken from the name.
    #expect(
      Screen.listRow(
        marker: "> ", name: "Regatta", distance: "1.2 km walk · 15 min", column: 20,
        hours: "", hoursWidth: 0, width: 30) == ">  Regat… 1.2 km walk · 15 min")
    // Hours after it, in their own columns.
    #expect(
      Screen.listRow(
        marker: "  ", name: "Ekberg", distance: "1.2 km walk · 15 min", column: 20,
        hours: "closed", hoursWidth: 8, width: 40)
        == "   Ekberg   1.2 km walk · 15 min  closed")
    // Wide characters count two columns each.
    let wide = Screen.listRow(
      marker: "  ", name: "珈琲館珈琲館", distance: "120 m", column: 12, hours: "",
      hoursWidth: 0, width: 24)
    #expect(TerminalText.columns(of: wide) == 24, "\(wide)")
    // Narrower than the fixed columns: cut, never wider.
    let cut = Screen.listRow(
      marker: "> ", name: "Ekberg", distance: "12.3 km walk · 2 h 40 min", column: 20,
      hours: "closed", hoursWidth: 8, width: 24)
    #expect(TerminalText.columns(of: cut) <= 24, "\(cut)")
  }

  @Test func controlCharactersInNamesNeverReachTheTerminal() {
    var evil = Fixtures.ekberg
    evil.name = "Evil\u{1B}[2J\u{9B}31m\u{202E}Café"
    let text = render(state(Nearby.State(phase: .loaded, places: [evil])), width: 80)
    #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
    #expect(!text.unicodeScalars.contains { (0x7F...0x9F).contains($0.value) || $0 == "\u{202E}" })
    #expect(text.contains("Evil\\u{1B}[2J\\u{9B}31m\\u{202E}Café"))
  }

  /// Café Ekberg open on weekdays, Café Regatta at weekends, on Monday 30 November at 10:00
  /// in Helsinki.
  func hoursState(openNowOnly: Bool = false) -> CoffeeFinderApp.State {
    var open = Fixtures.ekberg
    open.openingHours = "Mo-Fr 08:00-20:00"
    var closed = Fixtures.regatta
    closed.openingHours = "Sa-Su 10:00-16:00"
    var app = state(Nearby.State(phase: .loaded, places: [open, closed]))
    app.hours = HoursClock(
      timeZone: PlaceHoursTests.helsinki, fixedTime: PlaceHoursTests.at(30, 10))
    app.openNowOnly = openNowOnly
    return app
  }

  @Test func theListShowsWhetherEachCafeIsOpen() {
    let text = render(hoursState(), width: 80)
    #expect(text.contains(" 120 m  open · until 20:00"), "\(text)")
    #expect(text.contains("1.5 km  closed · opens Sa 10:00"), "\(text)")
    #expect(text.contains("o open now"), "\(text)")
  }

  @Test func openNowOnlyHidesTheClosedOnesAndSaysSo() {
    let text = render(hoursState(openNowOnly: true), width: 80)
    #expect(text.contains("1 open now within 1.0 km (1 more not open or not known)"), "\(text)")
    #expect(text.contains("Café Ekberg"), "\(text)")
    #expect(!text.contains("Café Regatta"), "\(text)")
    var none = hoursState(openNowOnly: true)
    none.hours.fixedTime = PlaceHoursTests.at(30, 22)
    #expect(render(none, width: 80).contains("None open now. Press o to show every café."))
  }

  @Test func theDetailShowsTheWeekFromTodayAndTheRawValue() {
    var app = hoursState()
    app.detail = PlaceDetail.State(place: app.nearby.places[0], isLoaded: true)
    let text = render(app, width: 60, height: 24)
    #expect(text.contains("Hours: open · until 20:00"), "\(text)")
    #expect(text.contains("  Mo today  08:00–20:00\n  Tu        08:00–20:00"), "\(text)")
    #expect(text.contains("  Sa        closed"), "\(text)")
    #expect(text.contains("OSM: Mo-Fr 08:00-20:00"), "\(text)")
    var garbled = app
    garbled.detail?.place.openingHours = "Mo-Fr 8ish\u{1B}[2J"
    let unreadable = render(garbled, width: 60, height: 24)
    #expect(unreadable.contains("Hours: see OSM: Mo-Fr 8ish\\u{1B}[2J"), "\(unreadable)")
  }
}
