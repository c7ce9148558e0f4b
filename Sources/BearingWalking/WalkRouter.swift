import BearingLocation
import Foundation

/// Walks over a ``WalkingGraph``: a point is snapped to the nearest walkable edge (its
/// projection onto the nearest segment, not the nearest node), and one search from the start
/// (Dijkstra's, over one heap) finds the walks to every target, stopping once each target's
/// walk is known or the search has passed its bound.
///
/// A walk's length counts the steps from the start to the way, along the ways, and from the
/// way to the target; where the straight line is shorter than the steps to the ways alone, the
/// walk is the straight line (``Route/isDirect``).
///
/// ```swift
/// let router = WalkRouter(graph)
/// let lengths = router.walks(from: here, to: cafés.map(\.coordinate), within: 3_000)
/// ```
public final class WalkRouter: Sendable {
  /// The paths the router walks.
  public let graph: WalkingGraph
  /// The edges near each grid cell, sorted by cell: ``cells`` the cells, ``cellStart`` where
  /// each cell's edges start in ``cellEdges``.
  private let cells: [Int64]
  private let cellStart: [Int32]
  private let cellEdges: [Int32]
  /// Edges with a segment that crosses more than ``mostCellsCrossed`` cells (or the
  /// antimeridian): looked at by every snap instead of filling the grid, so one long segment (a
  /// damaged graph's, or a path drawn across a continent) cannot fill memory.
  let longEdges: [Int32]
  /// The most cells a segment may cross to be indexed in the grid: 1,000, a line of 50 to
  /// 100 km. A segment is indexed in the cells its line crosses, not every cell of its box,
  /// so a long diagonal track fills a few cells a row.
  static let mostCellsCrossed = 1_000

  /// How far from the nearest way a point may be and still be walked from or to, in metres.
  public let maximumSnap: Double
  /// Whether each edge belongs to a main part of the network: a connected part with at least
  /// a tenth of the largest part's nodes. A point nearest to a stray piece (a corridor inside a
  /// station, a path whose link to the streets is not walkable) snaps to a main part instead
  /// when one is at most ``strayAllowance`` farther.
  private let isMainEdge: [Bool]

  /// How much farther a main part of the network may be than a stray piece for a point to
  /// snap to it, in metres; 0 snaps to the nearest edge whatever part it is in.
  public let strayAllowance: Double

  /// The app's ``strayAllowance``: 30 m.
  public static let defaultStrayAllowance = 30.0

  /// Grid cells of 1/1000° on a side.
  static let cellsPerDegree = 1_000.0

  /// Indexes `graph`'s edges on a grid of 1/1000° cells; `maximumSnap` and `strayAllowance` are
  /// in metres.
  public init(
    _ graph: WalkingGraph, maximumSnap: Double = 250,
    strayAllowance: Double = WalkRouter.defaultStrayAllowance
  ) {
    self.graph = graph
    self.maximumSnap = maximumSnap
    self.strayAllowance = strayAllowance
    var pairs: [(cell: Int64, edge: Int32)] = []
    pairs.reserveCapacity(graph.edgeCount * 2)
    var long: Set<Int32> = []
    for edge in 0..<graph.edgeCount {
      let points = graph.points(ofEdge: edge)
      for (a, b) in zip(points, points.dropFirst()) {
        guard abs(a.longitude - b.longitude) < 180 else {
          long.insert(Int32(edge))
          continue
        }
        let rows = Self.row(min(a.latitude, b.latitude))...Self.row(max(a.latitude, b.latitude))
        let columns =
          Self.column(min(a.longitude, b.longitude))...Self.column(max(a.longitude, b.longitude))
        // Within one row or one column (most segments), the line crosses every cell of its box.
        if rows.count == 1 || columns.count == 1,
          rows.count * columns.count <= Self.mostCellsCrossed
        {
          for row in rows {
            for column in columns { pairs.append((Self.cell(row, column), Int32(edge))) }
          }
          continue
        }
        // A line crosses at least as many cells as its box has rows, or columns.
        let span = max(rows.count, columns.count) - 1
        let crossed = span < Self.mostCellsCrossed ? Self.cellsCrossed(from: a, to: b) : []
        guard !crossed.isEmpty,
          crossed.reduce(0, { $0 + $1.columns.count }) <= Self.mostCellsCrossed
        else {
          long.insert(Int32(edge))
          continue
        }
        for (row, columns) in crossed {
          for column in columns { pairs.append((Self.cell(row, column), Int32(edge))) }
        }
      }
    }
    pairs.sort { $0.cell != $1.cell ? $0.cell < $1.cell : $0.edge < $1.edge }
    var cells: [Int64] = []
    var cellStart: [Int32] = []
    var cellEdges: [Int32] = []
    for pair in pairs {
      if cells.last != pair.cell {
        cells.append(pair.cell)
        cellStart.append(Int32(cellEdges.count))
      } else if cellEdges.last == pair.edge {
        continue
      }
      cellEdges.append(pair.edge)
    }
    cellStart.append(Int32(cellEdges.count))
    self.cells = cells
    self.cellStart = cellStart
    self.cellEdges = cellEdges
    longEdges = long.sorted()
    isMainEdge = Self.mainEdges(graph)
  }

