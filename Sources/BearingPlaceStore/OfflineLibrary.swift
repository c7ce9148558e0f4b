import BearingLocation
import BearingPlaces
import BearingSQLite
import BearingText
import Foundation

/// Everything searchable offline: the stored areas of a ``PlaceStore`` and the built-in
/// central-Helsinki extract, read at start-up.
///
/// A point is covered when it is within ``OfflinePlaces/coverageMargin`` of a stored area (or
/// of the built-in one); stored areas answer before the built-in data.
///
/// ```swift
/// let library = try await OfflineLibrary(store: store, builtIn: .embedded())
/// let places = PlacesClient.offline(library)
/// ```
public struct OfflineLibrary: Sendable {
  /// The store, when the user has one.
  public var store: PlaceStore?
  /// The stored areas, oldest first, as they were when the library was made.
  public var areas: [StoredArea]
  /// The data that ships with the app.
  public var builtIn: OfflinePlaces

  /// Reads the store's areas once; later changes to the store are not seen until a new library
  /// is made.
  public init(store: PlaceStore?, builtIn: OfflinePlaces) async throws(StorageError) {
    self.store = store
    self.areas = try await store?.areas() ?? []
    self.builtIn = builtIn
  }

  /// The stored area covering `coordinate`, newest first; `nil` when none does.
  public func area(covering coordinate: Coordinate) -> StoredArea? {
    areas.last { $0.contains(coordinate, margin: OfflinePlaces.coverageMargin) }
  }

  /// Whether any offline data covers `coordinate`.
  public func covers(_ coordinate: Coordinate) -> Bool {
    area(covering: coordinate) != nil
      || builtIn.coverage.contains(coordinate, margin: OfflinePlaces.coverageMargin)
  }

  /// Every area's coverage: the stored areas, newest first, then the built-in one.
  public var coverages: [DataCoverage] {
    areas.reversed().map(\.coverage) + [builtIn.coverage]
  }

  /// "Kallio (120 places), central Helsinki, OpenStreetMap 2019 (built in)".
  public var description: String {
    let stored = areas.reversed().map { area in
      "\(area.name) (\(area.placeCount == 1 ? "1 place" : "\(area.placeCount) places"))"
    }
    return (stored + ["\(builtIn.coverage) (built in)"]).joined(separator: "; ")
  }

  /// The places whose id is `text` or whose name is `text` (names compared as ``NameFolding``
  /// folds them): in the store, then in the built-in data, for commands that name a place; a
  /// café in both is one place (``Place/distinct(_:)``), its stored copy kept.
  public func places(matching text: String) async throws(StorageError) -> [Place] {
    let stored = try await store?.places(idOrName: text) ?? []
    return Place.distinct(
      stored
        + builtIn.dataset.places.filter { $0.id == text || NameFolding.same($0.name, text) })
  }

  /// Places matching `query` from the data that covers its center.
  ///
  /// - throws: ``PlacesError/outsideCoverage(_:)`` naming every stored area when none covers
  ///   the center; ``PlacesError/dataUnavailable(_:)`` when the store cannot be read.
  public func search(_ query: PlaceQuery) async throws(PlacesError) -> [Place] {
    if let store, area(covering: query.center) != nil {
      do {
        return try await store.search(query)
      } catch {
        throw .dataUnavailable("\(error)")
      }
    }
    guard builtIn.coverage.contains(query.center, margin: OfflinePlaces.coverageMargin) else {
      throw .outsideCoverage(description)
    }
    return try builtIn.search(query)
  }
}

extension PlacesClient {
  /// A client that searches `library`: stored areas, then the built-in data.
  public static func offline(_ library: OfflineLibrary) -> Self {
    Self(
      search: { query in try await library.search(query) },
      coverage: { library.coverages.first }
    )
  }

  /// `auto` without a key: `library` where it covers the query, `online` elsewhere.
  public static func preferring(offline library: OfflineLibrary, else online: PlacesClient) -> Self
  {
    preferring(
      offline: .offline(library), covering: library.covers, stored: library.description,
      else: online)
  }
}
