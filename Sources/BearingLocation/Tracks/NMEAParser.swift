import Foundation

/// Reads an NMEA 0183 log into fixes, one per epoch, as gpsd reads a receiver.
///
/// Sentences of one epoch (the same time of day) make one fix, unless one reports a position
/// more than 0.1 m from the epoch's so far: that is a second fix with the same timestamp, as gpsd
/// sends a second TPV for it.
///
/// RMC, GGA, GNS and GLL give positions (from any talker: GP, GN, GL, GA, GB, BD, QZ, IN, …);
/// RMC and ZDA give the date, RMC speed and course, GGA and GNS altitude and HDOP. An epoch
/// without a date of its own takes the latest one seen (else the first one of the log, else
/// ``startDate``). Proprietary sentences (`$P…`), other types, `#` comment lines and blank lines
/// are ignored; a doubled `$$` start is read as one. Sentences with a missing or wrong checksum,
/// no fix, a simulated fix (RMC mode S, GGA quality 8, GNS mode S) or bad fields are skipped and
/// listed in ``Track/issues``.
///
/// Accuracy is estimated as HDOP × ``userEquivalentRangeError``, or
/// ``accuracyWithoutDilution`` when no GGA reports HDOP; vertical accuracy is 1.5 × horizontal.
///
/// ```swift
/// let track = try NMEAParser().parse(String(decoding: data, as: UTF8.self))
/// ```
public struct NMEAParser: Sendable {
  /// Metres of range error per unit of HDOP.
  public var userEquivalentRangeError: Double
  /// Metres assumed when an epoch has no HDOP.
  public var accuracyWithoutDilution: Double
  /// The day the log starts on, for a log with no sentence that gives a date (GGA, GNS or GLL
  /// alone): its UTC calendar day is used.
  public var startDate: Date?

  /// Creates a parser.
  public init(
    userEquivalentRangeError: Double = 5, accuracyWithoutDilution: Double = 15,
    startDate: Date? = nil
  ) {
    self.userEquivalentRangeError = userEquivalentRangeError
    self.accuracyWithoutDilution = accuracyWithoutDilution
    self.startDate = startDate
  }

  /// Metres within which two sentences of one epoch report the same position, as the live gpsd
  /// client compares two reports of one epoch.
  static let samePosition = 0.1

  /// Parses a whole log.
  ///
  /// - throws: ``LocationError/invalidTrack(reason:)`` when no line yields a fix.
  public func parse(_ text: String) throws(LocationError) -> Track {
    var issues: [Track.Issue] = []
    var epochs: [Epoch] = []
    var sentences = 0
    for (index, rawLine) in text.split(
      omittingEmptySubsequences: false, whereSeparator: \.isNewline
    )
    .enumerated() {
      var line = Substring(rawLine.trimmingCharacters(in: .whitespaces))
      guard !line.isEmpty, !line.hasPrefix("#") else { continue }
      // gpsd reads "$$GPRMC…" (a receiver's doubled start) as "$GPRMC…".
      while line.hasPrefix("$$") { line = line.dropFirst() }
      sentences += 1
      do throws(NMEAProblem) {
        guard let sentence = try Self.sentence(String(line)) else { continue }
        let epoch = try Epoch(sentence)
        if let last = epochs.last, last.timeOfDay == epoch.timeOfDay {
          if let here = epoch.coordinate, let there = last.coordinate,
            here.distance(to: there) > Self.samePosition
          {
            // A second report of the epoch at another position (RMC and GGA of one second
            // that disagree): gpsd sends it as a TPV of its own, and so does a replay.
            epochs.append(last.updated(with: epoch))
          } else {
            epochs[epochs.count - 1].merge(epoch)
          }
        } else {
          epochs.append(epoch)
        }
      } catch {
        issues.append(.init(line: index + 1, reason: error.reason))
      }
    }
    let fixes = try locations(from: epochs, issues: &issues)
    let track = Track(fixes: fixes, issues: issues, sentences: sentences)
    guard !fixes.isEmpty else {
      let detail = track.issueSummary.map { " (\($0))" } ?? ""
      throw .invalidTrack(reason: "the NMEA log has no fix\(detail)")
    }
    return track
  }

