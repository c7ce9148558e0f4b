import BearingLocation
import Foundation

/// Imports the cafés of the user's own OpenStreetMap data, so offline search works anywhere.
///
/// Reads `.osm.pbf` extracts and GeoJSON exported by Overpass. An import is all or nothing:
/// it returns a complete ``PlaceDataset`` or throws a ``PlaceImportError`` that names what is
/// wrong and where (byte offset or feature index). Save the result with
/// ``PlaceDataset/write(to:)``.
///
/// ```swift
/// let dataset = try OSMImporter.importFile(at: URL(fileURLWithPath: "berlin.osm.pbf"))
/// let places = PlacesClient.offline(OfflinePlaces(dataset: dataset))
/// ```
public enum OSMImporter {
  /// The formats the importer reads.
  public enum Format: String, Sendable, CaseIterable {
    /// OpenStreetMap's protocol buffer format (`.osm.pbf`).
    case pbf
    /// A GeoJSON FeatureCollection as exported by Overpass.
    case geoJSON
  }

  /// Imports a file, telling the format from its contents.
  ///
  /// - parameter area: what to call the covered area; defaults to the file's name.
  /// - parameter source: where the data is from; defaults to "OpenStreetMap" and, for a
  ///   `.osm.pbf` with a replication timestamp, its date.
  /// - throws: ``PlaceImportError``, or the file system's error if the file cannot be read.
  public static func importFile(
    at url: URL, area: String? = nil, source: String? = nil
  ) throws -> PlaceDataset {
    let data = try Data(contentsOf: url, options: .mappedIfSafe)
    let name = url.lastPathComponent
    let defaultArea = name.split(separator: ".").first.map(String.init) ?? name
    return try importData(data, format: nil, area: area ?? defaultArea, source: source)
  }

  /// Imports data already in memory; `format` `nil` tells it from the contents.
  public static func importData(
    _ data: Data, format: Format? = nil, area: String, source: String? = nil
  ) throws(PlaceImportError) -> PlaceDataset {
    let places: [Place]
    var sourceName = source ?? "OpenStreetMap"
    switch format ?? detectFormat(data) {
    case .pbf:
      let result = try OSMPBFReader(data).read()
      places = result.places
      if source == nil, let timestamp = result.timestamp {
        sourceName += " " + timestamp.formatted(.iso8601.year().month().day())
      }
    case .geoJSON:
      places = try GeoJSONReader(data: data).read()
    }
    guard !places.isEmpty else {
      throw .noPlaces(
        "the data holds no named café (amenity=cafe, shop=coffee or cuisine=coffee_shop)")
    }
    return try PlaceDataset(
      area: area, source: sourceName, places: places.sorted { $0.id < $1.id })
  }

  /// GeoJSON starts with `{` (after white space); anything else is taken for a PBF file.
  static func detectFormat(_ data: Data) -> Format {
    let first = data.first { !($0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D) }
    // A UTF-8 byte-order mark also means text.
    return first == UInt8(ascii: "{") || first == 0xEF ? .geoJSON : .pbf
  }
}
