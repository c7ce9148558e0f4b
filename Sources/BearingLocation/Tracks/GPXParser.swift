import Foundation

/// Reads the timed points of a GPX 1.1 file (`trkpt` and `wpt`, with `ele` and `time`) into
/// fixes in time order.
///
/// Points without a valid time, latitude or longitude are skipped and listed in
/// ``Track/issues``. GPX carries no accuracy: every fix gets ``assumedAccuracy``, or
/// HDOP × 5 m when the point has `hdop`.
///
/// ```swift
/// let track = try GPXParser().parse(data)
/// ```
public struct GPXParser: Sendable {
  /// Metres of horizontal accuracy for points without `hdop`.
  public var assumedAccuracy: Double

  /// Creates a parser.
  public init(assumedAccuracy: Double = 10) {
    self.assumedAccuracy = assumedAccuracy
  }

  /// Parses a whole document.
  ///
  /// - throws: ``LocationError/invalidTrack(reason:)`` when the XML is malformed or has no
  ///   usable point.
  public func parse(_ data: Data) throws(LocationError) -> Track {
    try Self.screen(data)
    var collector = GPXCollector(assumedAccuracy: assumedAccuracy)
    var reader = GPXDocumentReader([UInt8](data))
    do {
      try reader.read { collector.handle($0) }
    } catch {
      throw .invalidTrack(
        reason: "the GPX file is not well-formed XML at line \(error.line): \(error.reason)")
    }
    let fixes = collector.points.enumerated()
      .sorted { ($0.element.timestamp, $0.offset) < ($1.element.timestamp, $1.offset) }
      .map(\.element)
    guard !fixes.isEmpty else {
      let detail = collector.issues.first.map { " (first problem: \($0))" } ?? ""
      throw .invalidTrack(reason: "the GPX file has no point with a time\(detail)")
    }
    return Track(fixes: fixes, issues: collector.issues)
  }
}

extension GPXParser {
  /// Refuses bytes that are not UTF-8 (naming the byte) and processing instructions other than
  /// the XML declaration (naming the line): a GPX track needs neither. (Foundation's
  /// `XMLParser`, which read GPX before ``GPXDocumentReader``, crashed on both on Linux.)
  static func screen(_ data: Data) throws(LocationError) {
    var parser = Unicode.UTF8.ForwardParser()
    var iterator = data.makeIterator()
    var offset = 0
    decoding: while true {
      switch parser.parseScalar(from: &iterator) {
      case .valid(let scalar): offset += scalar.count
      case .emptyInput: break decoding
      case .error:
        throw .invalidTrack(reason: "the GPX file is not valid UTF-8 (byte \(offset + 1))")
      }
    }
    // The only processing instruction allowed is the XML declaration at the very start (after
    // an optional byte order mark).
    let bytes = [UInt8](data)
    let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    var index = bytes.startIndex
    while index < bytes.count - 1 {
      if bytes[index] == UInt8(ascii: "<"), bytes[index + 1] == UInt8(ascii: "?") {
        let isDeclaration =
          index == start && bytes[index...].starts(with: Array("<?xml".utf8))
          && (index + 5 < bytes.count && [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index + 5]))
        if !isDeclaration {
          let line = bytes[..<index].count { $0 == UInt8(ascii: "\n") } + 1
          throw .invalidTrack(
            reason: "the GPX file holds a processing instruction at line \(line), which GPX "
              + "has no use for")
        }
      }
      index += 1
    }
  }
}

/// Collects points while ``GPXDocumentReader`` walks the document.
private struct GPXCollector {
  let assumedAccuracy: Double
  var points: [Location] = []
  var issues: [Track.Issue] = []

  private var current: (latitude: String?, longitude: String?, line: Int)?
  private var fields: [String: String] = [:]
  private var text = ""

  init(assumedAccuracy: Double) {
    self.assumedAccuracy = assumedAccuracy
  }

  mutating func handle(_ event: GPXDocumentReader.Event) {
    switch event {
    case .start(let name, let attributes, let line):
      if name == "trkpt" || name == "wpt" {
        current = (attributes["lat"], attributes["lon"], line)
        fields = [:]
      }
      text = ""
    case .text(let string):
      text += string
    case .end(let name):
      end(name)
    }
  }

  private mutating func end(_ name: String) {
    guard let point = current else { return }
    switch name {
    case "ele", "time", "hdop", "course", "speed":
      fields[name] = text.trimmingCharacters(in: .whitespacesAndNewlines)
    case "trkpt", "wpt":
      finish(point)
      current = nil
    default:
      break
    }
  }

  private mutating func finish(_ point: (latitude: String?, longitude: String?, line: Int)) {
    guard let latitude = point.latitude.flatMap(Double.init),
      let longitude = point.longitude.flatMap(Double.init)
    else {
      issues.append(.init(line: point.line, reason: "point has no numeric lat and lon"))
      return
    }
    let coordinate: Coordinate
    do {
      coordinate = try Coordinate(validatingLatitude: latitude, longitude: longitude)
    } catch {
      issues.append(.init(line: point.line, reason: error.description))
      return
    }
    guard let timeText = fields["time"], let time = Self.date(timeText) else {
      issues.append(.init(line: point.line, reason: "point has no valid <time>"))
      return
    }
    let horizontal = fields["hdop"].flatMap(Double.init).map { $0 * 5 } ?? assumedAccuracy
    var fix = Location(coordinate: coordinate, horizontalAccuracy: horizontal, timestamp: time)
    if let elevation = fields["ele"].flatMap(Double.init), elevation.isFinite {
      fix.altitude = elevation
      fix.ellipsoidalAltitude = elevation
      fix.verticalAccuracy = horizontal * 1.5
    }
    if let speed = fields["speed"].flatMap(Double.init), speed.isFinite, speed >= 0 {
      fix.speed = speed
    }
    if let course = fields["course"].flatMap(Double.init), (0..<360).contains(course) {
      fix.course = course
    }
    points.append(fix)
  }

  static func date(_ text: String) -> Date? {
    if let date = try? Date(text, strategy: .iso8601) { return date }
    let fractional = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
    return try? Date(text, strategy: fractional)
  }
}