  /// The fields of a checked sentence, or nil for a type other than RMC and GGA.
  static func sentence(_ line: String) throws(NMEAProblem) -> [Substring]? {
    guard line.first == "$" else { throw NMEAProblem("does not start with $") }
    guard let star = line.lastIndex(of: "*") else { throw NMEAProblem("has no checksum") }
    let body = line[line.index(after: line.startIndex)..<star]
    let checksumText = line[line.index(after: star)...]
    guard checksumText.count == 2, let expected = UInt8(checksumText, radix: 16) else {
      throw NMEAProblem("has a malformed checksum \"\(checksumText)\"")
    }
    let actual = body.utf8.reduce(UInt8(0), ^)
    guard actual == expected else {
      throw NMEAProblem(
        "checksum \(checksumText) does not match the sentence (\(String(actual, radix: 16)))")
    }
    let fields = body.split(separator: ",", omittingEmptySubsequences: false)
    guard let type = fields.first, !type.isEmpty else { throw NMEAProblem("has no sentence type") }
    // Proprietary sentences ($PGRME, $PUBX, …) are the receiver maker's own.
    if type.hasPrefix("P") { return nil }
    guard type.count == 5 else { throw NMEAProblem("has no sentence type") }
    guard ["RMC", "GGA", "GNS", "GLL", "ZDA"].contains(type.suffix(3)) else { return nil }
    return fields
  }

  private func locations(from epochs: [Epoch], issues: inout [Track.Issue]) throws(LocationError)
    -> [Location]
  {
    var fixes: [Location] = []
    let startDay = startDate.map { ($0.timeIntervalSince1970 / 86_400).rounded(.down) * 86_400 }
    guard let firstDate = epochs.first(where: { $0.date != nil })?.date ?? startDay else {
      guard !epochs.contains(where: { $0.coordinate != nil }) else {
        throw .invalidTrack(
          reason: "no sentence with a date (RMC or ZDA): add ZDA or pass --replay-date")
      }
      return []
    }
    var day = firstDate
    var previousTime: Double?
    for epoch in epochs {
      if let date = epoch.date {
        day = date
      } else if let previousTime, epoch.timeOfDay < previousTime {
        day += 86_400  // past midnight without an RMC to say so
      }
      previousTime = epoch.timeOfDay
      guard let coordinate = epoch.coordinate else { continue }
      let horizontal = epoch.hdop.map { $0 * userEquivalentRangeError } ?? accuracyWithoutDilution
      var fix = Location(
        coordinate: coordinate, horizontalAccuracy: horizontal,
        timestamp: Date(timeIntervalSince1970: day + epoch.timeOfDay))
      if let altitude = epoch.altitude {
        fix.altitude = altitude
        fix.ellipsoidalAltitude = altitude + (epoch.geoidSeparation ?? 0)
        fix.verticalAccuracy = horizontal * 1.5
      }
      if let speed = epoch.speed { fix.speed = speed }
      if let course = epoch.course { fix.course = course }
      fixes.append(fix)
    }
    return fixes
  }
}

/// Why one NMEA line was skipped.
struct NMEAProblem: Error {
  var reason: String
  init(_ reason: String) { self.reason = "sentence \(reason)" }
  init(field reason: String) { self.reason = reason }
}

/// What one epoch's RMC and GGA sentences say together.
private struct Epoch {
  var timeOfDay: Double
  /// Midnight UTC of the fix's day, seconds since 1970.
  var date: Double?
  var coordinate: Coordinate?
  var hdop: Double?
  var altitude: Double?
  var geoidSeparation: Double?
  var speed: Double?
  var course: Double?

  init(_ fields: [Substring]) throws(NMEAProblem) {
    let kind = fields[0].suffix(3)
    let minimum = ["RMC": 10, "GGA": 12, "GNS": 11, "GLL": 7, "ZDA": 5][String(kind)] ?? 0
    guard fields.count >= minimum else {
      throw NMEAProblem(field: "\(fields[0]) has only \(fields.count) fields")
    }
    switch kind {
    case "RMC":
      timeOfDay = try Self.time(fields[1])
      // NMEA 2.3 adds a mode indicator; S is a simulator.
      if fields.count > 12, fields[12].hasPrefix("S") {
        throw NMEAProblem(field: "RMC reports a simulated fix (mode S)")
      }
      guard fields[2] == "A" else { throw NMEAProblem(field: "RMC reports no fix (status V)") }
      coordinate = try Self.coordinate(fields[3], fields[4], fields[5], fields[6])
      speed = Double(fields[7]).map { $0 * 1852 / 3600 }
      course = Double(fields[8])
      date = try Self.date(fields[9])
    case "GGA":
      timeOfDay = try Self.time(fields[1])
      guard let quality = Int(fields[6]), quality > 0 else {
        throw NMEAProblem(field: "GGA reports no fix (quality \(fields[6]))")
      }
      guard quality != 8 else {
        throw NMEAProblem(field: "GGA reports a simulated fix (quality 8)")
      }
      coordinate = try Self.coordinate(fields[2], fields[3], fields[4], fields[5])
      hdop = Double(fields[8]).flatMap { $0 > 0 ? $0 : nil }
      altitude = Double(fields[9])
      geoidSeparation = Double(fields[11])
    case "GNS":
      timeOfDay = try Self.time(fields[1])
      // One mode letter per constellation: N is no fix there, S a simulator.
      let modes = fields[6]
      if modes.contains("S") { throw NMEAProblem(field: "GNS reports a simulated fix (mode S)") }
      guard modes.contains(where: { $0 != "N" }), !modes.isEmpty else {
        throw NMEAProblem(field: "GNS reports no fix (mode \(modes))")
      }
      coordinate = try Self.coordinate(fields[2], fields[3], fields[4], fields[5])
      hdop = Double(fields[8]).flatMap { $0 > 0 ? $0 : nil }
      altitude = Double(fields[9])
      geoidSeparation = Double(fields[10])
    case "GLL":
      timeOfDay = try Self.time(fields[5])
      if fields.count > 7, fields[7].hasPrefix("S") {
        throw NMEAProblem(field: "GLL reports a simulated fix (mode S)")
      }
      guard fields[6] == "A", fields.count <= 7 || !fields[7].hasPrefix("N") else {
        throw NMEAProblem(field: "GLL reports no fix (status \(fields[6]))")
      }
      coordinate = try Self.coordinate(fields[1], fields[2], fields[3], fields[4])
    default:  // ZDA: the date, and nothing else.
      timeOfDay = try Self.time(fields[1])
      guard let day = Int(fields[2]), let month = Int(fields[3]), let year = Int(fields[4]),
        (1...31).contains(day), (1...12).contains(month), (1980...2999).contains(year)
      else {
        throw NMEAProblem(field: "bad date \"\(fields[2]),\(fields[3]),\(fields[4])\"")
      }
      date = Double(CivilDate.daysSince1970(year: year, month: month, day: day)) * 86_400
    }
  }

