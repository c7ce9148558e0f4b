import Foundation
import Synchronization

/// Fans one sequence of values out to any number of `AsyncStream` subscribers.
///
/// A subscriber sees every value sent after ``subscribe()`` returns; a stream that is dropped or
/// cancelled unsubscribes itself. Sending never waits for subscribers (each stream buffers).
///
/// ```swift
/// let events = Broadcast<Int>()
/// let stream = events.subscribe()
/// events.send(1)
/// ```
public final class Broadcast<Element: Sendable>: Sendable {
  private let subscribers = Mutex<[UUID: AsyncStream<Element>.Continuation]>([:])

  /// Creates a broadcast with no subscribers.
  public init() {}

  /// A new stream that receives every later value until ``finish()``.
  public func subscribe() -> AsyncStream<Element> {
    let id = UUID()
    let (stream, continuation) = AsyncStream<Element>.makeStream()
    continuation.onTermination = { [weak self] _ in
      _ = self?.subscribers.withLock { $0.removeValue(forKey: id) }
    }
    subscribers.withLock { $0[id] = continuation }
    return stream
  }

  /// Delivers `value` to every current subscriber.
  public func send(_ value: Element) {
    let current = subscribers.withLock { Array($0.values) }
    for continuation in current { continuation.yield(value) }
  }

  /// Ends every current subscriber's stream.
  public func finish() {
    let current = subscribers.withLock { all in
      defer { all.removeAll() }
      return Array(all.values)
    }
    for continuation in current { continuation.finish() }
  }

  /// How many streams are subscribed right now.
  public var subscriberCount: Int { subscribers.withLock { $0.count } }
}
