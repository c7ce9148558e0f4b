import Bearing
import BearingLocation
import BearingTesting
import CoffeeFinder
import Foundation
import Testing

@MainActor
@Suite struct LocationSelectionTests {
  static let helsinki = Coordinate(latitude: 60.1699, longitude: 24.9384)
  static let gpsd = (host: "127.0.0.1", port: 2947, description: "127.0.0.1:2947")

  static func request(
    _ option: LocationSelection.Request.Option, lastPosition: LastPosition? = nil,
    verbose: Bool = false
  ) -> LocationSelection.Request {
    LocationSelection.Request(
      option: option, defaultGPSD: gpsd, defaultCenter: helsinki, lastPosition: lastPosition,
      verbose: verbose)
  }

  @Test func anOptionChoosesWithoutProbing() async {
    let store = TestStore(
      initialState: LocationSelection.State(request: Self.request(.gpsd(endpoint: "host:2948")))
    ) {
      LocationSelection()
    }
    let choice = LocationSelection.Choice(.gpsd(endpoint: "host:2948"), .gpsd)
    await store.send(.choose)
    await store.receive(.chosen(choice)) { $0.choice = choice }
  }

  @Test func gpsdAnsweringIsChosenFirst() async {
    let store = TestStore(initialState: LocationSelection.State(request: Self.request(.automatic)))
    {
      LocationSelection()
    } withDependencies: {
      $0.locationSourceProbe.gpsdAnswers = { host, port in host == "127.0.0.1" && port == 2947 }
      $0.date.now = Date(timeIntervalSince1970: 1_800_000_000)
    }
    let choice = LocationSelection.Choice(
      .gpsd(endpoint: "127.0.0.1:2947"), .gpsd,
      reason: "no location option and gpsd answers at 127.0.0.1:2947")
    await store.send(.choose)
    await store.receive(.chosen(choice)) { $0.choice = choice }
  }

  @Test func aRecentLastPositionBeatsASimulatedOne() async {
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    let last = LastPosition(
      coordinate: Coordinate(latitude: 60.2, longitude: 24.9), horizontalAccuracy: 12,
      receivedAt: now.addingTimeInterval(-600), source: "gpsd 127.0.0.1:2947")
    let store = TestStore(
      initialState: LocationSelection.State(request: Self.request(.automatic, lastPosition: last))
    ) {
      LocationSelection()
    } withDependencies: {
      $0.locationSourceProbe.gpsdAnswers = { _, _ in false }
      $0.locationSourceProbe.geoClueIsPresent = { false }
      $0.locationSourceProbe.geoClueProblem = { "libdbus-1.so.3 is not installed" }
      $0.date.now = now
    }
    let reason =
      "no gpsd at 127.0.0.1:2947 and no GeoClue on the system bus "
      + "(libdbus-1.so.3 is not installed)"
    let choice = LocationSelection.Choice(
      .lastKnown(last.coordinate!, age: 600, source: last.source),
      .fixed(
        Location(
          coordinate: last.coordinate!, horizontalAccuracy: 12, timestamp: last.receivedAt)),
      reason: reason)
    await store.send(.choose)
    await store.receive(.chosen(choice)) { $0.choice = choice }

    // A day and more later it is not used, and the reason says why.
    store.dependencies.date.now = now.addingTimeInterval(2 * 86_400)
    let simulated = LocationSelection.Choice(
      .simulated(Self.helsinki), .fixed(Location(coordinate: Self.helsinki)),
      reason: reason + "; your last known position, 48 h ago, is more than 24 h old, so it "
        + "is not used")
    await store.send(.choose)
    await store.receive(\.chosen) { $0.choice = simulated }
  }

  @Test func aReplayReadsAndParsesItsTrackAndSaysWhatItSkipped() async throws {
    let nmea = """
      $GPRMC,120000,A,6010.194,N,02456.304,E,0.0,0.0,221126,,,A*7E
      $GPRMC,120001,A,6010.195,N,02456.304,E,0.0,0.0,221126,,,A*00
      $GPRMC,120001,A,6010.195,N,02456.304,E,0.0,0.0,221126,,,A*7E

      """
    let track = try NMEAParser().parse(nmea)
    #expect(track.fixes.count == 2)
    #expect(track.issues.count == 1)
    let store = TestStore(
      initialState: LocationSelection.State(
        request: Self.request(.replay(path: "walk.nmea", startDate: nil), verbose: true))
    ) {
      LocationSelection()
    } withDependencies: {
      $0.locationSourceProbe.readTrack = { path in
        #expect(path == "walk.nmea")
        return Data(nmea.utf8)
      }
    }
    let choice = LocationSelection.Choice(
      .replay(file: "walk.nmea"), .replaying(track),
      notes: track.issues.map { "walk.nmea: \($0)" },
      closingNote: track.issueSummary.map { "replay of walk.nmea: \($0)" })
    #expect(choice.closingNote != nil)
    await store.send(.choose)
    await store.receive(.chosen(choice)) { $0.choice = choice }
  }

  @Test func anUnreadableTrackIsTheUsersLine() async {
    let missing = CocoaError(.fileReadNoSuchFile)
    let store = TestStore(
      initialState: LocationSelection.State(
        request: Self.request(.replay(path: "gone.nmea", startDate: nil)))
    ) {
      LocationSelection()
    } withDependencies: {
      $0.locationSourceProbe.readTrack = { _ in throw missing }
    }
    let unreadable = "cannot read the track gone.nmea: no such file"
    await store.send(.choose)
    await store.receive(.failed(unreadable)) { $0.failure = unreadable }

    store.dependencies.locationSourceProbe.readTrack = { _ in Data() }
    let empty = "gone.nmea: The track cannot be replayed: the NMEA log has no fix"
    await store.send(.choose)
    await store.receive(.failed(empty)) { $0.failure = empty }
  }
}
