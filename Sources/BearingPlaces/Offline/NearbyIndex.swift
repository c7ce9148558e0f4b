import BearingLocation
import Foundation

/// A static spatial index answering "the k nearest points within r metres" on the sphere.
///
/// Points are stored as unit vectors in a k-d tree. The straight-line (chord) distance between
/// two unit vectors grows with their great-circle distance, so nearest by chord is nearest on
/// the sphere: there is no seam at the antimeridian and no singularity at the poles.
///
/// ```swift
/// let index = NearbyIndex(places.map(\.coordinate))
/// for neighbor in index.nearest(to: here, count: 10, within: 1_000) {
///   print(places[neighbor.index].name, neighbor.distance)
/// }
/// ```
public struct NearbyIndex: Sendable {
  /// One search result: the position of the point in the array the index was built from, and
  /// its great-circle distance in metres.
  public struct Neighbor: Hashable, Sendable {
    /// Position in the array given to ``NearbyIndex/init(_:)``.
    public var index: Int
    /// Great-circle metres from the search center.
    public var distance: Double
  }

  /// Points per leaf: small enough to prune well, large enough to scan without branching much.
  static let leafSize = 8

  // Unit vectors in leaf order (structure of arrays for a tight scan), and where each came from.
  private let xs: [Double]
  private let ys: [Double]
  private let zs: [Double]
  private let origins: [Int32]
  // Implicit binary tree: node i has children 2i+1 and 2i+2; node 0 covers every point and a
  // node covering [lo, hi) splits at lo + (hi - lo) / 2, so ranges need not be stored.
  private let splitAxes: [UInt8]
  private let splitValues: [Double]

  /// How many points the index holds.
  public var count: Int { xs.count }

  /// Builds the index in O(n log n).
  ///
  /// - precondition: fewer than 2³¹ points.
  public init(_ coordinates: [Coordinate]) {
    precondition(coordinates.count < Int(Int32.max), "NearbyIndex holds fewer than 2^31 points")
    let n = coordinates.count
    var x = [Double](repeating: 0, count: n)
    var y = [Double](repeating: 0, count: n)
    var z = [Double](repeating: 0, count: n)
    for (i, coordinate) in coordinates.enumerated() {
      (x[i], y[i], z[i]) = Self.unitVector(coordinate)
    }
    var order = (0..<n).map { Int32($0) }
    var nodeCount = 1
    while n > 0, Self.leafSize << (nodeCount.trailingZeroBitCount) < n { nodeCount <<= 1 }
    // nodeCount is now a power of two ≥ the number of leaves; 2 × that bounds every index.
    var axes = [UInt8](repeating: 0, count: 2 * nodeCount + 1)
    var values = [Double](repeating: 0, count: 2 * nodeCount + 1)
    var builder = TreeBuilder(x: x, y: y, z: z)
    builder.build(node: 0, lo: 0, hi: n, order: &order, axes: &axes, values: &values)
    xs = order.map { x[Int($0)] }
    ys = order.map { y[Int($0)] }
    zs = order.map { z[Int($0)] }
    origins = order
    splitAxes = axes
    splitValues = values
  }

