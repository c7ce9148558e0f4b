import BearingLocation
import Foundation

extension WalkingGraph {
  /// How near a point of one graph must be to a point of another for ``merged(_:)`` to make
  /// them one junction: 1 m. The same OpenStreetMap node has the same position in every
  /// extract (0 m); lines drawn or exported separately may differ by a rounding.
  public static let joinDistance = 1.0

  /// One graph of the ways of `graphs`, joined where they meet: a point of one graph (a
  /// junction or a bend of a way) and a point of another at the same position, or within
  /// ``joinDistance`` when none is at the very same position, are one junction, so a walk may
  /// leave one graph's streets for another's there; and a way's end within ``joinDistance`` of
  /// another graph's way between two of its points is welded there, the way split at the point
  /// nearest the end (a T-junction, or the end of a copy of a street lying on the original).
  /// Points of one graph are never joined to each other. A street both graphs hold is kept
  /// twice, joined wherever either copy's points or ends meet the other.
  ///
  /// One graph is returned as it is; none gives an empty graph.
  public static func merged(_ graphs: [WalkingGraph]) -> WalkingGraph {
    guard graphs.count > 1 else { return graphs.first ?? WalkingGraph() }
    let boxes = graphs.map(\.fixedBox)
    // About 1.1 m of latitude, in 10⁻⁷ degrees; wider in longitude, so a cell and its
    // neighbours hold every point within 1 m anywhere short of the poles.
    let margin: Int32 = 100
    var next: Int32 = 0
    func newNumber() -> Int32 {
      defer { next += 1 }
      return next
    }
    /// The number of each point that other graphs may meet, by its exact position and by its
    /// cell (with its position).
    var exact: [Int64: (number: Int32, graph: Int)] = [:]
    var cells: [Int64: [(latitude: Int32, longitude: Int32, number: Int32, graph: Int)]] = [:]
    let cellSize: Int32 = 100
    func key(_ latitude: Int32, _ longitude: Int32) -> Int64 {
      Int64(latitude) << 32 | Int64(UInt32(bitPattern: longitude))
    }
    func cellKey(_ latitude: Int32, _ longitude: Int32) -> Int64 {
      key(latitude.floorDivided(by: cellSize), longitude.floorDivided(by: cellSize * 4))
    }
    /// The number of the point of an earlier graph this point meets, if any.
    func met(_ latitude: Int32, _ longitude: Int32, graph: Int) -> Int32? {
      if let point = exact[key(latitude, longitude)], point.graph != graph { return point.number }
      let here = Coordinate(latitude: Double(latitude) * 1e-7, longitude: Double(longitude) * 1e-7)
      var best: (distance: Double, number: Int32)?
      let row = latitude.floorDivided(by: cellSize)
      let column = longitude.floorDivided(by: cellSize * 4)
      for dr in -1...1 {
        for dc in -1...1 {
          for point in cells[key(row + Int32(dr), column + Int32(dc))] ?? []
          where point.graph != graph {
            let distance = here.distance(
              to: Coordinate(
                latitude: Double(point.latitude) * 1e-7, longitude: Double(point.longitude) * 1e-7
              ))
            if distance <= joinDistance, best.map({ distance < $0.distance }) ?? true {
              best = (distance, point.number)
            }
          }
        }
      }
      return best?.number
    }
    /// Whether a point lies where another graph's box (widened by the join distance) is.
    func shared(_ latitude: Int32, _ longitude: Int32, graph: Int) -> Bool {
      boxes.indices.contains { other in
        guard other != graph, let box = boxes[other] else { return false }
        return latitude >= box.south - margin && latitude <= box.north + margin
          && longitude >= box.west - margin * 4 && longitude <= box.east + margin * 4
      }
    }
    /// A number for a point: the one of the point of an earlier graph it meets, else a new one,
    /// registered for later graphs to meet where it lies in another's box.
    func number(_ latitude: Int32, _ longitude: Int32, graph: Int) -> Int32 {
      guard shared(latitude, longitude, graph: graph) else { return newNumber() }
      if let number = met(latitude, longitude, graph: graph) { return number }
      let number = newNumber()
      exact[key(latitude, longitude)] = exact[key(latitude, longitude)] ?? (number, graph)
      cells[cellKey(latitude, longitude), default: []].append(
        (latitude, longitude, number, graph))
      return number
    }

    var ways: [MergedWay] = []
    var ends: [LineEnd] = []
    for (index, graph) in graphs.enumerated() {
      let nodeNumbers = graph.nodeLatitudes.indices.map {
        number(graph.nodeLatitudes[$0], graph.nodeLongitudes[$0], graph: index)
      }
      // A node of one edge is a way's end, welded to another graph's way passing by.
      var edgesAt = [UInt8](repeating: 0, count: graph.nodeCount)
      for edge in 0..<graph.edgeCount {
        for node in [Int(graph.edgeFrom[edge]), Int(graph.edgeTo[edge])] where edgesAt[node] < 2 {
          edgesAt[node] += 1
        }
      }
      for node in 0..<graph.nodeCount
      where edgesAt[node] == 1
        && shared(graph.nodeLatitudes[node], graph.nodeLongitudes[node], graph: index)
      {
        ends.append(
          LineEnd(number: nodeNumbers[node], point: graph.coordinate(ofNode: node), graph: index))
      }
      for edge in 0..<graph.edgeCount {
        var numbers = [nodeNumbers[Int(graph.edgeFrom[edge])]]
        for point in Int(graph.shapeStart[edge])..<Int(graph.shapeStart[edge + 1]) {
          numbers.append(
            number(graph.shapeLatitudes[point], graph.shapeLongitudes[point], graph: index))
        }
        numbers.append(nodeNumbers[Int(graph.edgeTo[edge])])
        ways.append(
          MergedWay(
            numbers: numbers, points: graph.points(ofEdge: edge),
            direction: graph.direction(ofEdge: edge), name: graph.name(ofEdge: edge),
            graph: index))
      }
    }
    ways = welded(ways, ends: ends)
    var builder = WalkingGraphBuilder(nodeNumbers: Int(next))
    for way in ways {
      builder.addWay(
        nodes: way.numbers[...], points: way.points, direction: way.direction, name: way.name)
    }
    return builder.build()
  }

