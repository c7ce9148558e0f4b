import BearingLocation
import Foundation

/// An answer of the Overpass API in its JSON output format (`[out:json]`).
///
/// Nodes carry `lat`/`lon`; ways and relations carry `center` when the query ended with
/// `out center`. `remark` is how Overpass reports a runtime error (a timeout, running out of
/// memory) in an answer that is otherwise a well-formed 200: the elements are then incomplete.
///
/// ```swift
/// let answer = try OverpassResponse.decode(body)
/// let cafés = answer.cafés()
/// ```
public struct OverpassResponse: Hashable, Sendable, Decodable {
  /// One OpenStreetMap element of the answer.
  public struct Element: Hashable, Sendable, Decodable {
    /// `node`, `way` or `relation`.
    public var type: String
    /// The element's id, unique among elements of its type.
    public var id: Int64
    /// A node's latitude in degrees; `nil` for ways and relations.
    public var lat: Double?
    /// A node's longitude in degrees; `nil` for ways and relations.
    public var lon: Double?
    /// The middle of a way's or relation's bounding box, from `out center`.
    public var center: Center?
    /// The element's OpenStreetMap tags, such as `amenity=cafe`; `nil` when it has none.
    public var tags: [String: String]?

    /// The `center` object of `out center`.
    public struct Center: Hashable, Sendable, Decodable {
      /// Latitude in degrees.
      public var lat: Double
      /// Longitude in degrees.
      public var lon: Double
    }

    /// What tells elements apart: a node, way or relation and its id; `nil` for any other type.
    public struct Key: Hashable, Sendable {
      var type: UInt8
      var id: Int64
    }

    /// The element's type and id, which tell elements apart; `nil` for a type other than node, way
    /// or relation.
    public var key: Key? {
      switch type {
      case "node": Key(type: 0, id: id)
      case "way": Key(type: 1, id: id)
      case "relation": Key(type: 2, id: id)
      default: nil
      }
    }

    /// The element as a place when it is a named café (or, with `everyNamedPlace`, any named
    /// element) with a position; `nil` otherwise.
    public func place(everyNamedPlace: Bool = false) -> Place? {
      guard key != nil, let coordinate else { return nil }
      let tags = OSMTags(tags ?? [:])
      let name = "\(type)/\(id)"
      return everyNamedPlace
        ? tags.namedPlace(id: "osm:\(name)", coordinate: coordinate)
        : tags.cafe(element: name, coordinate: coordinate)
    }

    /// Where the element stands: a node's own position, else its center.
    public var coordinate: Coordinate? {
      guard let latitude = lat ?? center?.lat, let longitude = lon ?? center?.lon else {
        return nil
      }
      return try? Coordinate(validatingLatitude: latitude, longitude: longitude)
    }
  }

  /// The elements the query matched, in the server's order.
  public var elements: [Element]
  /// The server's note about the query; `runtime error: …` means the answer is incomplete.
  public var remark: String?

  /// The ``remark`` when it reports that the query failed on the server; `nil` otherwise.
  public var runtimeError: String? {
    guard let remark, remark.localizedCaseInsensitiveContains("error") else { return nil }
    return remark
  }

  /// The named cafés among the elements (see the importer's rules: `amenity=cafe`,
  /// `shop=coffee` or `cuisine` including `coffee_shop`), in the answer's order, each element
  /// once. With `everyNamedPlace`, every named element counts.
  public func cafés(everyNamedPlace: Bool = false) -> [Place] {
    var seen = Set<Element.Key>()
    return elements.compactMap { element in
      guard let key = element.key, element.coordinate != nil, seen.insert(key).inserted else {
        return nil
      }
      return element.place(everyNamedPlace: everyNamedPlace)
    }
  }

  /// Decodes an answer, or says what is wrong with it and where.
  public static func decode(_ data: Data) throws(PlaceImportError) -> OverpassResponse {
    do {
      return try JSONDecoder().decode(OverpassResponse.self, from: data)
    } catch let error as DecodingError {
      throw .malformed("not an Overpass JSON answer: \(PlaceImportError.describe(error))")
    } catch {
      throw .malformed("not an Overpass JSON answer: \(error)")
    }
  }
}
