import BearingLocation

extension WalkRouter {
  /// A walk with its way: the points from the start to the target and the streets it follows.
  public struct Route: Sendable, Equatable {
    /// Metres from the start to the target.
    public var length: Double
    /// The start, the way's points, the target.
    public var points: [Coordinate]
    /// The names of the ways walked, in order, each once a stretch (an unnamed way is left out).
    public var streetNames: [String]
    /// Whether the walk is the straight line, across whatever lies between (``isDirect(_:_:_:_:)``).
    public var isDirect = false
  }

  /// Whether the walk from `start` to `target` is the straight line: when the line is shorter
  /// than the steps from each to its street together, any walk along the streets is longer
  /// than walking straight across (a square, a courtyard, a café beside you between two
  /// streets), as a maps app walks it.
  static func isDirect(
    _ start: Coordinate, _ origin: Snap, _ target: Coordinate, _ end: Snap
  ) -> Bool {
    start.distance(to: target) < origin.offset + end.offset
  }

  /// The length of the walk from `start` to each of `targets` (`nil` where a point is not near
  /// a way, no walk joins them, or the walk would be longer than `bound` metres).
  public func walks(from start: Coordinate, to targets: [Coordinate], within bound: Double)
    -> [Double?]
  {
    guard let origin = snap(start) else { return targets.map { _ in nil } }
    let snaps = targets.map(snap)
    let search = Search(router: self, origin: origin, targets: snaps, bound: bound)
    return search.best.indices.map { index in
      guard let target = snaps[index] else { return nil }
      let length =
        Self.isDirect(start, origin, targets[index], target)
        ? start.distance(to: targets[index])
        : origin.offset + search.best[index] + target.offset
      // Not reached (an unbounded search's bound is infinite too): no walk.
      return length.isFinite && length <= bound ? length : nil
    }
  }

  /// The walk from `start` to `target` with its way, or `nil` as ``walks(from:to:within:)``.
  public func route(from start: Coordinate, to target: Coordinate, within bound: Double)
    -> Route?
  {
    guard let origin = snap(start), let end = snap(target) else { return nil }
    if Self.isDirect(start, origin, target, end) {
      let line = start.distance(to: target)
      guard line <= bound else { return nil }
      return Route(length: line, points: [start, target], streetNames: [], isDirect: true)
    }
    let search = Search(router: self, origin: origin, targets: [end], bound: bound)
    guard search.best[0].isFinite else { return nil }
    let length = origin.offset + search.best[0] + end.offset
    guard length <= bound else { return nil }
    var points = [start, origin.point]
    var edges: [Int] = []
    switch search.via[0] {
    case -1:
      // Along the start's own edge, through its bends.
      edges = [origin.edge]
      points += part(
        of: graph.points(ofEdge: origin.edge), edge: origin.edge, from: origin.along,
        to: end.along)
      points.append(end.point)
    case let node:
      // Back from the node the target was reached through, to the start's edge.
      var chain: [(edge: Int, reversed: Bool)] = []
      var current = Int(node)
      while search.parent[current] >= 0 {
        let arc = search.parent[current]
        let edge = Int(arc >> 1)
        let reversed = arc & 1 == 1
        chain.append((edge, reversed))
        let ends = graph.ends(ofEdge: edge)
        current = reversed ? ends.to : ends.from
      }
      chain.reverse()
      // From the start's snap to the first node.
      let startEdgePoints = graph.points(ofEdge: origin.edge)
      let backwards = passesFirstNode(origin, node: current, entering: false)
      points += part(
        of: startEdgePoints, edge: origin.edge, from: origin.along,
        to: backwards ? 0 : graph.length(ofEdge: origin.edge))
      // A street is named only where some of it is walked: not a start a few steps from its
      // end, as a fix at a corner is.
      let startWalked =
        backwards ? origin.along : graph.length(ofEdge: origin.edge) - origin.along
      if startWalked > Self.unnamedStretch { edges.append(origin.edge) }
      for link in chain {
        let shape = graph.points(ofEdge: link.edge)
        points += link.reversed ? shape.reversed() : shape
        edges.append(link.edge)
      }
      // From the last node to the target's snap.
      let endEdgePoints = graph.points(ofEdge: end.edge)
      let forwards = passesFirstNode(end, node: Int(node), entering: true)
      points += part(
        of: endEdgePoints, edge: end.edge,
        from: forwards ? 0 : graph.length(ofEdge: end.edge), to: end.along)
      let endWalked = forwards ? end.along : graph.length(ofEdge: end.edge) - end.along
      if endWalked > Self.unnamedStretch { edges.append(end.edge) }
      points.append(end.point)
    }
    points.append(target)
    var names: [String] = []
    for edge in edges {
      if let name = graph.name(ofEdge: edge), names.last != name { names.append(name) }
    }
    return Route(length: length, points: points, streetNames: names)
  }

