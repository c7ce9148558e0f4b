import BearingText
import ConcurrencyExtras
import Foundation
import Logging

/// Serializes writes to the JSON-lines file; one `write(2)` per event with `O_APPEND`, so
/// lines from several processes never interleave mid-line.
final class JSONLinesSink: Sendable {
  struct Line: Encodable {
    var event: String
    var properties: [String: AnalyticsValue]
    var time: Date
  }

  let path: String
  let now: @Sendable () -> Date
  private let reportedFailure = LockIsolated(false)
  private let lock = LockIsolated(())

  init(path: String, now: @escaping @Sendable () -> Date) {
    self.path = path
    self.now = now
  }

  func write(_ event: AnalyticsEvent) {
    guard
      let text = try? JSONLines.line(
        Line(event: event.name, properties: event.properties, time: now()))
    else { return }
    let line = Data((text + "\n").utf8)
    let ok = lock.withValue { _ in
      let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND, 0o600)
      guard descriptor >= 0 else { return false }
      defer { close(descriptor) }
      return line.withUnsafeBytes {
        Foundation.write(descriptor, $0.baseAddress, $0.count) == $0.count
      }
    }
    if !ok,
      !reportedFailure.withValue({ old in
        defer { old = true }; return old
      })
    {
      Logger(label: "coffee-finder.analytics").warning(
        "cannot write analytics to \(path): \(String(cString: strerror(errno)))")
    }
  }
}
