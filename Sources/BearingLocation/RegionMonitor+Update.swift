import Foundation

// The four passes of `RegionMonitor.update(with:)`, in the order it runs them.
extension RegionMonitor {
  /// Completes or cancels dwell timers: a region waiting to enter is entered once the dwell
  /// time has passed without a fix outside it by the exit margin.
  mutating func advancePending(with fix: Location, into changes: inout Changes) {
    var kept: [PendingSlot] = []
    for entry in pending {
      let slot = Int(entry.slot)
      let region = regions[slot]
      guard accepts(fix, for: region) else {
        kept.append(entry)
        continue
      }
      let distance = region.center.distance(to: fix.coordinate)
      if configuration.isOutsideByMargin(distance: distance, radius: region.radius) {
        states[slot] = .outside
      } else if fix.timestamp.timeIntervalSince(entry.since) >= configuration.minimumDwellTime {
        states[slot] = .insideSeen
        inside.append(entry.slot)
        if region.notifyOnEntry { changes.entered.append(region) }
      } else {
        kept.append(entry)
      }
    }
    pending = kept
  }

  /// Decides the state of a slot nothing is known about yet, if the fix is accurate enough.
  mutating func resolveUnknown(_ slot: Int, with fix: Location, into changes: inout Changes) {
    let region = regions[slot]
    guard accepts(fix, for: region) else {
      unknown.append(Int32(slot))
      return
    }
    if region.center.distance(to: fix.coordinate) <= region.radius {
      states[slot] = .insideSeen
      inside.append(Int32(slot))
      changes.determined.append(region)
    } else {
      states[slot] = .outside
    }
  }

  /// Visits the index's candidates for the fix: marks inside regions still within reach as
  /// seen, and enters outside regions the fix is inside by the entry margin.
  ///
  /// The loop over a cell's entries is the hot path: one single-precision chord per entry,
  /// compared with the entry's reach. Only entries within reach go on to the slot's state.
  mutating func scanNearbyRegions(around fix: Location, into changes: inout Changes) {
    let (φ, λ) = RegionIndex.radians(fix.coordinate)
    let (px, py, pz) = RegionIndex.unitVector(latitude: φ, longitude: λ)
    candidateCells.removeAll(keepingCapacity: true)
    index.candidateCells(latitude: φ, longitude: λ, into: &candidateCells)
    let cellNumbers = candidateCells
    for number in cellNumbers {
      let cell = index.cells[Int(number)]
      cell.withUnsafeBufferPointer { entries in
        for entry in entries {
          let dx = px - Double(entry.x)
          let dy = py - Double(entry.y)
          let dz = pz - Double(entry.z)
          let chordSquared = dx * dx + dy * dy + dz * dz
          let outer = Double(entry.outer)
          let farthest = outer + RegionIndex.tolerance(forChord: outer)
          if chordSquared > farthest * farthest { continue }
          visitNearbyEntry(entry, chord: chordSquared.squareRoot(), fix: fix, changes: &changes)
        }
      }
    }
  }

  private mutating func visitNearbyEntry(
    _ entry: RegionIndex.Entry, chord: Double, fix: Location, changes: inout Changes
  ) {
    let slot = Int(entry.slot)
    switch states[slot] {
    case .inside:
      let outer = Double(entry.outer)
      let tolerance = RegionIndex.tolerance(forChord: outer)
      if chord > outer + tolerance { return }
      if chord > outer - tolerance {
        let region = regions[slot]
        let distance = region.center.distance(to: fix.coordinate)
        if configuration.isOutsideByMargin(distance: distance, radius: region.radius) { return }
      }
      states[slot] = .insideSeen
    case .outside:
      let inner = Double(entry.inner)
      let tolerance = RegionIndex.tolerance(forChord: inner)
      if chord > inner + tolerance { return }
      let region = regions[slot]
      if chord > inner - tolerance {
        let distance = region.center.distance(to: fix.coordinate)
        if !configuration.isInsideByMargin(distance: distance, radius: region.radius) { return }
      }
      guard accepts(fix, for: region) else { return }
      if configuration.minimumDwellTime > 0 {
        states[slot] = .entering
        pending.append(PendingSlot(slot: entry.slot, since: fix.timestamp))
      } else {
        states[slot] = .insideSeen
        inside.append(entry.slot)
        if region.notifyOnEntry { changes.entered.append(region) }
      }
    case .unknown, .insideSeen, .entering:
      return
    }
  }

  /// Exits the inside regions the scan did not see (the fix is outside them by the exit
  /// margin) when the fix is accurate enough for them, and turns `.insideSeen` back into
  /// `.inside`.
  mutating func settleInsideRegions(with fix: Location, into changes: inout Changes) {
    var kept = 0
    for position in inside.indices {
      let slot = Int(inside[position])
      if states[slot] == .inside {
        let region = regions[slot]
        if accepts(fix, for: region) {
          states[slot] = .outside
          if region.notifyOnExit { changes.exited.append(region) }
          continue
        }
      }
      states[slot] = .inside
      inside[kept] = inside[position]
      kept += 1
    }
    inside.removeLast(inside.count - kept)
  }
}
