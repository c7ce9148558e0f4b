import BearingLocation

/// Collects walkable ways and builds their ``WalkingGraph``.
///
/// Ways with node ids (an `.osm.pbf` file's, an Overpass answer's) are joined where they share
/// a node; ways without (GeoJSON lines) where they share a point: a point is its own id,
/// rounded to 10⁻⁷ degrees as OpenStreetMap stores it, so lines exported from the same data
/// join at every node they share, their ends included.
///
/// ```swift
/// var builder = WalkingGraphBuilder()
/// builder.addWay(ids: [1, 2, 3], points: [a, b, c], direction: .both, name: "Mannerheimintie")
/// let graph = builder.build()
/// ```
public struct WalkingGraphBuilder: Sendable {
  private var ids: [Int64] = []
  private var latitudes: [Int32] = []
  private var longitudes: [Int32] = []
  private var wayEnds: [Int] = []
  private var directions: [WalkDirection] = []
  private var wayNames: [Int32] = []
  private var names: [String] = []
  private var nameIndex: [String: Int32] = [:]

  public init() {}

  /// How many ways it holds.
  public var wayCount: Int { wayEnds.count }

  /// Adds a way whose nodes are `ids` at `points` (as many); a way of fewer than two is left
  /// out.
  public mutating func addWay(
    ids wayIDs: [Int64], points: [Coordinate], direction: WalkDirection, name: String?
  ) {
    precondition(wayIDs.count == points.count, "a node id for each point")
    guard wayIDs.count >= 2 else { return }
    ids += wayIDs
    for point in points {
      latitudes.append(Self.fixed(point.latitude))
      longitudes.append(Self.fixed(point.longitude))
    }
    wayEnds.append(ids.count)
    directions.append(direction)
    if let name, !name.isEmpty {
      if let index = nameIndex[name] {
        wayNames.append(index)
      } else {
        let index = Int32(names.count)
        names.append(name)
        nameIndex[name] = index
        wayNames.append(index)
      }
    } else {
      wayNames.append(-1)
    }
  }

  /// Adds a way that has only its points: each point is its own node.
  public mutating func addWay(points: [Coordinate], direction: WalkDirection, name: String?) {
    addWay(ids: points.map(Self.pointID), points: points, direction: direction, name: name)
  }

  /// The id a point without one stands under: negative, so it never meets an OpenStreetMap
  /// node id.
  static func pointID(_ point: Coordinate) -> Int64 {
    let latitude = Int64(fixed(point.latitude)) + 900_000_000
    let longitude = Int64(fixed(point.longitude)) + 1_800_000_000
    return -(1 + latitude * 3_600_000_001 + longitude)
  }

  static func fixed(_ degrees: Double) -> Int32 { Int32((degrees * 1e7).rounded()) }

  /// The graph of the ways added: split at every node used more than once (by two ways, or
  /// twice by one) and at every way's ends.
  public func build() -> WalkingGraph {
    // Each id once, with how often it is used: a node used twice is a junction.
    var sorted = ids
    sorted.sort()
    var unique: [Int64] = []
    var isNode: [Bool] = []
    for id in sorted {
      if unique.last == id {
        isNode[isNode.count - 1] = true
      } else {
        unique.append(id)
        isNode.append(false)
      }
    }
    sorted = []
    func index(of id: Int64) -> Int {
      var low = 0
      var high = unique.count
      while low < high {
        let middle = (low + high) / 2
        if unique[middle] < id { low = middle + 1 } else { high = middle }
      }
      return low
    }
    var start = 0
    for end in wayEnds {
      isNode[index(of: ids[start])] = true
      isNode[index(of: ids[end - 1])] = true
      start = end
    }
    // Node numbers in id order.
    var number = [Int32](repeating: -1, count: unique.count)
    var graph = WalkingGraph()
    var count: Int32 = 0
    for (position, flag) in isNode.enumerated() where flag {
      number[position] = count
      count += 1
    }
    graph.nodeLatitudes = [Int32](repeating: 0, count: Int(count))
    graph.nodeLongitudes = graph.nodeLatitudes
    graph.names = names
    start = 0
    for (way, end) in wayEnds.enumerated() {
      defer { start = end }
      var from = Int32(-1)
      var length = 0.0
      var shape: [Int] = []
      var previous = -1
      for position in start..<end {
        if previous >= 0, ids[previous] == ids[position] { continue }  // a node repeated
        let node = number[index(of: ids[position])]
        if previous >= 0 {
          length += Self.distance(previous, position, latitudes, longitudes)
        }
        previous = position
        guard node >= 0 else {
          shape.append(position)
          continue
        }
        graph.nodeLatitudes[Int(node)] = latitudes[position]
        graph.nodeLongitudes[Int(node)] = longitudes[position]
        if from >= 0 {
          graph.edgeFrom.append(from)
          graph.edgeTo.append(node)
          graph.edgeLength.append(Float(length))
          graph.edgeDirection.append(directions[way].rawValue)
          graph.edgeName.append(wayNames[way])
          for point in shape {
            graph.shapeLatitudes.append(latitudes[point])
            graph.shapeLongitudes.append(longitudes[point])
          }
          graph.shapeStart.append(Int32(graph.shapeLatitudes.count))
        }
        from = node
        length = 0
        shape.removeAll(keepingCapacity: true)
      }
    }
    graph.buildAdjacency()
    return graph
  }

  private static func distance(
    _ a: Int, _ b: Int, _ latitudes: [Int32], _ longitudes: [Int32]
  ) -> Double {
    Coordinate(latitude: Double(latitudes[a]) * 1e-7, longitude: Double(longitudes[a]) * 1e-7)
      .distance(
        to: Coordinate(
          latitude: Double(latitudes[b]) * 1e-7, longitude: Double(longitudes[b]) * 1e-7))
  }
}
