import BearingLocation
import Foundation

/// Reads the named cafés out of any GeoJSON FeatureCollection: as Overpass exports it
/// (overpass turbo's export, or `osmtogeojson`), or from any other tool.
///
/// A feature from OpenStreetMap keeps its element id (the feature's `id` or its `@id`
/// property, `node/123`); any other feature gets a stable id made from `source`, its position
/// and its name (``stableID(source:coordinate:name:)``), so importing the same file again
/// gives the same ids. Tags are the properties themselves or, in older exports, a `tags`
/// property. Points stand where they are; lines and polygons stand at their centroid (a
/// multipolygon at the centroid of its polygons' outer rings, weighed by their areas).
/// Features that are not named cafés are skipped, unless `everyNamedFeature` (a file that lists
/// cafés already); any malformed feature fails the whole import, naming the feature's index.
struct GeoJSONReader {
  let data: Data
  /// Where the file comes from (its name), for the stable ids of features without one.
  var source = "geojson"
  var everyNamedFeature = false
  /// Whether the features are parsed on every core (the result is the same either way).
  var parallel = true

  func read() throws(PlaceImportError) -> [Place] {
    let outcome = data.withUnsafeBytes { bytes in
      Result { () throws(PlaceImportError) -> [Place] in
        if parallel, let places = try read(JSONParser(bytes), parallel: true) { return places }
        return try read(JSONParser(bytes), parallel: false)!
      }
    }
    return try outcome.get()
  }

  /// Reads the document in one pass, turning each feature into a place as it is parsed, so a
  /// file of a million features never exists as one tree in memory.
  ///
  /// When `parallel`, the `features` array is split into its elements by a quick scan and
  /// they are parsed on every core; `nil` when one of them does not parse, so that the caller
  /// reads the document again in order, for the error a reader in order meets first.
  private func read(_ parser: JSONParser, parallel: Bool) throws(PlaceImportError) -> [Place]? {
    var parser = parser
    var type: JSONValue?
    var featuresKind: String?
    var places: [Place] = []
    // The first bad feature, reported once the whole document is known to be a collection.
    var failure: (index: Int, reason: String)?
    // The features array is not what the quick scan took it for.
    var unsplittable = false
    do {
      guard parser.peek() == UInt8(ascii: "{") else {
        let document = try parser.value()
        try parser.finish()
        throw PlaceImportError.malformed(
          "the top level is \(document.kind), not a GeoJSON FeatureCollection")
      }
      try parser.members { (parser, key) throws(JSONParser.Failure) in
        switch key {
        case "type":
          type = try parser.value(depth: 1)
        case "features" where parser.peek() == UInt8(ascii: "["):
          featuresKind = "an array"
          places = []
          if parallel {
            guard let ranges = parser.elementRanges(),
              let (found, firstFailure) = features(ranges, in: parser.bytes)
            else {
              unsplittable = true
              throw JSONParser.Failure(offset: parser.position, reason: "read in order")
            }
            places = found
            failure = firstFailure
            return
          }
          try parser.elements(depth: 1) { (parser, index) throws(JSONParser.Failure) in
            let feature = try parser.value(depth: 2)
            guard failure == nil else { return }
            do throws(Failure) {
              if let place = try self.place(from: feature) { places.append(place) }
            } catch {
              failure = (index, error.reason)
            }
          }
        case "features":
          featuresKind = try parser.value(depth: 1).kind
        default:
          _ = try parser.value(depth: 1)
        }
      }
      try parser.finish()
    } catch let error as JSONParser.Failure {
      if unsplittable { return nil }
      throw .malformed("not valid JSON: byte \(error.offset): \(error.reason)")
    } catch let error as PlaceImportError {
      throw error
    } catch {
      throw .malformed("not valid JSON: \(error)")
    }
    guard type?.string == "FeatureCollection" else {
      throw .malformed(
        "the top level is \(type?.string.map { "a \($0)" } ?? "an object"), "
          + "not a GeoJSON FeatureCollection")
    }
    guard featuresKind == "an array" else {
      throw .malformed("the FeatureCollection has no \"features\" array")
    }
    if let failure { throw .malformed("feature \(failure.index): \(failure.reason)") }
    return places
  }

  struct Failure: Error {
    var reason: String
  }

  /// The places of the features at `ranges` of `bytes`, parsed on every core, with the first
  /// bad feature; `nil` when one of them is not JSON.
  private func features(
    _ ranges: [Range<Int>], in bytes: UnsafeRawBufferPointer
  ) -> (places: [Place], failure: (index: Int, reason: String)?)? {
    // Enough chunks that neither core waits long for the other at the end.
    let chunkSize = max(1_024, ranges.count / 64)
    let chunks = stride(from: 0, to: ranges.count, by: chunkSize)
    nonisolated(unsafe) let bytes = bytes  // Only read, by every chunk.
    let results = concurrentMap(chunks) { (first: Int) throws(JSONParser.Failure) in
      var places: [Place] = []
      var failure: (index: Int, reason: String)?
      for index in first..<min(first + chunkSize, ranges.count) {
        var parser = JSONParser(
          UnsafeRawBufferPointer(rebasing: bytes[ranges[index]]), document: false)
        let feature = try parser.value(depth: 2)
        try parser.finish()
        // After a bad feature the rest is still parsed: a later one that is not JSON wins.
        guard failure == nil else { continue }
        do throws(Failure) {
          if let place = try self.place(from: feature) { places.append(place) }
        } catch {
          failure = (index, error.reason)
        }
      }
      return (places, failure)
    }
    var places: [Place] = []
    places.reserveCapacity(ranges.count)
    var failure: (index: Int, reason: String)?
    for result in results {
      guard case .success(let (found, firstFailure)) = result else { return nil }
      if failure == nil {
        places += found
        failure = firstFailure
      }
    }
    return (places, failure)
  }

