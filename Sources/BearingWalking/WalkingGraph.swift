import BearingLocation

/// A walking network: junctions (nodes) and the stretches of way between them (edges), with
/// each node's way out in a compressed sparse row (CSR) adjacency.
///
/// Built from ways by ``WalkingGraphBuilder``: a way is split at every node it shares with
/// another way (or with itself), so a node is a junction or a way's end and an edge keeps the
/// points in between for its shape. Coordinates are 32-bit integers of 10⁻⁷ degrees, as
/// OpenStreetMap stores them; lengths are metres along the shape (haversine). An edge walked
/// both ways has two arcs, one walked only one way (`oneway:foot`) one.
///
/// ``serialized()`` and ``init(serialized:)`` are its stored form: the arrays one after the
/// other, little-endian, behind a small header.
public struct WalkingGraph: Sendable, Equatable {
  var nodeLatitudes: [Int32] = []
  var nodeLongitudes: [Int32] = []
  var edgeFrom: [Int32] = []
  var edgeTo: [Int32] = []
  var edgeLength: [Float] = []
  var edgeDirection: [UInt8] = []
  /// An index into ``names``, or −1.
  var edgeName: [Int32] = []
  /// Where each edge's inner points start in the shape arrays; one more entry than edges.
  var shapeStart: [Int32] = [0]
  var shapeLatitudes: [Int32] = []
  var shapeLongitudes: [Int32] = []
  var names: [String] = []
  /// Where each node's arcs start in ``arcs``; one more entry than nodes.
  var arcStart: [Int32] = [0]
  /// Arcs out of each node: `edge << 1`, plus 1 when the edge is walked from its end to its
  /// start.
  var arcs: [Int32] = []

  /// An empty graph, with no nodes or edges.
  public init() {}

  /// How many junctions and way ends it has.
  public var nodeCount: Int { nodeLatitudes.count }
  /// How many stretches of way it has.
  public var edgeCount: Int { edgeFrom.count }
  /// How many ways out of nodes it has (two an edge walked both ways).
  public var arcCount: Int { arcs.count }
  /// The bytes its arrays take in memory (their elements; the names' characters counted once).
  public var memoryBytes: Int {
    4
      * (nodeLatitudes.count + nodeLongitudes.count + edgeFrom.count + edgeTo.count
        + edgeLength.count + edgeName.count + shapeStart.count + shapeLatitudes.count
        + shapeLongitudes.count + arcStart.count + arcs.count) + edgeDirection.count
      + names.reduce(0) { $0 + $1.utf8.count }
  }

  /// The box of every point of the graph (its junctions and the shapes of its ways), in
  /// degrees; `nil` for an empty graph. A graph across the antimeridian has a box round the
  /// whole world's width, which holds every longitude.
  public var bounds: (south: Double, west: Double, north: Double, east: Double)? {
    let latitudes = nodeLatitudes + shapeLatitudes
    let longitudes = nodeLongitudes + shapeLongitudes
    guard let south = latitudes.min(), let north = latitudes.max(), let west = longitudes.min(),
      let east = longitudes.max()
    else { return nil }
    return (Double(south) * 1e-7, Double(west) * 1e-7, Double(north) * 1e-7, Double(east) * 1e-7)
  }

  /// The position of node `node`.
  public func coordinate(ofNode node: Int) -> Coordinate {
    Coordinate(
      latitude: Double(nodeLatitudes[node]) * 1e-7,
      longitude: Double(nodeLongitudes[node]) * 1e-7)
  }

  /// The points of edge `edge`, from its start node to its end node.
  public func points(ofEdge edge: Int) -> [Coordinate] {
    var points = [coordinate(ofNode: Int(edgeFrom[edge]))]
    for index in Int(shapeStart[edge])..<Int(shapeStart[edge + 1]) {
      points.append(
        Coordinate(
          latitude: Double(shapeLatitudes[index]) * 1e-7,
          longitude: Double(shapeLongitudes[index]) * 1e-7))
    }
    points.append(coordinate(ofNode: Int(edgeTo[edge])))
    return points
  }

  /// The name of the way edge `edge` belongs to, if it has one.
  public func name(ofEdge edge: Int) -> String? {
    let index = edgeName[edge]
    return index < 0 ? nil : names[Int(index)]
  }

  /// The length of edge `edge` in metres.
  public func length(ofEdge edge: Int) -> Double { Double(edgeLength[edge]) }