  /// The `count` points nearest to `center` within `radius` metres, nearest first.
  ///
  /// `isIncluded`, given a point's position in the original array, skips points it rejects
  /// while the search goes on to find `count` that pass.
  public func nearest(
    to center: Coordinate,
    count: Int,
    within radius: Double = .infinity,
    where isIncluded: ((Int) -> Bool)? = nil
  ) -> [Neighbor] {
    guard count > 0, !xs.isEmpty, radius >= 0 else { return [] }
    let k = Swift.min(count, xs.count)
    let (qx, qy, qz) = Self.unitVector(center)
    let angle = radius / Coordinate.earthRadius
    // A chord is at most 2 (the diameter), reached at half the circumference.
    let chord = angle >= .pi ? 2.0 : 2 * sin(angle / 2)
    // The slack keeps a point at exactly `radius` in despite rounding in the conversions.
    let limit = chord * chord * (1 + 1e-12) + 1e-24
    return withUnsafeTemporaryAllocation(of: Double.self, capacity: k) { bestDistances in
      withUnsafeTemporaryAllocation(of: Int32.self, capacity: k) { bestPoints in
        xs.withUnsafeBufferPointer { xs in
          ys.withUnsafeBufferPointer { ys in
            zs.withUnsafeBufferPointer { zs in
              splitAxes.withUnsafeBufferPointer { axes in
                splitValues.withUnsafeBufferPointer { values in
                  var search = Search(
                    query: (qx, qy, qz), xs: xs, ys: ys, zs: zs, axes: axes, values: values,
                    bestDistances: bestDistances, bestPoints: bestPoints, capacity: k,
                    limit: limit, origins: origins, isIncluded: isIncluded)
                  var offsets = (0.0, 0.0, 0.0)
                  search.visit(node: 0, lo: 0, hi: xs.count, bound: 0, offsets: &offsets)
                  return (0..<search.found).map { i in
                    let distance =
                      2 * Coordinate.earthRadius
                      * asin(Swift.min(1, bestDistances[i].squareRoot() / 2))
                    return Neighbor(
                      index: Int(search.pointOrigin(bestPoints[i])), distance: distance)
                  }
                }
              }
            }
          }
        }
      }
    }
  }

  static func unitVector(_ coordinate: Coordinate) -> (Double, Double, Double) {
    let φ = coordinate.latitude * .pi / 180
    let λ = coordinate.longitude * .pi / 180
    let cosφ = cos(φ)
    return (cosφ * cos(λ), cosφ * sin(λ), sin(φ))
  }
}

extension NearbyIndex {
  /// Builds the implicit tree by median splits on the axis of widest spread.
  private struct TreeBuilder {
    let x: [Double]
    let y: [Double]
    let z: [Double]

    func coordinate(_ point: Int32, _ axis: Int) -> Double {
      switch axis {
      case 0: x[Int(point)]
      case 1: y[Int(point)]
      default: z[Int(point)]
      }
    }

    mutating func build(
      node: Int, lo: Int, hi: Int, order: inout [Int32], axes: inout [UInt8],
      values: inout [Double]
    ) {
      guard hi - lo > NearbyIndex.leafSize else { return }
      var minimum = (Double.infinity, Double.infinity, Double.infinity)
      var maximum = (-Double.infinity, -Double.infinity, -Double.infinity)
      for i in lo..<hi {
        let p = Int(order[i])
        minimum = (
          Swift.min(minimum.0, x[p]), Swift.min(minimum.1, y[p]), Swift.min(minimum.2, z[p])
        )
        maximum = (
          Swift.max(maximum.0, x[p]), Swift.max(maximum.1, y[p]), Swift.max(maximum.2, z[p])
        )
      }
      let spreads = [maximum.0 - minimum.0, maximum.1 - minimum.1, maximum.2 - minimum.2]
      let axis = spreads.indices.max { spreads[$0] < spreads[$1] }!
      let mid = lo + (hi - lo) / 2
      select(mid, lo: lo, hi: hi, axis: axis, order: &order)
      axes[node] = UInt8(axis)
      values[node] = coordinate(order[mid], axis)
      build(node: 2 * node + 1, lo: lo, hi: mid, order: &order, axes: &axes, values: &values)
      build(node: 2 * node + 2, lo: mid, hi: hi, order: &order, axes: &axes, values: &values)
    }

