import BearingLocation
import BearingStreets
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
    /// A GeoJSON FeatureCollection, from Overpass or any other tool.
    case geoJSON
    /// An Overpass API answer in its JSON format (`[out:json]`, with `out center`).
    case overpassJSON
  }

  /// Imports a file, telling the format from its contents unless `format` gives it.
  ///
  /// - parameter area: what to call the covered area; defaults to the file's name.
  /// - parameter source: where the data is from; defaults to "OpenStreetMap" and, for a
  ///   `.osm.pbf` with a replication timestamp, its date.
  /// - parameter everyNamedFeature: take every named feature of a GeoJSON or Overpass file as
  ///   a café (the file lists cafés already).
  /// - throws: ``PlaceImportError``, or the file system's error if the file cannot be read.
  /// - parameter format: how to read the file; `nil` tells it from the contents.
  public static func importFile(
    at url: URL, area: String? = nil, source: String? = nil, format: Format? = nil,
    everyNamedFeature: Bool = false
  ) throws -> PlaceDataset {
    let data = try Data(contentsOf: url, options: .alwaysMapped)
    let name = url.lastPathComponent
    let defaultArea = name.split(separator: ".").first.map(String.init) ?? name
    return try importData(
      data, format: format, area: area ?? defaultArea, source: source, fileName: name,
      everyNamedFeature: everyNamedFeature)
  }

  /// The format ``importFile(at:area:source:format:everyNamedFeature:)`` tells from the
  /// file's first 4 KiB, so that a later import can read it the same way.
  /// - throws: the file system's error if the file cannot be read.
  /// - throws: ``PlaceImportError/malformed(_:)`` for a directory, an empty file, or one whose
  ///   first bytes are none of the three formats (HTML, XML, plain text, a server's error
  ///   answer), saying what it looks like.
  public static func format(ofFileAt url: URL) throws -> Format {
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory),
      isDirectory.boolValue
    {
      throw PlaceImportError.malformed(
        "\(url.lastPathComponent) is a directory, not an .osm.pbf, Overpass JSON or GeoJSON file")
    }
    let handle = try FileHandle(forReadingFrom: url)
    defer { try? handle.close() }
    return try sniff(try handle.read(upToCount: 4096) ?? Data())
  }

  /// The format of a file that starts with `opening`, or why it is none of them.
  static func sniff(_ opening: Data) throws(PlaceImportError) -> Format {
    let expected = "not .osm.pbf, Overpass JSON or GeoJSON"
    let isSpace = { (byte: UInt8) in byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
    guard let first = opening.first(where: { !isSpace($0) }) else {
      throw .malformed("the file is empty: it holds no .osm.pbf, Overpass JSON or GeoJSON data")
    }
    let text = String(decoding: opening.prefix(1024), as: UTF8.self).lowercased()
    switch first {
    case UInt8(ascii: "{"), 0xEF:
      let isData = ["\"features\"", "\"elements\"", "\"type\""].contains { text.contains($0) }
      if !isData, text.contains("\"message\"") || text.contains("\"error\"") {
        throw .malformed("this is a server's error answer (JSON with a message), \(expected)")
      }
      return detectFormat(opening)
    case UInt8(ascii: "["):
      throw .malformed(
        "the file is a JSON array; a GeoJSON FeatureCollection or an Overpass answer is an object")
    case UInt8(ascii: "<"):
      if text.contains("<html") || text.contains("<!doctype html") {
        throw .malformed("this looks like an HTML page (a server's error page?), \(expected)")
      }
      if text.contains("<osm") {
        throw .unsupported(
          "OpenStreetMap XML (.osm) is not read; convert it to .osm.pbf (osmium cat FILE.osm -o "
            + "FILE.osm.pbf) or export GeoJSON")
      }
      if text.contains("<gpx") { throw .malformed("this is a GPX track, \(expected)") }
      throw .malformed("this looks like XML, \(expected)")
    default:
      // An .osm.pbf file starts with a 4-byte length and a BlobHeader naming OSMHeader; text is
      // no .osm.pbf file.
      let looksLikeText = opening.prefix(512).allSatisfy {
        $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || ($0 >= 0x20 && $0 != 0x7F)
      }
      if looksLikeText, opening.count >= 8 {
        throw .malformed("this looks like text, \(expected)")
      }
      return .pbf
    }
  }

  /// What ``importFileAndStreets(at:area:source:format:everyNamedFeature:)`` found.
  public struct Imported: Sendable {
    /// The cafés, as ``importFile(at:area:source:format:everyNamedFeature:)`` returns them.
    public var dataset: PlaceDataset
    /// The file's streets for maps (``StreetReader``), simplified at 1 m.
    public var streets: [StreetLine]
  }

  /// Imports a file's cafés and its streets, reading an `.osm.pbf` file once for both (its
  /// street ways' nodes are resolved in the pass that resolves the café ways' nodes).
  ///
  /// - throws: as ``importFile(at:area:source:format:everyNamedFeature:)`` does; streets never make
  ///   an import fail.
  public static func importFileAndStreets(
    at url: URL, area: String? = nil, source: String? = nil, format: Format? = nil,
    everyNamedFeature: Bool = false
  ) throws -> Imported {
    let data = try Data(contentsOf: url, options: .alwaysMapped)
    let name = url.lastPathComponent
    let defaultArea = name.split(separator: ".").first.map(String.init) ?? name
    let format = format ?? detectFormat(data)
    var streets: [StreetLine]? = format == .pbf ? [] : nil
    let dataset = try importData(
      data, format: format, area: area ?? defaultArea, source: source, fileName: name,
      everyNamedFeature: everyNamedFeature, pbfStreets: &streets)
    return Imported(
      dataset: dataset, streets: streets ?? StreetReader.streets(in: data, format: format))
  }

  /// Imports data already in memory; `format` `nil` tells it from the contents. `fileName`
  /// goes into the stable ids of GeoJSON features that have no OpenStreetMap id.
  public static func importData(
    _ data: Data, format: Format? = nil, area: String, source: String? = nil,
    fileName: String? = nil, everyNamedFeature: Bool = false
  ) throws(PlaceImportError) -> PlaceDataset {
    var streets: [StreetLine]?
    return try importData(
      data, format: format, area: area, source: source, fileName: fileName,
      everyNamedFeature: everyNamedFeature, pbfStreets: &streets)
  }

  /// ``importData(_:format:area:source:fileName:everyNamedFeature:)``, also reading a PBF
  /// file's streets into `pbfStreets` when it is not `nil`.
  static func importData(
    _ data: Data, format: Format?, area: String, source: String?, fileName: String?,
    everyNamedFeature: Bool, pbfStreets: inout [StreetLine]?
  ) throws(PlaceImportError) -> PlaceDataset {
    let places: [Place]
    var sourceName = source ?? "OpenStreetMap"
    var attribution = DataCoverage.openStreetMapAttribution
    switch format ?? detectFormat(data) {
    case .pbf:
      let result = try OSMPBFReader(data).read(streets: pbfStreets != nil)
      places = result.places
      if pbfStreets != nil { pbfStreets = result.streets }
      if source == nil, let timestamp = result.timestamp {
        sourceName += " " + timestamp.formatted(.iso8601.year().month().day())
      }
    case .geoJSON:
      places = try GeoJSONReader(
        data: data, source: fileName ?? area, everyNamedFeature: everyNamedFeature
      ).read()
      if source == nil, !places.contains(where: { isOpenStreetMapID($0.id) }) {
        (sourceName, attribution) = ownGeoJSON(fileName: fileName ?? area)
      }
    case .overpassJSON:
      let answer = try OverpassResponse.decode(data)
      if let failure = answer.runtimeError {
        throw .malformed("the Overpass answer is incomplete: \(failure)")
      }
      places = answer.cafés(everyNamedPlace: everyNamedFeature)
    }
    guard !places.isEmpty else { throw .noPlaces(noCafés(everyNamedFeature: everyNamedFeature)) }
    return try PlaceDataset(
      area: area, source: sourceName, attribution: attribution,
      places: places.sorted { $0.id < $1.id })
  }

  /// Whether a place's id is an OpenStreetMap element's (`osm:node/…`): a GeoJSON file none of
  /// whose places has one is no OpenStreetMap data.
  static func isOpenStreetMapID(_ id: String) -> Bool { id.hasPrefix("osm:") }

  /// The source and credit of a GeoJSON file of one's own (no OpenStreetMap ids): the file,
  /// and no ODbL credit.
  static func ownGeoJSON(fileName: String) -> (source: String, attribution: String) {
    ("GeoJSON file \(fileName)", "")
  }

  /// Why a file with no place is not imported.
  static func noCafés(everyNamedFeature: Bool) -> String {
    "the data holds no named café (amenity=cafe, shop=coffee or cuisine=coffee_shop)"
      + (everyNamedFeature ? "" : "; with --all every named feature counts")
  }

  /// JSON starts with `{` (after white space): an Overpass answer when its opening names
  /// Overpass's keys, GeoJSON otherwise; anything else is taken for a PBF file.
  static func detectFormat(_ data: Data) -> Format {
    let first = data.first { !($0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D) }
    // A UTF-8 byte-order mark also means text.
    guard first == UInt8(ascii: "{") || first == 0xEF else { return .pbf }
    let opening = String(decoding: data.prefix(4096), as: UTF8.self)
    let overpassKeys = ["\"elements\"", "\"osm3s\"", "\"generator\""]
    let isOverpass =
      overpassKeys.contains { opening.contains($0) } && !opening.contains("\"FeatureCollection\"")
    return isOverpass ? .overpassJSON : .geoJSON
  }
}
