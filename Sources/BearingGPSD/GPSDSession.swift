import BearingLocation
import BearingText
import Foundation
import Logging

/// What one gpsd connection has seen: turns lines into ``LocationSource/Event`` values,
/// checking the protocol version and dropping TPV reports that repeat an epoch.
///
/// gpsd reports an epoch as it learns more of it (a 2D fix from RMC, then 3D from GGA, then
/// with errors from GSA). A report is delivered only when it improves on what was delivered
/// for its epoch: a higher mode, or the first with a horizontal or vertical error estimate.
/// A TPV that claims a fix but carries no time is not used: gpsd 3.22 sends such reports from a
/// receiver that still reports a stale position, and stamping them with the client's clock
/// would put them out of order.
struct GPSDSession {
  let endpoint: GPSDEndpoint
  let assumedHorizontalAccuracy: Double
  let logger: Logger
  private(set) var versionAccepted = false
  /// Set when gpsd speaks a protocol other than 3; the connection should be closed.
  private(set) var isIncompatible = false
  private var epoch: Date?
  private var epochQuality = -1

  init(endpoint: GPSDEndpoint, assumedHorizontalAccuracy: Double, logger: Logger) {
    self.endpoint = endpoint
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
    case .version(let release, let major, let minor):
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
      epochQuality = -1
      return [.noFix]
    }
    guard report.time != nil else {
      logger.debug("ignoring a TPV without time from gpsd \(endpoint)")
      return [.noFix]
    }
    let fix: Location?
    do {
      fix = try report.location(assumedHorizontalAccuracy: assumedHorizontalAccuracy)
    } catch {
      logger.warning("skipping TPV from gpsd \(endpoint): \(error)")
      return []
    }
    guard let fix else { return [] }
    let quality = report.mode * 4 + (report.eph != nil ? 2 : 0) + (report.epv != nil ? 1 : 0)
    if let epoch, epoch == fix.timestamp, quality <= epochQuality { return [] }
    epoch = fix.timestamp
    epochQuality = quality
    return [.fix(fix)]
  }

  /// `text` from gpsd with control characters escaped, so that it is safe to print to a terminal
  /// and cannot forge log lines; also capped in length.
  static func printable(_ text: String) -> String {
    TerminalText.escape(text, limit: 200)
  }

}
