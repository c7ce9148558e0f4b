import BearingLocation
import BearingText
import BearingWalking
import Foundation

/// The walking graph of an imported file: its walkable ways (``WalkingRules``), joined where
/// they share a node (`.osm.pbf` and Overpass node ids) or, for GeoJSON lines, a point, and a
/// GeoJSON line's loose end where it comes within 1 m of another way
/// (``WalkingGraph/joiningLooseEnds()``).
///
/// An `.osm.pbf` file's graph is built by ``OSMPBFReader`` in the pass that resolves its
/// streets' nodes; a GeoJSON file or an Overpass answer is read a second time for it here, a
/// feature or element at a time, once its places are stored (files of places only cost the
/// byte scans ``StreetReader`` makes).
///
/// ```swift
/// let graph = WalkingWayReader.graph(in: bytes, format: .overpassJSON)
/// ```
public enum WalkingWayReader {
  /// Whether imports build walking graphs: `BEARING_WALKING_GRAPH=off` in the environment
  /// turns them off (a benchmark compares the import with and without it in one run).
  public static var isEnabled: Bool {
    ProcessInfo.processInfo.environment["BEARING_WALKING_GRAPH"] != "off"
  }

  /// The walking graph of a GeoJSON or Overpass document in `bytes`, or `nil` when it has no
  /// walkable way (or is an `.osm.pbf` file, whose reader builds its own).
  public static func graph(in bytes: UnsafeRawBufferPointer, format: OSMImporter.Format)
    -> WalkingGraph?
  {
    var builder = WalkingGraphBuilder()
    let parser = JSONParser(bytes)
    switch format {
    case .pbf: return nil
    case .geoJSON: LenientFeatures.geoJSON(parser) { add(feature: $0, to: &builder) }
    case .overpassJSON: LenientFeatures.overpass(parser) { add(element: $0, to: &builder) }
    }
    guard builder.wayCount > 0 else { return nil }
    // GeoJSON lines have no node ids: a footway drawn to end on a street seldom shares one of
    // its points, so loose ends are joined within a metre, as between areas.
    return format == .geoJSON ? builder.build().joiningLooseEnds() : builder.build()
  }

  /// A GeoJSON feature's lines, when its tags make it walkable.
  static func add(feature: JSONValue, to builder: inout WalkingGraphBuilder) {
    guard let geometry = feature["geometry"], let type = geometry["type"]?.string,
      type == "LineString" || type == "MultiLineString",
      let properties = feature["properties"]?.object
    else { return }
    let tags = properties["tags"]?.object ?? properties
    guard let direction = WalkingRules.direction({ tags[$0]?.string }) else { return }
    let name = tags["name"]?.string
    let lines =
      type == "LineString"
      ? [geometry["coordinates"]] : (geometry["coordinates"]?.array ?? []).map { Optional($0) }
    for line in lines {
      // A position that is no coordinate cuts the line.
      var run: [Coordinate] = []
      for position in line?.array ?? [] {
        if let pair = position.array, pair.count >= 2, let longitude = pair[0].number,
          let latitude = pair[1].number,
          let point = try? Coordinate(validatingLatitude: latitude, longitude: longitude)
        {
          run.append(point)
          continue
        }
        builder.addWay(points: run, direction: direction, name: name)
        run = []
      }
      builder.addWay(points: run, direction: direction, name: name)
    }
  }

  /// An Overpass way with its shape (`out geom;`), when its tags make it walkable: joined by
  /// its node ids when the answer gives them beside the shape, by its points otherwise.
  static func add(element: JSONValue, to builder: inout WalkingGraphBuilder) {
    guard element["type"]?.string == "way", let tags = element["tags"]?.object,
      let geometry = element["geometry"]?.array,
      let direction = WalkingRules.direction({ tags[$0]?.string })
    else { return }
    let name = tags["name"]?.string
    let nodes = element["nodes"]?.array?.compactMap { $0.number.flatMap { Int64(exactly: $0) } }
    let ids = nodes?.count == geometry.count ? nodes : nil
    // A node outside the query's box comes as `null`: it cuts the way, as an extract's edge
    // cuts an `.osm.pbf` way.
    var runIDs: [Int64] = []
    var run: [Coordinate] = []
    func flush() {
      if ids != nil {
        builder.addWay(ids: runIDs, points: run, direction: direction, name: name)
      } else {
        builder.addWay(points: run, direction: direction, name: name)
      }
      run = []
      runIDs = []
    }
    for (index, node) in geometry.enumerated() {
      if let latitude = node["lat"]?.number, let longitude = node["lon"]?.number,
        let point = try? Coordinate(validatingLatitude: latitude, longitude: longitude)
      {
        run.append(point)
        if let ids { runIDs.append(ids[index]) }
        continue
      }
      flush()
    }
    flush()
  }
}
