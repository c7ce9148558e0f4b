import Foundation

// The four passes of `RegionMonitor.update(with:)`, in the order it runs them.
extension RegionMonitor {
  /// Completes or cancels dwell timers: a region waiting to enter is entered once the dwell
  /// time has passed without a fix outside it by the exit margin.
  mutating func advancePending(with fix: Fix) {
    var kept: [PendingSlot] = []
    for entry in pending {
      let slot = Int(entry.slot)
      let region = regions[slot]
      guard accepts(fix, slot: slot) else {
        kept.append(entry)
        continue
      }
      let distance = region.center.distance(to: fix.coordinate)
      if configuration.isOutsideByMargin(distance: distance, radius: region.radius) {
        states[slot] = .outside
      } else if fix.location.timestamp.timeIntervalSince(entry.since)
        >= configuration.minimumDwellTime
      {
        states[slot] = .insideSeen
        inside.append(entry.slot)
        if notifications[slot].contains(.entry) { changes.entered.append(entry.slot) }
      } else {
        kept.append(entry)
      }
    }
    pending = kept
  }

  /// Decides the state of a slot nothing is known about yet, if the fix is accurate enough.
  mutating func resolveUnknown(_ slot: Int, with fix: Fix) {
    guard accepts(fix, slot: slot) else {
      unknown.append(Int32(slot))
      return
    }
    if regions[slot].contains(fix.coordinate) {
      states[slot] = .insideSeen
      inside.append(Int32(slot))
      changes.determined.append(Int32(slot))
    } else {
      states[slot] = .outside
    }
  }

  /// Visits the index's candidates for the fix: marks inside regions still within reach as
  /// seen, and enters outside regions the fix is inside by the entry margin.
  ///
  /// The loop over the candidate ranges is the hot path: one single-precision chord per entry,
  /// compared with the entry's reach widened by more than single precision's error, so that it
  /// never drops an entry the double-precision test would keep. Only entries it keeps go on to
  /// the slot's state.
  mutating func scanNearbyRegions(around fix: Fix) {
    let (φ, λ) = RegionIndex.radians(fix.coordinate)
    let cosφ = cos(φ)
    let point = (x: cosφ * cos(λ), y: cosφ * sin(λ), z: sin(φ))
    candidateRanges.removeAll(keepingCapacity: true)
    index.candidateRanges(latitude: φ, cosine: cosφ, longitude: λ, into: &candidateRanges)
    if candidateRanges.isEmpty { return }
    let (px, py, pz) = (Float(point.x), Float(point.y), Float(point.z))
    // Local copies (references, not elements): the loop mutates `self` but never the index.
    let ranges = candidateRanges
    let entries = index.entries
    entries.withUnsafeBufferPointer { entries in
      for range in ranges {
        for position in Int(range.lowerBound)..<Int(range.upperBound) {
          let entry = entries[position]
          let dx = px - entry.x
          let dy = py - entry.y
          let dz = pz - entry.z
          // The single-precision point and arithmetic are within 5.2e-8 + 2e-7 × chord of the
          // double-precision chord; the widening covers that and the tolerance.
          let reach = entry.outer * (1 + 1e-6) + 1e-6
          if dx * dx + dy * dy + dz * dz > reach * reach { continue }
          visitNearbyEntry(entry, point: point, fix: fix)
        }
      }
    }
  }

  private mutating func visitNearbyEntry(
    _ entry: RegionIndex.Entry, point: (x: Double, y: Double, z: Double), fix: Fix
  ) {
    let slot = Int(entry.slot)
    let state = states[slot]
    guard state == .inside || state == .outside else { return }
    let dx = point.x - Double(entry.x)
    let dy = point.y - Double(entry.y)
    let dz = point.z - Double(entry.z)
    let chord = (dx * dx + dy * dy + dz * dz).squareRoot()
    if state == .inside {
      let outer = Double(entry.outer)
      let tolerance = RegionIndex.tolerance(forChord: outer)
      if chord > outer + tolerance { return }
      if chord > outer - tolerance {
        let region = regions[slot]
        let distance = region.center.distance(to: fix.coordinate)
        if configuration.isOutsideByMargin(distance: distance, radius: region.radius) { return }
      }
      states[slot] = .insideSeen
    } else {
      let inner = Double(entry.inner)
      let tolerance = RegionIndex.tolerance(forChord: inner)
      if chord > inner + tolerance { return }
      if chord > inner - tolerance {
        let region = regions[slot]
        let distance = region.center.distance(to: fix.coordinate)
        if !configuration.isInsideByMargin(distance: distance, radius: region.radius) { return }
      }
      guard accepts(fix, slot: slot) else { return }
      if configuration.minimumDwellTime > 0 {
        states[slot] = .entering
        pending.append(PendingSlot(slot: entry.slot, since: fix.location.timestamp))
      } else {
        states[slot] = .insideSeen
        inside.append(entry.slot)
        if notifications[slot].contains(.entry) { changes.entered.append(entry.slot) }
      }
    }
  }

  /// Exits the inside regions the scan did not see (the fix is outside them by the exit
  /// margin) when the fix is accurate enough for them, and turns `.insideSeen` back into
  /// `.inside`.
  mutating func settleInsideRegions(with fix: Fix) {
    var kept = 0
    for position in inside.indices {
      let slot = Int(inside[position])
      if states[slot] == .inside, accepts(fix, slot: slot) {
        states[slot] = .outside
        if notifications[slot].contains(.exit) { changes.exited.append(Int32(slot)) }
        continue
      }
      states[slot] = .inside
      inside[kept] = inside[position]
      kept += 1
    }
    inside.removeLast(inside.count - kept)
  }
}
