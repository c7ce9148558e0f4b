import BearingLocation
import BearingPersonalData
import CoffeeFinder
import Foundation
import Testing

@Suite struct KeyTests {
  @Test func decodesLettersArrowsEnterEscapeAndSplitSequences() {
    var decoder = Key.Decoder()
    #expect(decoder.feed(Array("jk\r".utf8)) == [.character("j"), .character("k"), .enter])
    #expect(decoder.feed([0x1B, 0x5B, 0x41, 0x1B, 0x4F, 0x42]) == [.up, .down])
    // An ESC at the end of a chunk may start an arrow: wait for more unless told to flush.
    #expect(decoder.feed([0x1B], flush: false) == [])
    #expect(decoder.feed([0x5B, 0x41], flush: false) == [.up])
    #expect(decoder.feed([0x1B], flush: false) == [])
    #expect(decoder.feed([], flush: true) == [.escape])
    // A UTF-8 character split across reads.
    #expect(decoder.feed([0xC3], flush: false) == [])
    #expect(decoder.feed([0xA9]) == [.character("é")])
    #expect(decoder.feed([0x03, 0x7F]) == [.interrupt, .backspace])
  }

  @Test func bindingsDependOnTheScreen() {
    var state = CoffeeFinderApp.State(
      nearby: Nearby.State(phase: .loaded, places: [Fixtures.ekberg]),
      locationOrigin: .wander, dataOrigin: .offline(Fixtures.coverage))
    #expect(KeyBindings.outcome(for: .character("j"), in: state) == .send(.selectionMoved(1)))
    #expect(KeyBindings.outcome(for: .up, in: state) == .send(.selectionMoved(-1)))
    #expect(KeyBindings.outcome(for: .enter, in: state) == .send(.openSelectedTapped))
    #expect(KeyBindings.outcome(for: .character("q"), in: state) == .quit)
    #expect(KeyBindings.outcome(for: .interrupt, in: state) == .interrupt)
    #expect(
      KeyBindings.outcome(for: .character("+"), in: state) == .send(.nearby(.radiusChanged(2_000))))

    state.detail = PlaceDetail.State(
      place: Fixtures.ekberg,
      notes: [PlaceNote(id: UUID(0), placeID: "osm:node/1", text: "x", createdAt: Fixtures.epoch)],
      selectedNoteID: UUID(0), isLoaded: true)
    #expect(
      KeyBindings.outcome(for: .character("f"), in: state) == .send(.detail(.favoriteToggled)))
    #expect(
      KeyBindings.outcome(for: .character("d"), in: state)
        == .send(.detail(.deleteNoteTapped(UUID(0)))))
    #expect(KeyBindings.outcome(for: .escape, in: state) == .send(.closeDetailTapped))
    #expect(KeyBindings.outcome(for: .character("n"), in: state) == .send(.noteDraftStarted))

    // While typing a note, letters are text, not commands.
    state.noteDraft = "Goo"
    #expect(
      KeyBindings.outcome(for: .character("d"), in: state) == .send(.noteDraftChanged("Good")))
    #expect(
      KeyBindings.outcome(for: .character("q"), in: state) == .send(.noteDraftChanged("Gooq")))
    #expect(KeyBindings.outcome(for: .backspace, in: state) == .send(.noteDraftChanged("Go")))
    #expect(KeyBindings.outcome(for: .enter, in: state) == .send(.noteDraftSubmitted))

    state.noteDraft = nil
    state.regionAlert = .init(regionID: "osm:node/1", message: "You are near Café Ekberg")
    #expect(KeyBindings.outcome(for: .escape, in: state) == .send(.alertDismissed))
  }
}

@Suite struct RadiusStepTests {
  /// `+` and `-` undo each other from any step, and from a radius between steps go to the next
  /// step up or down (the trial found 1 km → 500, 250, 125, 63, 50 → 100, 200, 400, 800, 1.6 km).
  @Test func plusAndMinusStepThroughTheSameLadder() {
    #expect(KeyBindings.radiusSteps.first == 50 && KeyBindings.radiusSteps.last == 100_000)
    var radius = 1_000.0
    var down: [Double] = []
    for _ in 0..<6 {
      radius = KeyBindings.radiusStep(after: radius, by: -1)
      down.append(radius)
    }
    #expect(down == [500, 200, 100, 50, 50, 50])
    for _ in 0..<4 { radius = KeyBindings.radiusStep(after: radius, by: 1) }
    #expect(radius == 1_000)
    #expect(KeyBindings.radiusStep(after: 800, by: 1) == 1_000)
    #expect(KeyBindings.radiusStep(after: 800, by: -1) == 500)
    #expect(KeyBindings.radiusStep(after: 100_000, by: 1) == 100_000)
  }
}
