import Foundation

#if canImport(FoundationXML)
  import FoundationXML
#endif

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
    let delegate = GPXDelegate(assumedAccuracy: assumedAccuracy)
    let parser = XMLParser(data: data)
    parser.delegate = delegate
    guard parser.parse() else {
      let reason = parser.parserError.map { "\($0.localizedDescription)" } ?? "unknown error"
      throw .invalidTrack(
        reason: "the GPX file is not well-formed XML at line \(parser.lineNumber): \(reason)")
    }
    // Some XMLParser implementations accept a document that stops mid-element; a truncated
    // file must not pass for a complete track.
    if let unclosed = delegate.openElements.last {
      throw .invalidTrack(
        reason: "the GPX file is not well-formed XML: it ends inside <\(unclosed)>")
    }
    let fixes = delegate.points.enumerated()
      .sorted { ($0.element.timestamp, $0.offset) < ($1.element.timestamp, $1.offset) }
      .map(\.element)
    guard !fixes.isEmpty else {
      let detail = delegate.issues.first.map { " (first problem: \($0))" } ?? ""
      throw .invalidTrack(reason: "the GPX file has no point with a time\(detail)")
    }
    return Track(fixes: fixes, issues: delegate.issues)
  }
}

extension GPXParser {
  /// Refuses the bytes Foundation's `XMLParser` cannot be trusted with on Linux: it
  /// force-unwraps element, attribute, entity and comment names that are not valid UTF-8, and
  /// reads a NULL pointer for a processing instruction such as `<?x?>`. A GPX track needs
  /// neither, so such a file is an error naming the place, never a crash.
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

/// Collects points while `XMLParser` walks the document; used by one parse on one thread.
private final class GPXDelegate: NSObject, XMLParserDelegate {
  let assumedAccuracy: Double
  var points: [Location] = []
  var issues: [Track.Issue] = []
  var openElements: [String] = []

  private var current: (latitude: String?, longitude: String?, line: Int)?
  private var fields: [String: String] = [:]
  private var text = ""

  init(assumedAccuracy: Double) {
    self.assumedAccuracy = assumedAccuracy
  }

  func parser(
    _ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
    qualifiedName: String?, attributes: [String: String] = [:]
  ) {
    openElements.append(name)
    if name == "trkpt" || name == "wpt" {
      current = (attributes["lat"], attributes["lon"], parser.lineNumber)
      fields = [:]
    }
    text = ""
  }

  func parser(_ parser: XMLParser, foundCharacters string: String) {
    text += string
  }

  func parser(
    _ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?
  ) {
    if openElements.last == name { openElements.removeLast() }
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

  private func finish(_ point: (latitude: String?, longitude: String?, line: Int)) {
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