  /// Which ways edge `edge` may be walked.
  public func direction(ofEdge edge: Int) -> WalkDirection {
    WalkDirection(rawValue: edgeDirection[edge]) ?? .both
  }

  /// The nodes edge `edge` joins.
  public func ends(ofEdge edge: Int) -> (from: Int, to: Int) {
    (Int(edgeFrom[edge]), Int(edgeTo[edge]))
  }

  /// The arcs out of `node`: each the edge and whether it is walked from its end to its start.
  public func arcs(from node: Int) -> [(edge: Int, reversed: Bool)] {
    (Int(arcStart[node])..<Int(arcStart[node + 1])).map {
      (Int(arcs[$0] >> 1), arcs[$0] & 1 == 1)
    }
  }

  /// Fills ``arcStart`` and ``arcs`` from the edges (a counting sort by node).
  mutating func buildAdjacency() {
    var counts = [Int32](repeating: 0, count: nodeCount + 1)
    for edge in 0..<edgeCount {
      let direction = WalkDirection(rawValue: edgeDirection[edge]) ?? .both
      if direction.allowsForward { counts[Int(edgeFrom[edge]) + 1] += 1 }
      if direction.allowsBackward { counts[Int(edgeTo[edge]) + 1] += 1 }
    }
    for node in 0..<nodeCount { counts[node + 1] += counts[node] }
    arcStart = counts
    var next = Array(counts.dropLast())
    arcs = [Int32](repeating: 0, count: Int(counts[nodeCount]))
    for edge in 0..<edgeCount {
      let direction = WalkDirection(rawValue: edgeDirection[edge]) ?? .both
      if direction.allowsForward {
        let node = Int(edgeFrom[edge])
        arcs[Int(next[node])] = Int32(edge) << 1
        next[node] += 1
      }
      if direction.allowsBackward {
        let node = Int(edgeTo[edge])
        arcs[Int(next[node])] = Int32(edge) << 1 | 1
        next[node] += 1
      }
    }
  }
}

// MARK: - Stored form

extension WalkingGraph {
  /// Why stored bytes are no walking graph.
  public struct FormatError: Error, Equatable, CustomStringConvertible {
    /// What is wrong with the bytes, such as "not a walking graph" or "cut short at byte N".
    public var description: String
  }

  static let magic: [UInt8] = Array("BWG1".utf8)

  /// The graph as bytes: "BWG1", the counts, then each array little-endian, the names last
  /// (each a length and UTF-8).
  public func serialized() -> [UInt8] {
    var bytes = Self.magic
    bytes.reserveCapacity(memoryBytes + 64)
    func put(_ value: Int32) {
      withUnsafeBytes(of: value.littleEndian) { bytes += $0 }
    }
    for count in [
      nodeCount, edgeCount, shapeLatitudes.count, arcs.count, names.count,
    ] {
      put(Int32(count))
    }
    func putAll(_ array: [Int32]) {
      #if _endian(little)
        array.withUnsafeBytes { bytes += $0 }
      #else
        for value in array { put(value) }
      #endif
    }
    putAll(nodeLatitudes)
    putAll(nodeLongitudes)
    putAll(edgeFrom)
    putAll(edgeTo)
    edgeLength.withUnsafeBufferPointer { lengths in
      #if _endian(little)
        bytes += UnsafeRawBufferPointer(lengths)
      #else
        for length in lengths { put(Int32(bitPattern: length.bitPattern)) }
      #endif
    }
    putAll(edgeName)
    putAll(shapeStart)
    putAll(shapeLatitudes)
    putAll(shapeLongitudes)
    putAll(arcStart)
    putAll(arcs)
    bytes += edgeDirection
    for name in names {
      let utf8 = Array(name.utf8)
      put(Int32(utf8.count))
      bytes += utf8
    }
    return bytes
  }

