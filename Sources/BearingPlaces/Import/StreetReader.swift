import BearingLocation
import BearingStreets
import BearingText
import Foundation

/// The street geometry of a GeoJSON FeatureCollection, an Overpass answer with `out geom;` or
/// an `.osm.pbf` extract (its ways, read by ``OSMImporter``'s PBF reader), for maps:
/// LineStrings, MultiLineStrings and the rings of Polygons and MultiPolygons whose tags (or
/// properties) say `highway`, `railway`, `waterway` or `natural=coastline`, each
/// simplified at 1 m (``StreetLine/simplified(tolerance:)``).
///
/// It reads leniently and never throws: the places' import has already judged the document,
/// and a geometry it cannot read is left out. A GeoJSON document is parsed (a second time,
/// after the places' reader, in one thread) only when it says "LineString" or "Polygon" and one
/// of the four tags; a file of places costs a few byte scans.
///
/// ```swift
/// let streets = StreetReader.streets(in: data, format: .geoJSON)
/// ```
public enum StreetReader {
  /// The keys whose tags can make a street: `natural` only as `natural=coastline`.
  static let streetKeys: Set<String> = ["highway", "railway", "waterway", "natural"]

  /// The streets of `data` in `format`. A `.pbf` file is read whole (its cafés too); to import
  /// both at once use ``OSMImporter/importFileAndStreets(at:area:source:everyNamedFeature:)``.
  public static func streets(in data: Data, format: OSMImporter.Format) -> [StreetLine] {
    switch format {
    case .pbf: return (try? OSMPBFReader(data).read(streets: true).streets) ?? []
    case .geoJSON:
      // Most files of places have no streets: two byte scans spare them a second parse.
      guard contains(data, "LineString") || contains(data, "Polygon"),
        ["highway", "railway", "waterway", "coastline"].contains(where: { contains(data, $0) })
      else { return [] }
      return data.withUnsafeBytes { bytes in geoJSON(JSONParser(bytes)) }
    case .overpassJSON:
      return data.withUnsafeBytes { bytes in overpass(JSONParser(bytes)) }
    }
  }

  /// The streets of the file at `url`, in the format ``OSMImporter`` finds there; none when it
  /// cannot be read.
  public static func streets(inFileAt url: URL) -> [StreetLine] {
    guard let data = try? Data(contentsOf: url, options: .alwaysMapped) else { return [] }
    return streets(in: data, format: OSMImporter.detectFormat(data))
  }

  /// Whether `text` occurs in `data`: `memchr` to each candidate first byte, then a compare,
  /// so a million-place file of points pays a small part of its parse.
  private static func contains(_ data: Data, _ text: String) -> Bool {
    let needle = Array(text.utf8)
    return data.withUnsafeBytes { haystack in
      guard let base = haystack.baseAddress, let first = needle.first else { return false }
      var offset = 0
      while offset + needle.count <= haystack.count {
        guard
          let hit = memchr(
            base + offset, Int32(first), haystack.count - offset - needle.count + 1)
        else { return false }
        let position = base.distance(to: UnsafeRawPointer(hit))
        if memcmp(base + position, needle, needle.count) == 0 { return true }
        offset = position + 1
      }
      return false
    }
  }

  private static func geoJSON(_ parser: JSONParser) -> [StreetLine] {
    var lines: [StreetLine] = []
    LenientFeatures.geoJSON(parser) { lines += streets(ofFeature: $0) }
    return lines
  }

  /// The street lines of one GeoJSON feature: none unless it is a line or polygon with a
  /// street's tags. ``GeoJSONReader`` asks it of each feature as it imports a file's places.
  static func streets(ofFeature feature: JSONValue) -> [StreetLine] {
    switch feature["geometry"]?["type"]?.string {
    case "LineString", "MultiLineString", "Polygon", "MultiPolygon": break
    default: return []
    }
    guard let properties = feature["properties"]?.object,
      let kind = kind(properties["tags"]?.object ?? properties),
      let geometry = feature["geometry"]
    else { return [] }
    return rings(of: geometry).map { StreetLine(kind: kind, points: $0).simplified() }
  }

  /// The point lists of a GeoJSON line or polygon geometry.
  private static func rings(of geometry: JSONValue) -> [[Coordinate]] {
    let coordinates = geometry["coordinates"]
    switch geometry["type"]?.string {
    case "LineString": return [positions(coordinates)].filter { $0.count >= 2 }
    case "MultiLineString", "Polygon":
      return (coordinates?.array ?? []).map(positions).filter { $0.count >= 2 }
    case "MultiPolygon":
      return (coordinates?.array ?? []).flatMap { ($0.array ?? []).map(positions) }
        .filter { $0.count >= 2 }
    default: return []
    }
  }

  private static func positions(_ value: JSONValue?) -> [Coordinate] {
    (value?.array ?? []).compactMap { position in
      guard let pair = position.array, pair.count >= 2, let longitude = pair[0].number,
        let latitude = pair[1].number
      else { return nil }
      return try? Coordinate(validatingLatitude: latitude, longitude: longitude)
    }
  }

  private static func overpass(_ parser: JSONParser) -> [StreetLine] {
    var lines: [StreetLine] = []
    LenientFeatures.overpass(parser) { lines += streets(ofOverpassElement: $0) }
    return lines
  }

  /// The street line of one element of an Overpass answer: none unless it has a street's
  /// tags and its shape (`out geom;`). ``OverpassReader`` asks it of each element as it
  /// imports an answer's places.
  static func streets(ofOverpassElement element: JSONValue) -> [StreetLine] {
    guard let tags = element["tags"]?.object, let kind = kind(tags),
      let geometry = element["geometry"]?.array
    else { return [] }
    let points = geometry.compactMap { node -> Coordinate? in
      guard let latitude = node["lat"]?.number, let longitude = node["lon"]?.number else {
        return nil
      }
      return try? Coordinate(validatingLatitude: latitude, longitude: longitude)
    }
    return points.count >= 2 ? [StreetLine(kind: kind, points: points).simplified()] : []
  }

  private static func kind(_ tags: [String: JSONValue]) -> StreetKind? {
    kind { tags[$0]?.string }
  }

  /// The kind of line an element whose tags are `tag` makes, or `nil` when a map has no use
  /// for it: every format's reader asks here.
  static func kind(_ tag: (String) -> String?) -> StreetKind? {
    if tag("natural") == "coastline" { return .water }
    return StreetKind(highway: tag("highway"), railway: tag("railway"), waterway: tag("waterway"))
  }
}
