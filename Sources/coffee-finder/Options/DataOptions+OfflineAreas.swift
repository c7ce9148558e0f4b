import ArgumentParser
import Bearing
import BearingLocation
import BearingPlaceStore
import BearingPlaces
import BearingStreets
import BearingText
import BearingWalking
import CoffeeFinder
import Foundation
import Synchronization

/// The place store of ``DataOptions/directory``, opened for the live ``OfflineAreasClient``.
extension DataOptions {
  /// Opens the place store, creating it only when `create` (an import or download); `nil`
  /// when there is none. An `imported-places.json` of an earlier version is moved into it
  /// first, and kept as `imported-places.json.migrated`.
  func openPlaceStore(create: Bool) async throws -> PlaceStore? {
    let legacy = Self.importedDatasetURL(in: directory)
    let hasLegacy = FileManager.default.fileExists(atPath: legacy.path)
    guard create || hasLegacy || FileManager.default.fileExists(atPath: placeStoreURL.path) else {
      return nil
    }
    let store: PlaceStore
    do {
      store = try PlaceStore(path: placeStoreURL.path)
    } catch {
      throw CLIError(UserMessage.cannotOpenOfflinePlaces(placeStoreURL.path, error))
    }
    if hasLegacy { try await migrate(legacy, into: store) }
    return store
  }

  /// Moves the places of an earlier version's `imported-places.json` into the place store
  /// being opened, with a ``LegacyDataMigration`` store, and says so.
  @MainActor
  private func migrate(_ legacy: URL, into store: PlaceStore) async throws {
    var offlineAreas = self.offlineAreas
    // Into the store being opened: opening it again would migrate again.
    offlineAreas.storeArea = { area, places, streets, walkingGraph in
      try await store.add(area, places: places, streets: streets, walkingGraph: walkingGraph)
    }
    let migration = Store(initialState: LegacyDataMigration.State(legacyPath: legacy.path)) {
      LegacyDataMigration()
    } withDependencies: {
      $0.offlineAreas = offlineAreas
    }
    await migration.send(.migrate).finish()
    if let failure = migration.state.failure { throw CLIError(failure) }
    guard let migrated = migration.state.migrated else { return }
    Console.note(
      "moved the \(Counted.places(migrated.placeCount)) of \(TerminalText.escape(migrated.area)) from "
        + "\(legacy.lastPathComponent) into \(placeStoreURL.lastPathComponent); the old file is "
        + "kept as \(URL(fileURLWithPath: migrated.keptPath).lastPathComponent)")
  }

  /// The offline data of ``directory``, for the features that read or change it.
  var offlineAreas: OfflineAreasClient {
    let data = self
    let opened = OpenedPlaceStore(data: data)
    return OfflineAreasClient(
      library: { try await data.offlineLibrary() },
      removeArea: { name in try await data.openPlaceStore(create: false)?.removeArea(named: name) },
      // Answers kept from earlier look-ups: a place store that cannot be read keeps none, after
      // the one warning, and the look-up goes on.
      cachedGeocode: { name in
        do {
          return try await data.openPlaceStore(create: true)?.cachedGeocode(name)
        } catch {
          data.warnOnce(error)
          return nil
        }
      },
      saveGeocode: { name, answers in
        try await data.openPlaceStore(create: true)?.saveGeocode(name, answers: answers)
      },
      areas: { try await data.storedAreas() },
      streets: { center, reach in
        try await opened.placeStore()?.streets(around: center, reach: reach)
      },
      fileExists: { path in FileManager.default.fileExists(atPath: path) },
      readDataset: { path in try PlaceDataset.read(from: URL(fileURLWithPath: path)) },
      moveFile: { path, destination in
        try? FileManager.default.removeItem(atPath: destination)
        try FileManager.default.moveItem(atPath: path, toPath: destination)
      },
      importFile: { path, area, how in try await data.importFile(path, area: area, how: how) },
      storeArea: { area, places, streets, walkingGraph in
        try await data.storeArea(
          area, places: places, streets: streets, walkingGraph: walkingGraph)
      }
    )
  }

