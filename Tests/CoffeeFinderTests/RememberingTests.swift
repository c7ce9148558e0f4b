import Bearing
import BearingLocation
import BearingTesting
import CoffeeFinder
import CoffeeFinderSettings
import ConcurrencyExtras
import Foundation
import Testing

/// What a command recalls of the last runs and writes at its end, over in-memory or temporary
/// storage, never the user's. (`RememberedChoicesEndToEndTests` runs the built binary.)
@MainActor
@Suite struct RememberingTests {
  /// A file in a fresh temporary directory.
  static func temporaryFile(_ name: String) throws -> URL {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("remembering-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory.appendingPathComponent(name)
  }

  @Test func theChosenRadiusUnitsAndProviderAreRecalled() async {
    let storage = AppStorageStore.inMemory()
    withDependencies {
      $0.defaultAppStorage = storage
    } operation: {
      @Shared(.lastSearchRadius) var radius: Double?
      @Shared(.chosenUnits) var units: MeasurementSystem?
      $radius.withLock { $0 = 800 }
      $units.withLock { $0 = .imperial }
    }
    let store = TestStore(initialState: Remembering.State()) {
      Remembering()
    } withDependencies: {
      $0.defaultAppStorage = storage
    }
    await store.send(.recallChoices) {
      $0.choices = RememberedSettings(searchRadius: 800, units: .imperial)
    }
  }

  @Test func aStoreThatDoesNotDecodeIsAWarningAndNoChoices() async throws {
    let file = try Self.temporaryFile("app-storage.json")
    try Data("[1, 2".utf8).write(to: file)
    let storage = AppStorageStore.file(file)
    let store = TestStore(initialState: Remembering.State()) {
      Remembering()
    } withDependencies: {
      $0.defaultAppStorage = storage
    }
    await store.send(.recallChoices) {
      $0.choices = RememberedSettings()
      $0.warnings = [
        "warning: \(file.path) does not hold remembered choices; ignoring it (it is kept as "
          + "\(file.path).corrupt when a choice is next saved)"
      ]
    }
  }

  @Test func theLastPositionIsRecalled() async {
    let files = FileStorage.inMemory()
    let last = LastPosition(
      coordinate: Fixtures.station, horizontalAccuracy: 5, receivedAt: Fixtures.epoch,
      source: "gpsd 127.0.0.1:2947")
    // In-memory files are written at once: the position is there once this returns.
    withDependencies {
      $0.defaultFileStorage = files
    } operation: {
      @Shared(.lastPosition) var written: LastPosition?
      $written.withLock { $0 = last }
    }
    let store = TestStore(initialState: Remembering.State()) {
      Remembering()
    } withDependencies: {
      $0.defaultFileStorage = files
    }
    await store.send(.recallLastPosition) { $0.lastPosition = last }
  }

  @Test func choicesAreWrittenAtOnce() async throws {
    let file = try Self.temporaryFile("app-storage.json")
    let storage = AppStorageStore.file(file)
    withDependencies {
      $0.defaultAppStorage = storage
    } operation: {
      @Shared(.lastSearchRadius) var radius: Double?
      $radius.withLock { $0 = 800 }
    }
    let store = TestStore(initialState: Remembering.State()) {
      Remembering()
    } withDependencies: {
      $0.defaultAppStorage = storage
    }
    await store.send(.save(position: false))
    await store.finish()
    let written = try JSONSerialization.jsonObject(with: Data(contentsOf: file))
    #expect((written as? [String: Any])?["search_radius"] as? Double == 800, "\(written)")
  }

  /// A failed write is said in one escaped line. (Not through a store: a failed write of app
  /// storage is not tried again, and its own 100 ms timer may try it first.)
  @Test func aFailedWriteIsAWarningLine() {
    struct Refused: Error, CustomStringConvertible {
      var description: String { "refused\u{1B}[2J" }
    }
    #expect(
      UserMessage.cannotRememberChoices(Refused())
        == "warning: cannot remember your choices: refused\\u{1B}[2J")
    #expect(
      UserMessage.cannotRememberPosition(Refused())
        == "warning: cannot remember this position: refused\\u{1B}[2J")
  }

  @Test func aPositionIsRememberedOnlyFromASourceWorthRemembering() {
    var nearby = Nearby.State(followsUpdates: false)
    #expect(!Remembering.remembersPosition(of: nearby))
    nearby.location = Fixtures.here
    #expect(!Remembering.remembersPosition(of: nearby))
    nearby.remembersPositionAs = "gpsd 127.0.0.1:2947"
    #expect(Remembering.remembersPosition(of: nearby))
  }
}
