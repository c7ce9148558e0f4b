import Foundation

/// A queue between one thread that produces and one that consumes, holding at most
/// `capacity` elements: the producer waits while it is full, so a fast reader can never run
/// ahead of a slow writer by more than that (``PlaceImportStream`` between a file's reader and
/// the store).
///
/// `@unchecked Sendable`: every stored property but the constant `capacity` is read and
/// written only while `condition`'s lock is held, and the elements are themselves `Sendable`.
final class BoundedQueue<Element: Sendable>: @unchecked Sendable {
  /// The most elements the queue holds.
  let capacity: Int
  private let condition = NSCondition()
  private var elements: [Element] = []
  private var finished = false
  private var closed = false
  private var peak = 0

  init(capacity: Int) { self.capacity = max(1, capacity) }

  /// Adds `element`, waiting while the queue is full; `false`, the element dropped, once the
  /// consumer has closed the queue.
  func push(_ element: Element) -> Bool {
    condition.lock()
    defer { condition.unlock() }
    while !closed, elements.count >= capacity { condition.wait() }
    guard !closed else { return false }
    elements.append(element)
    peak = max(peak, elements.count)
    condition.broadcast()
    return true
  }

  /// Tells the consumer that nothing more comes, once it has taken what is queued.
  func finish() {
    condition.lock()
    finished = true
    condition.broadcast()
    condition.unlock()
  }

  /// The next element, waiting for one; `nil` once the producer finished and all is taken.
  func pop() -> Element? {
    condition.lock()
    defer { condition.unlock() }
    while elements.isEmpty, !finished, !closed { condition.wait() }
    guard !elements.isEmpty, !closed else { return nil }
    // At most `capacity` elements: removing the first costs nothing that matters.
    let element = elements.removeFirst()
    condition.broadcast()
    return element
  }

  /// The consumer stops: queued elements are dropped and the producer's next push fails.
  func close() {
    condition.lock()
    closed = true
    elements.removeAll()
    condition.broadcast()
    condition.unlock()
  }

  /// The most elements the queue ever held at once.
  var peakCount: Int {
    condition.lock()
    defer { condition.unlock() }
    return peak
  }
}