  /// Reads `file` in `how.format` (told from its contents when `nil`; the area's origin records
  /// it, so that `areas update` reads the file again the same way) and stores it as an area with
  /// its coverage box and streets, batch by batch while the file is read
  /// (``PlaceImportStream``): a file of any size is imported in bounded memory, and reading
  /// overlaps storing. A bad file stores nothing, and is an
  /// ``OfflineAreasClient/UnreadableFile``.
  func importFile(
    _ file: String, area: String?, how: StoredArea.Origin.FileImport
  ) async throws -> OfflineAreasClient.ImportedArea {
    let url = URL(fileURLWithPath: file)
    var how = how
    let stream: PlaceImportStream
    do {
      if how.format == nil { how.format = try OSMImporter.format(ofFileAt: url) }
      stream = try PlaceImportStream(
        fileAt: url, area: area, format: how.format, everyNamedFeature: how.everyNamedFeature)
    } catch {
      throw OfflineAreasClient.UnreadableFile(error)
    }
    guard let store = try await openPlaceStore(create: true) else {
      stream.cancel()
      throw CLIError(UserMessage.cannotOpenOfflinePlaces(placeStoreURL.path))
    }
    let origin = StoredArea.Origin.file(url.standardizedFileURL.path, how)
    let name = area ?? url.lastPathComponent.split(separator: ".").first.map(String.init)
    let placeholder = PlaceStore.NewArea(
      name: name ?? url.lastPathComponent, source: "OpenStreetMap", origin: origin,
      boundary: .box(south: 0, west: 0, north: 0, east: 0))
    // The source (a .osm.pbf file's date) and the box are known once the file is read.
    let feed = PlaceStore.PlaceFeed(
      next: { try stream.next() }, expectedCount: { stream.expectedCount },
      end: {
        let found = stream.summary
        let known = found.map { found in
          let coverage = found.coverage
          return PlaceStore.NewArea(
            name: coverage.area, source: coverage.source, attribution: coverage.attribution,
            origin: origin,
            boundary: .box(
              south: coverage.south, west: coverage.west, north: coverage.north,
              east: coverage.east))
        }
        return (known, found?.streets ?? [])
      },
      walkingGraph: { stream.summary?.walkingGraph })
    do {
      let stored = try await store.add(placeholder, feed: feed)
      let found = stream.summary!
      return OfflineAreasClient.ImportedArea(
        area: stored, coverage: found.coverage, streetCount: found.streets.count,
        skippedCount: found.skippedCount, skippedReasons: found.skippedReasons,
        otherCount: found.otherCount)
    } catch {
      stream.cancel()
      // The file's own fault, when it is one, comes before what it did to the transaction.
      if let failure = stream.failure { throw OfflineAreasClient.UnreadableFile(failure) }
      throw CLIError(UserMessage.cannotStoreArea(in: placeStoreURL.path, error))
    }
  }

  /// Stores `area` with `places`, `streets` and their walking graph in one transaction.
  func storeArea(
    _ area: PlaceStore.NewArea, places: [Place], streets: [StreetLine],
    walkingGraph: WalkingGraph?
  ) async throws -> StoredArea {
    guard let store = try await openPlaceStore(create: true) else {
      throw CLIError(UserMessage.cannotOpenOfflinePlaces(placeStoreURL.path))
    }
    do {
      return try await store.add(
        area, places: places, streets: streets, walkingGraph: walkingGraph)
    } catch {
      throw CLIError(UserMessage.cannotStoreArea(in: placeStoreURL.path, error))
    }
  }

  /// The offline data: the stored areas (if any) and the built-in one. A place store that
  /// cannot be opened or read (damaged, unreadable) is said in one warning line, once a run,
  /// and the built-in data still answers: only imports and downloads, which write to it, fail.
  func offlineLibrary() async throws -> OfflineLibrary {
    let builtIn: OfflinePlaces
    do {
      builtIn = try OfflinePlaces.embedded()
    } catch {
      throw CLIError(UserMessage.cannotReadOfflinePlaces(placeStoreURL.path, error))
    }
    do {
      let store = try await openPlaceStore(create: false)
      return try await OfflineLibrary(store: store, builtIn: builtIn)
    } catch {
      warnOnce(error)
      return try await OfflineLibrary(store: nil, builtIn: builtIn)
    }
  }

  /// Throws a usage error for an `--area` name that is blank or the built-in area's, which
  /// `areas list` and `--near` could not tell apart.
  static func checkAreaName(_ name: String?) throws {
    guard let name else { return }
    guard !name.allSatisfy(\.isWhitespace) else {
      throw ValidationError("--area must name the area; got an empty name")
    }
    if let builtIn = try? OfflinePlaces.embedded().coverage.area,
      NameFolding.same(name, builtIn)
    {
      throw ValidationError(
        "--area \"\(TerminalText.escape(name))\" is the built-in area's name; choose another")
    }
  }

  /// The stored areas; none, after a warning, when the place store cannot be read.
  func storedAreas() async throws -> [StoredArea] {
    do {
      return try await openPlaceStore(create: false)?.areas() ?? []
    } catch {
      warnOnce(error)
      return []
    }
  }

  /// Says once a run that the place store is set aside for this run, and why.
  func warnOnce(_ error: any Error) {
    let first = Self.warnedOfPlaceStore.withLock { warned in
      defer { warned = true }
      return !warned
    }
    guard first else { return }
    let reason = (error as? CLIError)?.message ?? UserMessage.line(for: error)
    Console.note(UserMessage.warning(UserMessage.placeStoreSetAside(reason)))
  }

  private static let warnedOfPlaceStore = Mutex(false)
}

extension DataOptions {
  /// Walks over the walking graphs stored with the areas of ``directory``
  /// (``WalkingClient/overStoredAreas(areas:graph:capacity:)``). A place store that cannot be
  /// read has no streets (the search has said so already).
  var walking: WalkingClient {
    let opened = OpenedPlaceStore(data: self)
    return WalkingClient.overStoredAreas(
      areas: { points in
        guard let store = try? await opened.placeStore() else { return [] }
        return (try? await store.walkingAreas(around: points)) ?? []
      },
      graph: { area in
        guard let store = try? await opened.placeStore() else { return nil }
        return try? await store.walkingGraph(area: area)
      })
  }
}

/// The place store opened once for one client value, so that the map panel, which reads
/// streets as the map moves, does not open it for every read.
private actor OpenedPlaceStore {
  let data: DataOptions
  private var store: PlaceStore?

  init(data: DataOptions) {
    self.data = data
  }

  /// The place store; `nil` when there is none.
  func placeStore() async throws -> PlaceStore? {
    if let store { return store }
    store = try await data.openPlaceStore(create: false)
    return store
  }
}