  /// Metres of a street at a route's start or end too short to name it (a fix at a corner).
  static let unnamedStretch = 10.0

  /// Whether the walk between `snap` and `node` passes the edge's first node: leaving a start
  /// backwards, or entering a target forwards (`entering`). On an edge that starts and ends at
  /// one node (a loop), the search took the shorter way allowed, as this does.
  private func passesFirstNode(_ snap: Snap, node: Int, entering: Bool) -> Bool {
    let ends = graph.ends(ofEdge: snap.edge)
    guard ends.from == ends.to else { return node == ends.from }
    let direction = graph.direction(ofEdge: snap.edge)
    let viaFirst = entering ? direction.allowsForward : direction.allowsBackward
    let viaLast = entering ? direction.allowsBackward : direction.allowsForward
    let first = viaFirst ? snap.along : .infinity
    let last = viaLast ? graph.length(ofEdge: snap.edge) - snap.along : .infinity
    return first <= last
  }

  /// The points of an edge's shape between two distances along it, in the order walked.
  private func part(of points: [Coordinate], edge: Int, from: Double, to: Double) -> [Coordinate] {
    var along = 0.0
    var inside: [(Double, Coordinate)] = []
    for (index, point) in points.enumerated() {
      if index > 0 { along += points[index - 1].distance(to: point) }
      if along >= min(from, to), along <= max(from, to) { inside.append((along, point)) }
    }
    let ordered = from <= to ? inside : inside.reversed()
    return ordered.map(\.1)
  }

  /// One search from a start to its targets.
  struct Search {
    /// The best length found for each target along the ways (without the snaps' offsets).
    var best: [Double]
    /// The node each target's best walk came through, or −1 along the start's own edge.
    var via: [Int32]
    /// The arc each settled node was reached by, or −1 for the nodes of the start's edge.
    var parent: [Int32]