  /// The bytes of the router's own arrays beside its graph's (``WalkingGraph/memoryBytes``):
  /// the snapping grid's cells and their edges, the long edges, which edges are main.
  public var indexBytes: Int {
    cells.count * MemoryLayout<Int64>.stride + (cellStart.count + cellEdges.count + longEdges.count)
      * MemoryLayout<Int32>.stride + isMainEdge.count * MemoryLayout<Bool>.stride
  }

  /// Which edges lie in a main part of the network (union–find over the edges' ends).
  static func mainEdges(_ graph: WalkingGraph) -> [Bool] {
    var parent = Array(0..<graph.nodeCount)
    func root(_ node: Int) -> Int {
      var node = node
      while parent[node] != node {
        parent[node] = parent[parent[node]]
        node = parent[node]
      }
      return node
    }
    for edge in 0..<graph.edgeCount {
      let (from, to) = graph.ends(ofEdge: edge)
      let (a, b) = (root(from), root(to))
      if a != b { parent[a] = b }
    }
    var size = [Int](repeating: 0, count: graph.nodeCount)
    for node in 0..<graph.nodeCount { size[root(node)] += 1 }
    let largest = size.max() ?? 0
    return (0..<graph.edgeCount).map { size[root(graph.ends(ofEdge: $0).from)] * 10 >= largest }
  }

  /// The grid cells the straight line (in latitude and longitude) from `a` to `b` crosses, a
  /// row at a time: the columns of the line's stretch within each row's band of latitude,
  /// widened by a hair so that rounding cannot lose a cell the line touches.
  static func cellsCrossed(from a: Coordinate, to b: Coordinate)
    -> [(row: Int64, columns: ClosedRange<Int64>)]
  {
    let hair = 1e-9
    let rows = row(min(a.latitude, b.latitude) - hair)...row(max(a.latitude, b.latitude) + hair)
    let rise = b.latitude - a.latitude
    return rows.map { row in
      // The part of the line, as fractions of it from `a`, within the row's band.
      var low = 0.0
      var high = 1.0
      if abs(rise) > 0 {
        let south = Double(row) / cellsPerDegree - 90
        let north = Double(row + 1) / cellsPerDegree - 90
        let (t0, t1) = ((south - a.latitude) / rise, (north - a.latitude) / rise)
        high = min(1, max(t0, t1))
        low = min(high, max(0, min(t0, t1)))
      }
      let first = a.longitude + low * (b.longitude - a.longitude)
      let last = a.longitude + high * (b.longitude - a.longitude)
      return (row, column(min(first, last) - hair)...column(max(first, last) + hair))
    }
  }

  static func row(_ latitude: Double) -> Int64 {
    Int64(((latitude + 90) * cellsPerDegree).rounded(.down))
  }
  static func column(_ longitude: Double) -> Int64 {
    Int64(((longitude + 180) * cellsPerDegree).rounded(.down))
  }
  static func cell(_ row: Int64, _ column: Int64) -> Int64 { row * 400_000 + column }

