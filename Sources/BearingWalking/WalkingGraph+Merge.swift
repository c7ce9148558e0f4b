import BearingLocation

extension WalkingGraph {
  /// How near a point of one graph must be to a point of another for ``merged(_:)`` to make
  /// them one junction: 1 m. The same OpenStreetMap node has the same position in every
  /// extract (0 m); lines drawn or exported separately may differ by a rounding.
  public static let joinDistance = 1.0

  /// One graph of the ways of `graphs`, joined where they meet: a point of one graph (a
  /// junction or a bend of a way) and a point of another at the same position, or within
  /// ``joinDistance`` when none is at the very same position, are one junction, so a walk may
  /// leave one graph's streets for another's there. Points of one graph are never joined to
  /// each other. A street both graphs hold is kept twice, which changes no walk.
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

    struct Way {
      var numbers: [Int32]
      var points: [Coordinate]
      var direction: WalkDirection
      var name: String?
    }
    var ways: [Way] = []
    for (index, graph) in graphs.enumerated() {
      let nodeNumbers = graph.nodeLatitudes.indices.map {
        number(graph.nodeLatitudes[$0], graph.nodeLongitudes[$0], graph: index)
      }
      for edge in 0..<graph.edgeCount {
        var numbers = [nodeNumbers[Int(graph.edgeFrom[edge])]]
        for point in Int(graph.shapeStart[edge])..<Int(graph.shapeStart[edge + 1]) {
          numbers.append(
            number(graph.shapeLatitudes[point], graph.shapeLongitudes[point], graph: index))
        }
        numbers.append(nodeNumbers[Int(graph.edgeTo[edge])])
        ways.append(
          Way(
            numbers: numbers, points: graph.points(ofEdge: edge),
            direction: graph.direction(ofEdge: edge), name: graph.name(ofEdge: edge)))
      }
    }
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
