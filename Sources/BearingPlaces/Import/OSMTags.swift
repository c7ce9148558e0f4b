import BearingLocation
import Foundation

/// An OpenStreetMap element's tags, and how they make a café ``Place``.
///
/// Both importers (PBF and GeoJSON) and `scripts/derive_osm_cafes.py` apply the same rules:
/// a café has `amenity=cafe`, `shop=coffee` or `coffee_shop` among its `cuisine` values, and a
/// name.
struct OSMTags: Hashable, Sendable {
  var values: [String: String]

  init(_ values: [String: String]) { self.values = values }

  private var cuisines: [Substring] {
    (values["cuisine"] ?? "").split(separator: ";").map { $0.trimmingSpaces }
  }

  /// Whether the element is a café or coffee shop.
  var isCafe: Bool {
    values["amenity"] == "cafe" || values["shop"] == "coffee" || cuisines.contains("coffee_shop")
  }

  /// The ``PlaceCategory`` display names the tags earn.
  var categories: [String] {
    var result: [String] = []
    if values["amenity"] == "cafe" { result.append(PlaceCategory.cafe.displayName) }
    if values["shop"] == "coffee" || cuisines.contains("coffee_shop") {
      result.append(PlaceCategory.coffeeShop.displayName)
    }
    return result
  }

  /// "Street 12, 00100 City" from whichever `addr:*` parts are present.
  var address: String? {
    let street = [values["addr:street"], values["addr:housenumber"]].compactMap { $0 }
      .joined(separator: " ")
    let town = [values["addr:postcode"], values["addr:city"]].compactMap { $0 }
      .joined(separator: " ")
    let line = [street, town].filter { !$0.isEmpty }.joined(separator: ", ")
    return line.isEmpty ? nil : line
  }

  /// A place for a named café, `nil` for anything else.
  ///
  /// - parameter element: `node/123`, `way/456` or `relation/789`.
  func cafe(element: String, coordinate: Coordinate) -> Place? {
    guard isCafe else { return nil }
    return namedPlace(id: "osm:\(element)", coordinate: coordinate)
  }

  /// A place for any named element, for data that lists cafés already (`import --all`): its
  /// categories are what the tags earn, or "Café" when they earn none.
  ///
  /// - parameter id: the place's id, such as `osm:node/123`.
  func namedPlace(id: String, coordinate: Coordinate) -> Place? {
    // Spaces around a name are dropped, so the café can be named as it reads; a name of only
    // spaces is no name (a blank row in every list).
    guard let name = values["name"]?.trimmingCharacters(in: .whitespacesAndNewlines),
      !name.isEmpty
    else { return nil }
    let categories = self.categories
    return Place(
      id: id,
      name: name,
      coordinate: coordinate,
      address: address,
      categories: categories.isEmpty ? [PlaceCategory.cafe.displayName] : categories,
      phone: values["phone"] ?? values["contact:phone"],
      website: values["website"] ?? values["contact:website"],
      openingHours: values["opening_hours"],
      source: .openStreetMap
    )
  }

  /// Where an element made of `points` stands: the area centroid of a closed ring, otherwise
  /// the mean of its vertices.
  ///
  /// Works in degrees around the first vertex, with longitudes unwrapped so that a way across
  /// the antimeridian does not average to the far side of the Earth.
  static func centroid(of points: [Coordinate]) -> Coordinate? {
    centroid(ofRings: [points])
  }

  /// Where the outer rings of a multipolygon stand together: the centroid of their areas, each
  /// ring weighing as much as its area (whichever way it winds); the mean of their vertices
  /// when they enclose no area.
  static func centroid(ofRings rings: [[Coordinate]]) -> Coordinate? {
    guard let first = rings.first?.first else { return nil }
    func unwrap(_ longitude: Double) -> Double {
      let d = longitude - first.longitude
      return d > 180 ? d - 360 : d < -180 ? d + 360 : d
    }
    var area = 0.0
    var cx = 0.0
    var cy = 0.0
    var vertices: [(Double, Double)] = []
    for ring in rings {
      var local = ring.map { ($0.latitude - first.latitude, unwrap($0.longitude)) }
      if local.count >= 4, ring.first == ring.last {
        var ringArea = 0.0
        var ringX = 0.0
        var ringY = 0.0
        for i in 0..<(local.count - 1) {
          let (y1, x1) = local[i]
          let (y2, x2) = local[i + 1]
          let cross = x1 * y2 - x2 * y1
          ringArea += cross
          ringX += (x1 + x2) * cross
          ringY += (y1 + y2) * cross
        }
        let sign: Double = ringArea < 0 ? -1 : 1
        area += sign * ringArea
        cx += sign * ringX
        cy += sign * ringY
        local.removeLast()
      }
      vertices += local
    }
    if abs(area) > 1e-18 {
      return make(first, cy / (3 * area), cx / (3 * area))
    }
    let count = Double(vertices.count)
    return make(
      first, vertices.map(\.0).reduce(0, +) / count, vertices.map(\.1).reduce(0, +) / count)
  }

  private static func make(_ origin: Coordinate, _ dLat: Double, _ dLon: Double) -> Coordinate? {
    var longitude = origin.longitude + dLon
    if longitude > 180 { longitude -= 360 }
    if longitude < -180 { longitude += 360 }
    let latitude = min(90, max(-90, origin.latitude + dLat))
    return try? Coordinate(validatingLatitude: latitude, longitude: longitude)
  }
}

extension Substring {
  fileprivate var trimmingSpaces: Substring {
    guard let start = firstIndex(where: { !$0.isWhitespace }),
      let end = lastIndex(where: { !$0.isWhitespace })
    else { return "" }
    return self[start...end]
  }
}
