import BearingLocation
import Foundation

/// Reads the named cafés out of GeoJSON as Overpass exports it (overpass turbo's export, or
/// `osmtogeojson`).
///
/// Each feature is an OpenStreetMap element: its id is the feature's `id` or its `@id`
/// property (`node/123`), and its tags are the properties themselves or, in older exports,
/// a `tags` property. Points stand where they are; lines and polygons (the outer ring of the
/// first polygon of a multipolygon) stand at their centroid. Features that are not named cafés
/// are skipped; any malformed feature fails the whole import, naming the feature's index.
struct GeoJSONReader {
  let data: Data

  func read() throws(PlaceImportError) -> [Place] {
    let document: JSONValue
    do {
      document = try JSONDecoder().decode(JSONValue.self, from: data)
    } catch let error as DecodingError {
      throw .malformed("not valid JSON: \(PlaceImportError.describe(error))")
    } catch {
      throw .malformed("not valid JSON: \(error)")
    }
    guard document["type"]?.string == "FeatureCollection" else {
      throw .malformed(
        "the top level is \(document["type"]?.string.map { "a \($0)" } ?? document.kind), "
          + "not a GeoJSON FeatureCollection")
    }
    guard let features = document["features"]?.array else {
      throw .malformed("the FeatureCollection has no \"features\" array")
    }
    var places: [Place] = []
    for (index, feature) in features.enumerated() {
      do {
        if let place = try Self.place(from: feature) { places.append(place) }
      } catch {
        throw .malformed("feature \(index): \(error.reason)")
      }
    }
    return places
  }

  struct Failure: Error {
    var reason: String
  }

  private static func place(from feature: JSONValue) throws(Failure) -> Place? {
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
    guard osmTags.isCafe, tags["name"]?.isEmpty == false else { return nil }
    let element = try elementID(feature: feature, properties: properties)
    guard let geometry = feature["geometry"], geometry != .null else {
      throw Failure(reason: "\(element) has no geometry")
    }
    let center = try centroid(of: geometry, element: element)
    return osmTags.cafe(element: element, coordinate: center)
  }

  private static func elementID(
    feature: JSONValue, properties: [String: JSONValue]
  ) throws(Failure) -> String {
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
    throw Failure(
      reason: "no OpenStreetMap id (expected \"id\": \"node/123\" or an \"@id\" property)")
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
      guard let ring = coordinates?.array?.first?.array?.first else {
        throw Failure(reason: "\(element): the MultiPolygon has no polygons")
      }
      points = try positions(ring, element: element)
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