  /// Where a point meets the walking network.
  public struct Snap: Sendable, Equatable {
    /// The edge it meets.
    public var edge: Int
    /// How far along the edge, from its start node, in metres.
    public var along: Double
    /// How far the point is from the edge, in metres.
    public var offset: Double
    /// The point on the edge.
    public var point: Coordinate
  }

  /// The nearest point of a walkable edge to `point`, within ``maximumSnap``, preferring a main
  /// part of the network up to ``strayAllowance`` farther to a stray piece; `nil` when no edge
  /// is that near.
  public func snap(_ point: Coordinate) -> Snap? {
    var best: Snap?
    var bestMain: Snap?
    func chosen() -> Snap? {
      guard let found = best, !isMainEdge[found.edge] else { return best }
      if let main = bestMain, main.offset <= found.offset + strayAllowance { return main }
      return found
    }
    func consider(_ edge: Int) {
      let candidate = project(point, onto: edge)
      if best.map({ candidate.offset < $0.offset }) ?? true { best = candidate }
      if isMainEdge[candidate.edge], bestMain.map({ candidate.offset < $0.offset }) ?? true {
        bestMain = candidate
      }
    }
    for radius in [60.0, maximumSnap] where radius <= maximumSnap || best == nil {
      let degrees = radius / 111_195
      let cosine = max(0.01, cos(point.latitude * .pi / 180))
      let rows = Self.row(point.latitude - degrees)...Self.row(point.latitude + degrees)
      let first = Self.column(point.longitude - degrees / cosine)
      let last = Self.column(point.longitude + degrees / cosine)
      for row in rows {
        var low = lowerBound(Self.cell(row, first))
        let end = Self.cell(row, last)
        while low < cells.count, cells[low] <= end {
          for index in Int(cellStart[low])..<Int(cellStart[low + 1]) {
            consider(Int(cellEdges[index]))
          }
          low += 1
        }
      }
      for edge in longEdges { consider(Int(edge)) }
      // Within this radius: the nearest edge, or a main one near enough beside a stray one.
      if let found = chosen(), found.offset <= radius,
        isMainEdge[found.edge] || radius + 0.001 >= maximumSnap
          || found.offset + strayAllowance <= radius
      {
        return found
      }
    }
    return chosen().flatMap { $0.offset <= maximumSnap ? $0 : nil }
  }

  private func lowerBound(_ cell: Int64) -> Int {
    var low = 0
    var high = cells.count
    while low < high {
      let middle = (low + high) / 2
      if cells[middle] < cell { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// `point` projected onto the nearest segment of `edge`, in a plane touching the sphere at
  /// `point`.
  func project(_ point: Coordinate, onto edge: Int) -> Snap {
    let points = graph.points(ofEdge: edge)
    let metresPerDegree = Coordinate.earthRadius * .pi / 180
    let east = cos(point.latitude * .pi / 180) * metresPerDegree
    func plane(_ p: Coordinate) -> (x: Double, y: Double) {
      var longitude = p.longitude - point.longitude
      if longitude > 180 { longitude -= 360 } else if longitude < -180 { longitude += 360 }
      return (longitude * east, (p.latitude - point.latitude) * metresPerDegree)
    }
    var best = Snap(edge: edge, along: 0, offset: .infinity, point: points[0])
    var before = 0.0
    for (a, b) in zip(points, points.dropFirst()) {
      let segment = a.distance(to: b)
      let (ax, ay) = plane(a)
      let (bx, by) = plane(b)
      let (dx, dy) = (bx - ax, by - ay)
      let squared = dx * dx + dy * dy
      let t = squared > 0 ? min(1, max(0, -(ax * dx + ay * dy) / squared)) : 0
      let (x, y) = (ax + t * dx, ay + t * dy)
      let offset = (x * x + y * y).squareRoot()
      if offset < best.offset {
        best = Snap(
          edge: edge, along: before + t * segment, offset: offset,
          point: Coordinate(
            latitude: a.latitude + t * (b.latitude - a.latitude),
            longitude: a.longitude + t * (b.longitude - a.longitude)))
      }
      before += segment
    }
    best.along = min(best.along, graph.length(ofEdge: edge))
    return best
  }
}
