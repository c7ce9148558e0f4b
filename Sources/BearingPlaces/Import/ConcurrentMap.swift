import Dispatch

/// `transform` of every element, in order, on every core when `parallel` (in turn otherwise).
/// Each element's failure is kept in its place, so the caller can throw the first in input
/// order, whichever core met it first. The readers of large files (`.osm.pbf` blocks, GeoJSON
/// features) share it.
func concurrentMap<T, Failure: Error>(
  _ elements: some Sequence<Int>, parallel: Bool = true,
  _ transform: (Int) throws(Failure) -> T
) -> [Result<T, Failure>] {
  let elements = Array(elements)
  guard parallel, elements.count > 1 else {
    return elements.map { k in Result { () throws(Failure) in try transform(k) } }
  }
  let slots = UnsafeMutableBufferPointer<Result<T, Failure>?>.allocate(capacity: elements.count)
  slots.initialize(repeating: nil)
  defer {
    slots.deinitialize()
    slots.deallocate()
  }
  return withoutActuallyEscaping(transform) { transform in
    // Safe to share: each iteration writes only its own slot, and the callers' transforms only
    // read what they share (a file's bytes, a set of wanted nodes).
    nonisolated(unsafe) let transform = transform
    nonisolated(unsafe) let slots = slots
    DispatchQueue.concurrentPerform(iterations: elements.count) { k in
      slots[k] = Result { () throws(Failure) in try transform(elements[k]) }
    }
    return slots.map { $0! }
  }
}