  /// The box of every point, in 10⁻⁷ degrees; `nil` for an empty graph.
  var fixedBox: (south: Int32, west: Int32, north: Int32, east: Int32)? {
    guard let south = min(nodeLatitudes.min(), shapeLatitudes.min()),
      let north = max(nodeLatitudes.max(), shapeLatitudes.max()),
      let west = min(nodeLongitudes.min(), shapeLongitudes.min()),
      let east = max(nodeLongitudes.max(), shapeLongitudes.max())
    else { return nil }
    return (south, west, north, east)
  }
}

extension WalkingGraph {
  /// This graph with each loose end (a way's end that no other way shares) joined to the
  /// nearest other stretch of way within ``joinDistance``, as ``merged(_:)`` joins one graph to
  /// another: split at the point nearest the end, or at its own point (a junction or a bend)
  /// when that is nearest. For lines without node ids (GeoJSON), whose T-junctions are often
  /// drawn without a shared point: a footway ending on a street between two of its points, or a
  /// rounding away from one of them. Ways that cross without either ending there (a bridge
  /// over a street) stay apart.
  ///
  /// ```swift
  /// let graph = builder.build().joiningLooseEnds()
  /// ```
  public func joiningLooseEnds() -> WalkingGraph {
    // Node numbers as the graph's; each bend a number after them.
    var edgesAt = [UInt8](repeating: 0, count: nodeCount)
    for edge in 0..<edgeCount {
      for node in [Int(edgeFrom[edge]), Int(edgeTo[edge])] where edgesAt[node] < 2 {
        edgesAt[node] += 1
      }
    }
    var ways: [MergedWay] = []
    var ends: [LineEnd] = []
    for edge in 0..<edgeCount {
      let from = Int(edgeFrom[edge])
      let to = Int(edgeTo[edge])
      let bends = (Int(shapeStart[edge])..<Int(shapeStart[edge + 1])).map {
        Int32(nodeCount + $0)
      }
      ways.append(
        MergedWay(
          numbers: [Int32(from)] + bends + [Int32(to)], points: points(ofEdge: edge),
          direction: direction(ofEdge: edge), name: name(ofEdge: edge), graph: edge))
      for node in [from, to] where edgesAt[node] == 1 {
        ends.append(LineEnd(number: Int32(node), point: coordinate(ofNode: node), graph: edge))
      }
    }
    guard !ends.isEmpty else { return self }
    ways = Self.welded(ways, ends: ends, atPoints: true)
    var builder = WalkingGraphBuilder(nodeNumbers: nodeCount + shapeLatitudes.count)
    for way in ways {
      builder.addWay(
        nodes: way.numbers[...], points: way.points, direction: way.direction, name: way.name)
    }
    return builder.build()
  }
}

