import BearingLocation
import BearingText
import Foundation

/// Place search over a ``PlaceDataset`` in memory, with a ``NearbyIndex``.
///
/// Queries whose center is outside the data's area (its bounding box widened by
/// ``coverageMargin``) throw ``PlacesError/outsideCoverage(_:)`` rather than list cafés that
/// are far away.
///
/// ```swift
/// let helsinki = try OfflinePlaces.embedded()
/// let cafes = try helsinki.search(PlaceQuery(center: here, radius: 500, categories: [.cafe]))
/// ```
public struct OfflinePlaces: Sendable {
  /// How far outside the data's bounding box a query center may be, in metres.
  public static let coverageMargin: Double = 5_000

  /// The places and their coverage.
  public let dataset: PlaceDataset
  private let index: NearbyIndex
  // Names and categories folded by `NameFolding`, for text search.
  private let searchableText: [String]

  /// Indexes `dataset`.
  public init(dataset: PlaceDataset) {
    self.dataset = dataset
    self.index = NearbyIndex(dataset.places.map(\.coordinate))
    self.searchableText = dataset.places.map(\.searchText)
  }

  /// The area the data covers.
  public var coverage: DataCoverage { dataset.coverage }

  /// The places matching `query`, nearest first, each with its ``Place/distance``.
  ///
  /// - throws: ``PlacesError/outsideCoverage(_:)`` when the center is outside the data's area.
  public func search(_ query: PlaceQuery) throws(PlacesError) -> [Place] {
    guard coverage.contains(query.center, margin: Self.coverageMargin) else {
      throw .outsideCoverage(coverage.description)
    }
    let wantedCategories = Set(query.categories.map(\.displayName))
    let text = query.text.map(NameFolding.fold)
    let places = dataset.places
    let searchableText = searchableText
    let filter: ((Int) -> Bool)? =
      wantedCategories.isEmpty && text == nil
      ? nil
      : { i in
        if !wantedCategories.isEmpty,
          !places[i].categories.contains(where: wantedCategories.contains)
        {
          return false
        }
        if let text, !searchableText[i].contains(text) { return false }
        return true
      }
    return index.nearest(to: query.center, count: query.limit, within: query.radius, where: filter)
      .map { neighbor in
        var place = places[neighbor.index]
        place.distance = neighbor.distance
        return place
      }
  }
}

extension OfflinePlaces {
  /// The embedded OpenStreetMap extract: cafés of central Helsinki, 2019.
  ///
  /// Loaded and indexed once, on first use.
  ///
  /// - throws: ``PlacesError/dataUnavailable(_:)`` if the bundled file is missing or corrupt.
  public static func embedded() throws(PlacesError) -> OfflinePlaces {
    try embeddedResult.get()
  }

  /// The embedded file's location in the module's bundle.
  public static var embeddedDatasetURL: URL? {
    Bundle.module.url(forResource: "helsinki-cafes", withExtension: "json")
  }

  private static let embeddedResult: Result<OfflinePlaces, PlacesError> = {
    guard let url = embeddedDatasetURL else {
      return .failure(.dataUnavailable("helsinki-cafes.json is missing from the Places bundle"))
    }
    do {
      return .success(OfflinePlaces(dataset: try PlaceDataset.read(from: url)))
    } catch {
      return .failure(.dataUnavailable("\(error)"))
    }
  }()
}
