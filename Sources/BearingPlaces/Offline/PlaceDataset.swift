import BearingLocation
import Foundation

/// A set of places with the area they cover: the embedded extract, or one the user imported.
///
/// Its JSON form is the embedded file's format, so an imported dataset can be saved with
/// ``write(to:)`` and loaded again with ``read(from:)``.
///
/// ```swift
/// let dataset = try OSMImporter().importFile(at: url, area: "Kallio")
/// try dataset.write(to: savedURL)
/// let places = OfflinePlaces(dataset: try PlaceDataset.read(from: savedURL))
/// ```
public struct PlaceDataset: Hashable, Sendable, Codable {
  /// The name written in the file's `format` field.
  public static let formatName = "bearing-places"
  /// The format version this code reads and writes.
  public static let formatVersion = 1

  /// The area the places cover.
  public var coverage: DataCoverage
  /// The places, in no particular order.
  public var places: [Place]

  /// Creates a dataset from a coverage description you already have.
  public init(coverage: DataCoverage, places: [Place]) {
    self.coverage = coverage
    self.places = places
  }

  /// Creates a dataset whose coverage is the smallest box around `places`.
  ///
  /// - throws: ``PlaceImportError/noPlaces(_:)`` when `places` is empty: an empty dataset
  ///   would cover nothing.
  public init(
    area: String, source: String, attribution: String = DataCoverage.openStreetMapAttribution,
    places: [Place]
  ) throws(PlaceImportError) {
    guard let box = Self.boundingBox(of: places.map(\.coordinate)) else {
      throw .noPlaces("the data holds no places to search")
    }
    self.coverage = DataCoverage(
      area: area, source: source, attribution: attribution, south: box.south, west: box.west,
      north: box.north, east: box.east, placeCount: places.count)
    self.places = places
  }

  /// The smallest latitude/longitude box around `coordinates`; it crosses the antimeridian
  /// (west > east) when that makes it narrower.
  static func boundingBox(
    of coordinates: [Coordinate]
  ) -> (south: Double, west: Double, north: Double, east: Double)? {
    guard !coordinates.isEmpty else { return nil }
    let south = coordinates.map(\.latitude).min()!
    let north = coordinates.map(\.latitude).max()!
    let (west, east) = longitudeSpan(ofSorted: coordinates.map(\.longitude).sorted())
    return (south, west, north, east)
  }

  /// The west and east edges of the narrowest span of longitudes holding all of
  /// `longitudes` (sorted, not empty); it crosses the antimeridian (west > east) when that is
  /// narrower.
  static func longitudeSpan(ofSorted longitudes: [Double]) -> (west: Double, east: Double) {
    // The span is the complement of the widest gap between neighbouring longitudes around the
    // circle.
    var gap = longitudes[0] + 360 - longitudes[longitudes.count - 1]
    var west = longitudes[0]
    var east = longitudes[longitudes.count - 1]
    for i in 1..<longitudes.count where longitudes[i] - longitudes[i - 1] > gap {
      gap = longitudes[i] - longitudes[i - 1]
      west = longitudes[i]
      east = longitudes[i - 1]
    }
    return (west, east)
  }

  private struct File: Codable {
    var format: String
    var version: Int
    var coverage: DataCoverage
    var places: [Place]
  }

  /// Writes the dataset as JSON, atomically, so a crash never leaves half a file.
  public func write(to url: URL) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
    let file = File(
      format: Self.formatName, version: Self.formatVersion, coverage: coverage, places: places)
    try encoder.encode(file).write(to: url, options: .atomic)
  }

  /// Reads a dataset written by ``write(to:)``.
  ///
  /// - throws: ``PlaceImportError/malformed(_:)`` saying what is wrong, or the file
  ///   system's error when the file cannot be read.
  public static func read(from url: URL) throws -> PlaceDataset {
    try decode(Data(contentsOf: url), name: url.lastPathComponent)
  }

  /// Decodes the JSON form; `name` says which file in error messages.
  static func decode(_ data: Data, name: String) throws(PlaceImportError) -> PlaceDataset {
    let file = try PlaceImportError.decodeJSON(File.self, from: data, name: name)
    guard file.format == formatName else {
      throw .malformed("\(name): format is \"\(file.format)\", expected \"\(formatName)\"")
    }
    guard file.version == formatVersion else {
      throw .malformed(
        "\(name): format version \(file.version) is not supported (expected \(formatVersion))")
    }
    return PlaceDataset(coverage: file.coverage, places: file.places)
  }
}