  /// Reads a graph ``serialized()`` wrote, checking every index it holds.
  ///
  /// - throws: ``FormatError`` when the bytes are not one.
  public init(serialized bytes: some Collection<UInt8>) throws(FormatError) {
    let bytes = Array(bytes)
    var offset = 0
    func fail(_ reason: String) -> FormatError { FormatError(description: reason) }
    guard bytes.count >= 24, Array(bytes[0..<4]) == Self.magic else {
      throw fail("not a walking graph")
    }
    offset = 4
    func int() throws(FormatError) -> Int32 {
      guard offset + 4 <= bytes.count else { throw fail("cut short at byte \(offset)") }
      let value =
        UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16
        | UInt32(bytes[offset + 3]) << 24
      offset += 4
      return Int32(bitPattern: value)
    }
    func ints(_ count: Int) throws(FormatError) -> [Int32] {
      guard count >= 0, count <= (bytes.count - offset) / 4 else {
        throw fail("cut short at byte \(offset)")
      }
      let values = [Int32](unsafeUninitializedCapacity: count) { buffer, initialized in
        bytes.withUnsafeBytes { raw in
          let source = UnsafeRawBufferPointer(rebasing: raw[offset..<offset + 4 * count])
          UnsafeMutableRawBufferPointer(buffer).copyMemory(from: source)
        }
        initialized = count
      }
      offset += 4 * count
      #if _endian(little)
        return values
      #else
        return values.map { Int32(littleEndian: $0) }
      #endif
    }
    let nodes = Int(try int())
    let edges = Int(try int())
    let shapes = Int(try int())
    let arcCount = Int(try int())
    let nameCount = Int(try int())
    guard nodes >= 0, edges >= 0, shapes >= 0, arcCount >= 0, nameCount >= 0 else {
      throw fail("a negative count")
    }
    var graph = WalkingGraph()
    graph.nodeLatitudes = try ints(nodes)
    graph.nodeLongitudes = try ints(nodes)
    graph.edgeFrom = try ints(edges)
    graph.edgeTo = try ints(edges)
    graph.edgeLength = try ints(edges).map { Float(bitPattern: UInt32(bitPattern: $0)) }
    graph.edgeName = try ints(edges)
    graph.shapeStart = try ints(edges + 1)
    graph.shapeLatitudes = try ints(shapes)
    graph.shapeLongitudes = try ints(shapes)
    graph.arcStart = try ints(nodes + 1)
    graph.arcs = try ints(arcCount)
    guard offset + edges <= bytes.count else { throw fail("cut short at byte \(offset)") }
    graph.edgeDirection = Array(bytes[offset..<offset + edges])
    offset += edges
    for _ in 0..<nameCount {
      let length = Int(try int())
      guard length >= 0, offset + length <= bytes.count else {
        throw fail("cut short at byte \(offset)")
      }
      graph.names.append(String(decoding: bytes[offset..<offset + length], as: UTF8.self))
      offset += length
    }
    guard offset == bytes.count else { throw fail("\(bytes.count - offset) bytes too many") }
    // Every index in range, and every position on the globe (a coordinate out of range traps),
    // so that a search never traps on damaged bytes.
    let nodeRange = Int32(0)..<Int32(nodes)
    let latitudes = Int32(-900_000_000)...900_000_000
    let longitudes = Int32(-1_800_000_000)...1_800_000_000
    guard graph.nodeLatitudes.allSatisfy(latitudes.contains),
      graph.shapeLatitudes.allSatisfy(latitudes.contains),
      graph.nodeLongitudes.allSatisfy(longitudes.contains),
      graph.shapeLongitudes.allSatisfy(longitudes.contains)
    else { throw fail("a position off the globe") }
    guard graph.edgeFrom.allSatisfy(nodeRange.contains),
      graph.edgeTo.allSatisfy(nodeRange.contains),
      graph.edgeName.allSatisfy({ $0 >= -1 && $0 < Int32(nameCount) }),
      graph.edgeDirection.allSatisfy({ $0 <= 2 }), graph.edgeLength.allSatisfy({ $0 >= 0 }),
      graph.shapeStart.first == 0, graph.shapeStart.last == Int32(shapes),
      zip(graph.shapeStart, graph.shapeStart.dropFirst()).allSatisfy({ $0 <= $1 }),
      graph.arcStart.first == 0, graph.arcStart.last == Int32(arcCount),
      zip(graph.arcStart, graph.arcStart.dropFirst()).allSatisfy({ $0 <= $1 }),
      graph.arcs.allSatisfy({ $0 >= 0 && Int($0 >> 1) < edges })
    else { throw fail("an index out of range") }
    // Each arc under the node its edge leaves from, as the edges say: a search follows arcs
    // from the node they are listed under and a route back along the edges' own ends, so a
    // mismatch could send the route round a loop for ever.
    var rebuilt = graph
    rebuilt.buildAdjacency()
    guard rebuilt.arcStart == graph.arcStart, rebuilt.arcs == graph.arcs else {
      throw fail("arcs that do not match the edges")
    }
    self = graph
  }
}