extension WalkingGraph {
  /// A point a way of one graph ends at (a node of one edge), which ``welded(_:ends:)`` joins to
  /// another graph's way passing within ``joinDistance``.
  struct LineEnd {
    var number: Int32
    var point: Coordinate
    var graph: Int
  }

  /// A stretch of way between two junctions, by the merged graph's node numbers, with the
  /// graph it came from.
  struct MergedWay {
    var numbers: [Int32]
    var points: [Coordinate]
    var direction: WalkDirection
    var name: String?
    var graph: Int
  }

  /// `ways` with each of `ends` welded into the nearest way of another graph that passes within
  /// ``joinDistance`` of it between two of its points: the way is split at the point nearest the
  /// end, which becomes the end's junction (a T-junction drawn in another file, or a copy of a
  /// street whose end lies on the original's stretch). One way only, so an end lying where two
  /// unjoined ways cross (a bridge over a street) does not join them.
  /// With `atPoints`, a stretch's own points count as its nearest where they are (the end is
  /// then joined beside that point, at most ``joinDistance`` from it), so an end is joined to
  /// the nearest way whether it lies by a stretch or by a point.
  static func welded(_ ways: [MergedWay], ends: [LineEnd], atPoints: Bool = false)
    -> [MergedWay]
  {
    guard !ends.isEmpty else { return ways }
    // The ends by cell of 1/10,000 of a degree (11 m of latitude): a segment looks in the cells
    // of its box widened by one cell, which holds every point within 1 m short of 84°.
    let cellsPerDegree = 10_000.0
    func cell(_ row: Int, _ column: Int) -> Int64 {
      Int64(row) << 32 | Int64(UInt32(truncatingIfNeeded: column))
    }
    func row(_ latitude: Double) -> Int { Int((latitude * cellsPerDegree).rounded(.down)) }
    func column(_ longitude: Double) -> Int { Int((longitude * cellsPerDegree).rounded(.down)) }
    var grid: [Int64: [Int]] = [:]
    for (index, end) in ends.enumerated() {
      grid[cell(row(end.point.latitude), column(end.point.longitude)), default: []].append(index)
    }
    let south = ends.map(\.point.latitude).min()! - 1 / cellsPerDegree
    let north = ends.map(\.point.latitude).max()! + 1 / cellsPerDegree
    let west = ends.map(\.point.longitude).min()! - 1 / cellsPerDegree
    let east = ends.map(\.point.longitude).max()! + 1 / cellsPerDegree
    let metresPerDegree = Coordinate.earthRadius * .pi / 180
    // Each way's nearest stretch to each end it passes by, then each end's nearest way.
    var found: [[Int: (segment: Int, fraction: Double, offset: Double)]] = []
    for way in ways {
      var nearest: [Int: (segment: Int, fraction: Double, offset: Double)] = [:]
      for segment in 0..<(way.points.count - 1) {
        let (a, b) = (way.points[segment], way.points[segment + 1])
        let low = (latitude: min(a.latitude, b.latitude), longitude: min(a.longitude, b.longitude))
        let high = (latitude: max(a.latitude, b.latitude), longitude: max(a.longitude, b.longitude))
        guard high.latitude >= south, low.latitude <= north, high.longitude >= west,
          low.longitude <= east, high.longitude - low.longitude < 180
        else { continue }
        let rows = row(low.latitude) - 1...row(high.latitude) + 1
        let columns = column(low.longitude) - 1...column(high.longitude) + 1
        var candidates: [Int] = []
        if rows.count * columns.count > ends.count {
          candidates = Array(ends.indices)
        } else {
          for r in rows {
            for c in columns { candidates += grid[cell(r, c)] ?? [] }
          }
        }
        for candidate in candidates {
          let end = ends[candidate]
          guard end.graph != way.graph, !way.numbers.contains(end.number) else { continue }
          // In a plane touching the sphere at the end.
          let eastward = cos(end.point.latitude * .pi / 180) * metresPerDegree
          let (ax, ay) = (
            (a.longitude - end.point.longitude) * eastward,
            (a.latitude - end.point.latitude) * metresPerDegree
          )
          let (dx, dy) = (
            (b.longitude - a.longitude) * eastward, (b.latitude - a.latitude) * metresPerDegree
          )
          let squared = dx * dx + dy * dy
          guard squared > 0 || atPoints else { continue }
          var fraction = squared > 0 ? -(ax * dx + ay * dy) / squared : 0
          if atPoints {
            fraction = min(1, max(0, fraction))
          } else {
            // Beyond either point: a point's own join, not a weld.
            guard fraction > 0, fraction < 1 else { continue }
          }
          let (x, y) = (ax + fraction * dx, ay + fraction * dy)
          let offset = (x * x + y * y).squareRoot()
          guard offset <= joinDistance, nearest[candidate].map({ offset < $0.offset }) ?? true
          else { continue }
          nearest[candidate] = (segment, fraction, offset)
        }
      }
      found.append(nearest)
    }
    var nearestWay: [Int: (way: Int, offset: Double)] = [:]
    for (index, nearest) in found.enumerated() {
      for (end, stretch) in nearest
      where nearestWay[end].map({ stretch.offset < $0.offset }) ?? true {
        nearestWay[end] = (index, stretch.offset)
      }
    }
    var result = ways
    for (index, way) in ways.enumerated() {
      // Each end met: the segment it is welded into and how far along it.
      var welds: [(segment: Int, fraction: Double, end: Int)] = []
      for (end, stretch) in found[index] where nearestWay[end]?.way == index {
        welds.append((stretch.segment, stretch.fraction, end))
      }
      guard !welds.isEmpty else { continue }
      welds.sort { ($0.segment, $0.fraction, $0.end) < ($1.segment, $1.fraction, $1.end) }
      var numbers = [way.numbers[0]]
      var points = [way.points[0]]
      var next = 0
      for segment in 0..<(way.points.count - 1) {
        while next < welds.count, welds[next].segment == segment {
          let end = ends[welds[next].end]
          if numbers.last != end.number {
            numbers.append(end.number)
            points.append(end.point)
          }
          next += 1
        }
        numbers.append(way.numbers[segment + 1])
        points.append(way.points[segment + 1])
      }
      result[index].numbers = numbers
      result[index].points = points
    }
    return result
  }
}

private func min(_ a: Int32?, _ b: Int32?) -> Int32? {
  switch (a, b) {
  case (let a?, let b?): Swift.min(a, b)
  case (let a?, nil): a
  case (nil, let b): b
  }
}

private func max(_ a: Int32?, _ b: Int32?) -> Int32? {
  switch (a, b) {
  case (let a?, let b?): Swift.max(a, b)
  case (let a?, nil): a
  case (nil, let b): b
  }
}

extension Int32 {
  /// The quotient rounded toward minus infinity.
  fileprivate func floorDivided(by divisor: Int32) -> Int32 {
    let quotient = self / divisor
    return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
  }
}