    init(router: WalkRouter, origin: Snap, targets: [Snap?], bound: Double) {
      let graph = router.graph
      best = [Double](repeating: .infinity, count: targets.count)
      via = [Int32](repeating: -1, count: targets.count)
      parent = [Int32](repeating: -1, count: graph.nodeCount)
      var distance = [Double](repeating: .infinity, count: graph.nodeCount)
      var heap = MinHeap()
      // The start's edge: to its first node backwards, to its last forwards.
      let direction = graph.direction(ofEdge: origin.edge)
      let ends = graph.ends(ofEdge: origin.edge)
      let length = graph.length(ofEdge: origin.edge)
      if direction.allowsBackward {
        distance[ends.from] = origin.along
        heap.push(origin.along, Int32(ends.from))
      }
      if direction.allowsForward, length - origin.along < distance[ends.to] {
        distance[ends.to] = length - origin.along
        heap.push(length - origin.along, Int32(ends.to))
      }
      // Each target is reached through its edge's first node (walking the edge forwards) or
      // its last (backwards); on the start's own edge, also directly.
      var attached: [Int32: [(target: Int, cost: Double)]] = [:]
      for (index, snap) in targets.enumerated() {
        guard let snap else { continue }
        let edgeDirection = graph.direction(ofEdge: snap.edge)
        let edgeEnds = graph.ends(ofEdge: snap.edge)
        let edgeLength = graph.length(ofEdge: snap.edge)
        if edgeDirection.allowsForward {
          attached[Int32(edgeEnds.from), default: []].append((index, snap.along))
        }
        if edgeDirection.allowsBackward {
          attached[Int32(edgeEnds.to), default: []].append((index, edgeLength - snap.along))
        }
        if snap.edge == origin.edge {
          let forwards = snap.along >= origin.along
          if forwards ? edgeDirection.allowsForward : edgeDirection.allowsBackward {
            best[index] = abs(snap.along - origin.along)
          }
        }
      }
      var unknown = best.reduce(0) { $0 + ($1.isFinite ? 0 : 1) }
      var worst = best.lazy.filter(\.isFinite).max() ?? 0
      // Targets never snapped count as known: nothing can reach them.
      unknown -= targets.reduce(0) { $0 + ($1 == nil ? 1 : 0) }
      while let top = heap.pop() {
        let (length, node) = top
        guard length <= distance[Int(node)] else { continue }  // an older entry
        if length > bound || (unknown == 0 && length >= worst) { break }
        if let waiting = attached[node] {
          for (target, cost) in waiting where length + cost < best[target] {
            if !best[target].isFinite { unknown -= 1 }
            best[target] = length + cost
            via[target] = node
            worst = best.lazy.filter(\.isFinite).max() ?? 0
          }
        }
        for index in Int(graph.arcStart[Int(node)])..<Int(graph.arcStart[Int(node) + 1]) {
          let arc = graph.arcs[index]
          let edge = Int(arc >> 1)
          let next = arc & 1 == 1 ? graph.edgeFrom[edge] : graph.edgeTo[edge]
          let candidate = length + Double(graph.edgeLength[edge])
          if candidate < distance[Int(next)] {
            distance[Int(next)] = candidate
            parent[Int(next)] = arc
            heap.push(candidate, next)
          }
        }
      }
    }
  }
}

/// A binary min-heap of (length, node), with stale entries left in (skipped on pop).
struct MinHeap {
  private var keys: [Double] = []
  private var nodes: [Int32] = []

  mutating func push(_ key: Double, _ node: Int32) {
    keys.append(key)
    nodes.append(node)
    var child = keys.count - 1
    while child > 0 {
      let parent = (child - 1) / 2
      guard keys[child] < keys[parent] else { break }
      keys.swapAt(child, parent)
      nodes.swapAt(child, parent)
      child = parent
    }
  }

  mutating func pop() -> (Double, Int32)? {
    guard let top = keys.first else { return nil }
    let node = nodes[0]
    let lastKey = keys.removeLast()
    let lastNode = nodes.removeLast()
    if !keys.isEmpty {
      keys[0] = lastKey
      nodes[0] = lastNode
      var parent = 0
      while true {
        let left = 2 * parent + 1
        guard left < keys.count else { break }
        let right = left + 1
        let child = right < keys.count && keys[right] < keys[left] ? right : left
        guard keys[child] < keys[parent] else { break }
        keys.swapAt(child, parent)
        nodes.swapAt(child, parent)
        parent = child
      }
    }
    return (top, node)
  }
}

extension WalkRouter {
  /// Why no walk joins two points (``route(from:to:within:)`` gave `nil`).
  public enum NoWalk: Sendable, Equatable {
    /// The start is farther than ``maximumSnap`` from every way.
    case startOffTheWays
    /// The target is farther than ``maximumSnap`` from every way.
    case targetOffTheWays
    /// Both are near ways, and no way leads from the start's to the target's.
    case cutOff
    /// A walk joins them, longer than the bound.
    case fartherThanTheBound
  }

  /// Why ``route(from:to:within:)`` finds no walk from `start` to `target` within `bound`;
  /// `nil` when it finds one. Where both are near ways, it searches the whole graph (a user's
  /// question answered once, not a walk measured for a list).
  public func noWalk(from start: Coordinate, to target: Coordinate, within bound: Double)
    -> NoWalk?
  {
    guard let origin = snap(start) else { return .startOffTheWays }
    guard let end = snap(target) else { return .targetOffTheWays }
    if route(from: start, to: target, within: bound) != nil { return nil }
    let search = Search(router: self, origin: origin, targets: [end], bound: .infinity)
    return search.best[0].isFinite ? .fartherThanTheBound : .cutOff
  }
}