  private func place(from feature: JSONValue) throws(Failure) -> Place? {
    guard feature["type"]?.string == "Feature" else {
      throw Failure(reason: "expected a Feature, found \(feature["type"]?.string ?? feature.kind)")
    }
    guard let properties = feature["properties"]?.object else {
      throw Failure(reason: "\"properties\" is missing or not an object")
    }
    let tagSource = properties["tags"]?.object ?? properties
    var tags: [String: String] = [:]
    for (key, value) in tagSource where !key.hasPrefix("@") {
      if let text = value.string { tags[key] = text }
    }
    let osmTags = OSMTags(tags)
    guard everyNamedFeature || osmTags.isCafe, let name = tags["name"], !name.isEmpty else {
      return nil
    }
    let element = Self.elementID(feature: feature, properties: properties)
    let label = element ?? "the feature named \"\(name)\""
    guard let geometry = feature["geometry"], geometry != .null else {
      throw Failure(reason: "\(label) has no geometry")
    }
    let center = try Self.centroid(of: geometry, element: label)
    let id =
      element.map { "osm:\($0)" } ?? Self.stableID(source: source, coordinate: center, name: name)
    return osmTags.namedPlace(id: id, coordinate: center)
  }

  /// An id for a place that has none: `geo:` and 16 hex digits of an FNV-1a hash of `source`,
  /// the position to 7 decimals (about 1 cm) and the name.
  static func stableID(source: String, coordinate: Coordinate, name: String) -> String {
    let position = String(format: "%.7f,%.7f", coordinate.latitude, coordinate.longitude)
    let key = "\(source)\n\(position)\n\(name)"
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in key.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01b3
    }
    let hex = String(hash, radix: 16)
    return "geo:" + String(repeating: "0", count: 16 - hex.count) + hex
  }

  /// The feature's OpenStreetMap element (`node/123`), or `nil` when it has none.
  private static func elementID(
    feature: JSONValue, properties: [String: JSONValue]
  ) -> String? {
    let candidates = [
      feature["id"]?.string, properties["@id"]?.string,
      properties["type"]?.string.flatMap { type in
        // A number that is not a whole Int64 (1e19, 2.5) is no OpenStreetMap id: never a trap.
        properties["id"]?.number.flatMap { Int64(exactly: $0) }.map { "\(type)/\($0)" }
      },
    ]
    for case let id? in candidates {
      let parts = id.split(separator: "/")
      if parts.count == 2, ["node", "way", "relation"].contains(parts[0]),
        let number = Int64(parts[1]), number > 0
      {
        return "\(parts[0])/\(number)"
      }
    }
    return nil
  }

  private static func centroid(of geometry: JSONValue, element: String) throws(Failure)
    -> Coordinate
  {
    let type = geometry["type"]?.string ?? "(none)"
    let coordinates = geometry["coordinates"]
    let points: [Coordinate]
    switch type {
    case "Point":
      return try position(coordinates, element: element)
    case "LineString", "MultiPoint":
      points = try positions(coordinates, element: element)
    case "Polygon":
      guard let ring = coordinates?.array?.first else {
        throw Failure(reason: "\(element): the Polygon has no rings")
      }
      points = try positions(ring, element: element)
    case "MultiPolygon":
      // Each polygon's outer ring, weighed by its area.
      guard let polygons = coordinates?.array, !polygons.isEmpty else {
        throw Failure(reason: "\(element): the MultiPolygon has no polygons")
      }
      var rings: [[Coordinate]] = []
      for polygon in polygons {
        guard let ring = polygon.array?.first else {
          throw Failure(reason: "\(element): a polygon of the MultiPolygon has no rings")
        }
        rings.append(try positions(ring, element: element))
      }
      guard let center = OSMTags.centroid(ofRings: rings) else {
        throw Failure(reason: "\(element): the MultiPolygon has no positions")
      }
      return center
    default:
      throw Failure(reason: "\(element): geometry type \"\(type)\" is not supported")
    }
    guard let center = OSMTags.centroid(of: points) else {
      throw Failure(reason: "\(element): the \(type) has no positions")
    }
    return center
  }

  private static func positions(_ value: JSONValue?, element: String) throws(Failure)
    -> [Coordinate]
  {
    guard let array = value?.array, !array.isEmpty else {
      throw Failure(reason: "\(element): expected an array of positions")
    }
    var result: [Coordinate] = []
    for item in array { result.append(try position(item, element: element)) }
    return result
  }

  private static func position(_ value: JSONValue?, element: String) throws(Failure) -> Coordinate {
    guard let array = value?.array, array.count >= 2, let longitude = array[0].number,
      let latitude = array[1].number
    else {
      throw Failure(reason: "\(element): a position is not [longitude, latitude]")
    }
    do {
      return try Coordinate(validatingLatitude: latitude, longitude: longitude)
    } catch {
      throw Failure(reason: "\(element): \(error)")
    }
  }
}
