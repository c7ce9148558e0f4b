import BearingLocation
import BearingText
import Foundation
import Logging

/// What one gpsd connection has seen: turns lines into ``LocationSource/Event`` values,
/// checking the protocol version and dropping TPV reports that repeat an epoch.
///
/// The greeting is the connection's first VERSION without a `remote` field; only it is checked
/// against protocol 3. A VERSION relayed from another gpsd (it names that daemon in `remote`)
/// or one arriving after the greeting describes something else and changes nothing here.
///
/// gpsd reports an epoch as it learns more of it (a 2D fix from RMC, then 3D from GGA, then
/// with errors from GSA), and may correct its position. A report with the same time as the last
/// one delivered is delivered only when it moved more than ``samePositionTolerance`` from it
/// (the later report is gpsd's update) or improves on it: a higher mode, or the first with a
/// horizontal or vertical error estimate. Anything else repeats the epoch and is dropped.
///
/// A TPV that has a fix but no time (a receiver that has not yet learnt the date, a depth
/// sounder, some binary protocols) is delivered with the time it arrived, read from `now`, and
/// marked ``Location/TimestampSource/receipt``. Each such report is its own epoch.
struct GPSDSession {
  let endpoint: GPSDEndpoint
  let assumedHorizontalAccuracy: Double
  let logger: Logger
  /// The client's clock, read for a fix that arrives without a time of its own.
  let now: @Sendable () -> Date
  private(set) var versionAccepted = false
  /// Set when gpsd speaks a protocol other than 3; the connection should be closed.
  private(set) var isIncompatible = false
  /// Whether this connection's greeting (its first local VERSION) has arrived.
  private(set) var greeted = false
  /// The last fix delivered with a receiver time, and how good its report was; nil after a
  /// report without fix or time.
  private var epoch: (fix: Location, quality: Int)?

  /// Metres within which a later report of the same epoch is at the same position.
  static let samePositionTolerance = 0.1

  init(
    endpoint: GPSDEndpoint, assumedHorizontalAccuracy: Double, logger: Logger,
    now: @escaping @Sendable () -> Date = Date.init
  ) {
    self.endpoint = endpoint
    self.now = now
    self.assumedHorizontalAccuracy = assumedHorizontalAccuracy
    self.logger = logger
  }

  /// The events one line produces (usually none or one).
  mutating func events(for line: UnsafeRawBufferPointer) -> [LocationSource.Event] {
    let message: GPSDMessage
    do {
      message = try GPSDMessage(parsing: line)
    } catch {
      logger.warning("skipping line from gpsd \(endpoint): \(error)")
      return []
    }
    switch message {
    case .version(let release, let major, let minor, let remote):
      if let remote {
        logger.debug(
          "gpsd \(endpoint) relays VERSION \(Self.printable(release)) from \(Self.printable(remote))"
        )
        return []
      }
      guard !greeted else {
        logger.debug("gpsd \(endpoint) sent VERSION \(Self.printable(release)) after its greeting")
        return []
      }
      greeted = true
      guard major == 3 else {
        logger.error("gpsd \(release) at \(endpoint) speaks protocol \(major).\(minor)")
        isIncompatible = true
        return [.unavailable(.unsupportedProtocol(major: major, minor: minor))]
      }
      versionAccepted = true
      return [.available]
    case .device(let path, let activated):
      return activated ? [] : [.failure(.deviceGone(path: Self.printable(path)))]
    case .tpv(let report):
      return tpvEvents(report)
    case .error(let text):
      return [.failure(.sourceError(message: Self.printable(text)))]
    case .devices, .sky, .watch, .other:
      return []
    }
  }

  private mutating func tpvEvents(_ report: TPVReport) -> [LocationSource.Event] {
    guard report.hasFix else {
      epoch = nil
      return [.noFix]
    }
    let fix: Location?
    do {
      fix = try report.location(
        assumedHorizontalAccuracy: assumedHorizontalAccuracy, receivedAt: now())
    } catch {
      logger.warning("skipping TPV from gpsd \(endpoint): \(error)")
      return []
    }
    guard let fix else { return [] }
    guard fix.timestampSource == .receiver else {
      logger.debug("TPV without time from gpsd \(endpoint): stamped on receipt")
      epoch = nil
      return [.fix(fix)]
    }
    let quality = report.mode * 4 + (report.eph != nil ? 2 : 0) + (report.epv != nil ? 1 : 0)
    if let epoch, epoch.fix.timestamp == fix.timestamp, quality <= epoch.quality,
      fix.distance(from: epoch.fix) <= Self.samePositionTolerance
    {
      return []
    }
    epoch = (fix, quality)
    return [.fix(fix)]
  }

  /// `text` from gpsd with control characters escaped, so that it is safe to print to a terminal
  /// and cannot forge log lines; also capped in length.
  static func printable(_ text: String) -> String {
    TerminalText.escape(text, limit: 200)
  }

}