  /// This epoch as `other`, a later sentence of it at another position, updates it: `other`'s
  /// fields where it has them, this epoch's elsewhere.
  func updated(with other: Epoch) -> Epoch {
    var result = other
    result.date = other.date ?? date
    result.hdop = other.hdop ?? hdop
    result.altitude = other.altitude ?? altitude
    result.geoidSeparation = other.geoidSeparation ?? geoidSeparation
    result.speed = other.speed ?? speed
    result.course = other.course ?? course
    return result
  }

  mutating func merge(_ other: Epoch) {
    date = date ?? other.date
    coordinate = other.coordinate ?? coordinate
    hdop = hdop ?? other.hdop
    altitude = altitude ?? other.altitude
    geoidSeparation = geoidSeparation ?? other.geoidSeparation
    speed = speed ?? other.speed
    course = course ?? other.course
  }

  static func time(_ field: Substring) throws(NMEAProblem) -> Double {
    guard field.count >= 6, let hours = Int(field.prefix(2)),
      let minutes = Int(field.dropFirst(2).prefix(2)),
      let seconds = Double(field.dropFirst(4)),
      (0..<24).contains(hours), (0..<60).contains(minutes), (0..<61).contains(seconds)
    else { throw NMEAProblem(field: "bad time \"\(field)\"") }
    return Double(hours * 3600 + minutes * 60) + seconds
  }

  static func date(_ field: Substring) throws(NMEAProblem) -> Double {
    guard field.count == 6, let day = Int(field.prefix(2)),
      let month = Int(field.dropFirst(2).prefix(2)), let year = Int(field.suffix(2)),
      (1...31).contains(day), (1...12).contains(month)
    else { throw NMEAProblem(field: "bad date \"\(field)\"") }
    // Two-digit years: 80–99 are 1980s–1990s, as GPS itself began in 1980.
    let fullYear = year >= 80 ? 1900 + year : 2000 + year
    return Double(CivilDate.daysSince1970(year: fullYear, month: month, day: day)) * 86_400
  }

  static func coordinate(
    _ latitude: Substring, _ north: Substring, _ longitude: Substring, _ east: Substring
  ) throws(NMEAProblem) -> Coordinate {
    guard let lat = degrees(latitude, degreeDigits: 2),
      let lon = degrees(longitude, degreeDigits: 3)
    else { throw NMEAProblem(field: "bad position \"\(latitude)\",\"\(longitude)\"") }
    guard north == "N" || north == "S", east == "E" || east == "W" else {
      throw NMEAProblem(field: "bad hemisphere \"\(north)\",\"\(east)\"")
    }
    do {
      return try Coordinate(
        validatingLatitude: north == "S" ? -lat : lat, longitude: east == "W" ? -lon : lon)
    } catch {
      throw NMEAProblem(field: error.description)
    }
  }

  /// `ddmm.mmmm` (or `dddmm.mmmm`) to decimal degrees.
  static func degrees(_ field: Substring, degreeDigits: Int) -> Double? {
    guard field.count > degreeDigits + 1, let whole = Double(field.prefix(degreeDigits)),
      let minutes = Double(field.dropFirst(degreeDigits)), (0..<60).contains(minutes)
    else { return nil }
    return whole + minutes / 60
  }
}
