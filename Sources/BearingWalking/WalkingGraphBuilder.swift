import BearingLocation

/// Collects walkable ways and builds their ``WalkingGraph``.
///
/// Ways with node ids (an `.osm.pbf` file's, an Overpass answer's) are joined where they share
/// a node; ways without (GeoJSON lines) where they share a point: a point is its own id,
/// rounded to 10⁻⁷ degrees as OpenStreetMap stores it, so lines exported from the same data
/// join at every node they share, their ends included.
///
/// A reader that has numbered its nodes itself (0, 1, 2, … as the `.osm.pbf` reader does with
/// the sorted ids of the nodes its ways need) passes those numbers instead
/// (``init(nodeNumbers:)``, ``addWay(nodes:points:direction:name:)``): the build then looks no id
/// up, in time linear in the points added.
///
/// ```swift
/// var builder = WalkingGraphBuilder()
/// builder.addWay(ids: [1, 2, 3], points: [a, b, c], direction: .both, name: "Mannerheimintie")
/// let graph = builder.build()
/// ```
public struct WalkingGraphBuilder: Sendable {
  /// Each point's node number.
  private var keys: [Int32] = []
  /// Each node number's position (the first one given for it), in 10⁻⁷ degrees.
  private var keyLatitudes: [Int32] = []
  private var keyLongitudes: [Int32] = []
  /// Whether the caller numbers the nodes (``init(nodeNumbers:)``); otherwise ids are numbered
  /// as they come, in ``keyOfID``.
  private let callerNumbers: Bool
  private var keyOfID: [Int64: Int32] = [:]
  private var wayEnds: [Int] = []
  private var directions: [WalkDirection] = []
  private var wayNames: [Int32] = []
  private var names: [String] = []
  private var nameIndex: [String: Int32] = [:]

  /// A builder for ways given by node ids or by points.
  public init() {
    callerNumbers = false
  }

  /// A builder for ways whose nodes the caller has numbered `0..<nodeNumbers`
  /// (``addWay(nodes:points:direction:name:)``).
  public init(nodeNumbers: Int) {
    callerNumbers = true
    keyLatitudes = [Int32](repeating: .min, count: nodeNumbers)
    keyLongitudes = keyLatitudes
  }

  /// How many ways it holds.
  public var wayCount: Int { wayEnds.count }

  /// Adds a way whose nodes are `ids` at `points` (as many); a way of fewer than two is left
  /// out.
  public mutating func addWay(
    ids wayIDs: [Int64], points: [Coordinate], direction: WalkDirection, name: String?
  ) {
    precondition(!callerNumbers, "ids for a builder made with init()")
    precondition(wayIDs.count == points.count, "a node id for each point")
    guard wayIDs.count >= 2 else { return }
    for (id, point) in zip(wayIDs, points) {
      if let key = keyOfID[id] {
        keys.append(key)
        continue
      }
      let key = Int32(keyLatitudes.count)
      keyOfID[id] = key
      keys.append(key)
      keyLatitudes.append(Self.fixed(point.latitude))
      keyLongitudes.append(Self.fixed(point.longitude))
    }
    endWay(direction: direction, name: name)
  }

  /// Adds a way that has only its points: each point is its own node.
  public mutating func addWay(points: [Coordinate], direction: WalkDirection, name: String?) {
    addWay(ids: points.map(Self.pointID), points: points, direction: direction, name: name)
  }

  /// Adds a way whose nodes are numbered `nodes` (each below the builder's `nodeNumbers`) at
  /// `points` (as many); a way of fewer than two is left out.
  public mutating func addWay(
    nodes: ArraySlice<Int32>, points: [Coordinate], direction: WalkDirection, name: String?
  ) {
    precondition(callerNumbers, "node numbers for a builder made with init(nodeNumbers:)")
    precondition(nodes.count == points.count, "a node number for each point")
    guard nodes.count >= 2 else { return }
    for (key, point) in zip(nodes, points) {
      keys.append(key)
      if keyLatitudes[Int(key)] == .min {
        keyLatitudes[Int(key)] = Self.fixed(point.latitude)
        keyLongitudes[Int(key)] = Self.fixed(point.longitude)
      }
    }
    endWay(direction: direction, name: name)
  }

  private mutating func endWay(direction: WalkDirection, name: String?) {
    wayEnds.append(keys.count)
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
    // How often each node is used, up to twice: a node used twice is a junction, as is a
    // way's end.
    var uses = [UInt8](repeating: 0, count: keyLatitudes.count)
    for key in keys where uses[Int(key)] < 2 { uses[Int(key)] += 1 }
    var start = 0
    for end in wayEnds {
      uses[Int(keys[start])] = 2
      uses[Int(keys[end - 1])] = 2
      start = end
    }
    // Graph nodes in node-number order.
    var number = [Int32](repeating: -1, count: uses.count)
    var graph = WalkingGraph()
    var count: Int32 = 0
    for key in uses.indices where uses[key] == 2 {
      number[key] = count
      graph.nodeLatitudes.append(keyLatitudes[key])
      graph.nodeLongitudes.append(keyLongitudes[key])
      count += 1
    }
    graph.names = names
    graph.edgeFrom.reserveCapacity(keys.count / 4)
    start = 0
    for (way, end) in wayEnds.enumerated() {
      defer { start = end }
      var from = Int32(-1)
      var length = 0.0
      var shape: [Int32] = []
      var previous = Int32(-1)
      for position in start..<end {
        let key = keys[position]
        if key == previous { continue }  // a node repeated
        if previous >= 0 { length += distance(Int(previous), Int(key)) }
        previous = key
        let node = number[Int(key)]
        guard node >= 0 else {
          shape.append(key)
          continue
        }
        if from >= 0 {
          graph.edgeFrom.append(from)
          graph.edgeTo.append(node)
          graph.edgeLength.append(Float(length))
          graph.edgeDirection.append(directions[way].rawValue)
          graph.edgeName.append(wayNames[way])
          for point in shape {
            graph.shapeLatitudes.append(keyLatitudes[Int(point)])
            graph.shapeLongitudes.append(keyLongitudes[Int(point)])
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

  /// The length in metres between the positions of nodes `a` and `b`.
  private func distance(_ a: Int, _ b: Int) -> Double {
    Coordinate(
      latitude: Double(keyLatitudes[a]) * 1e-7, longitude: Double(keyLongitudes[a]) * 1e-7
    )
    .distance(
      to: Coordinate(
        latitude: Double(keyLatitudes[b]) * 1e-7, longitude: Double(keyLongitudes[b]) * 1e-7))
  }
}