    /// Quickselect (Hoare partition, middle pivot): afterwards `order[k]` has its sorted
    /// value, nothing before it is greater and nothing after it is smaller.
    func select(_ k: Int, lo: Int, hi: Int, axis: Int, order: inout [Int32]) {
      var left = lo
      var right = hi - 1
      while left < right {
        let pivot = coordinate(order[left + (right - left) / 2], axis)
        var i = left
        var j = right
        while i <= j {
          while coordinate(order[i], axis) < pivot { i += 1 }
          while coordinate(order[j], axis) > pivot { j -= 1 }
          if i <= j {
            order.swapAt(i, j)
            i += 1
            j -= 1
          }
        }
        if k <= j {
          right = j
        } else if k >= i {
          left = i
        } else {
          return
        }
      }
    }
  }

  /// One query's state; unsafe buffers keep the inner loop free of bounds checks and
  /// reference counting. It lives only inside ``NearbyIndex/nearest(to:count:within:where:)``.
  private struct Search {
    let query: (Double, Double, Double)
    let xs: UnsafeBufferPointer<Double>
    let ys: UnsafeBufferPointer<Double>
    let zs: UnsafeBufferPointer<Double>
    let axes: UnsafeBufferPointer<UInt8>
    let values: UnsafeBufferPointer<Double>
    let bestDistances: UnsafeMutableBufferPointer<Double>
    let bestPoints: UnsafeMutableBufferPointer<Int32>
    let capacity: Int
    let limit: Double
    let origins: [Int32]
    let isIncluded: ((Int) -> Bool)?
    var found = 0

    func pointOrigin(_ slot: Int32) -> Int32 { origins[Int(slot)] }

    /// The squared chord a candidate must beat.
    var worst: Double { found < capacity ? limit : bestDistances[capacity - 1] }

    mutating func visit(
      node: Int, lo: Int, hi: Int, bound: Double, offsets: inout (Double, Double, Double)
    ) {
      if hi - lo <= NearbyIndex.leafSize {
        scan(lo: lo, hi: hi)
        return
      }
      let mid = lo + (hi - lo) / 2
      let axis = axes[node]
      let q = axis == 0 ? query.0 : axis == 1 ? query.1 : query.2
      let diff = q - values[node]
      let (near, far) = diff < 0 ? (2 * node + 1, 2 * node + 2) : (2 * node + 2, 2 * node + 1)
      let (nearLo, nearHi, farLo, farHi) = diff < 0 ? (lo, mid, mid, hi) : (mid, hi, lo, mid)
      visit(node: near, lo: nearLo, hi: nearHi, bound: bound, offsets: &offsets)
      // Arya–Mount incremental bound: replace this axis's share of the distance to the cell.
      let old = axis == 0 ? offsets.0 : axis == 1 ? offsets.1 : offsets.2
      let farBound = bound - old * old + diff * diff
      guard farBound < worst else { return }
      set(&offsets, axis, diff)
      visit(node: far, lo: farLo, hi: farHi, bound: farBound, offsets: &offsets)
      set(&offsets, axis, old)
    }

    private func set(_ offsets: inout (Double, Double, Double), _ axis: UInt8, _ value: Double) {
      switch axis {
      case 0: offsets.0 = value
      case 1: offsets.1 = value
      default: offsets.2 = value
      }
    }

    private mutating func scan(lo: Int, hi: Int) {
      var threshold = worst
      for i in lo..<hi {
        let dx = xs[i] - query.0
        let dy = ys[i] - query.1
        let dz = zs[i] - query.2
        let d = dx * dx + dy * dy + dz * dz
        guard d < threshold else { continue }
        if let isIncluded, !isIncluded(Int(origins[i])) { continue }
        insert(distance: d, slot: Int32(i))
        threshold = worst
      }
    }

    /// Insertion into the sorted best list; k is small, so this beats a heap.
    private mutating func insert(distance: Double, slot: Int32) {
      var position = found < capacity ? found : capacity - 1
      if found < capacity { found += 1 }
      while position > 0, bestDistances[position - 1] > distance {
        bestDistances[position] = bestDistances[position - 1]
        bestPoints[position] = bestPoints[position - 1]
        position -= 1
      }
      bestDistances[position] = distance
      bestPoints[position] = slot
    }
  }
}
