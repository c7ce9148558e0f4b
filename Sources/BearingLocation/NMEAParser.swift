import Foundation

/// Reads RMC and GGA sentences of an NMEA 0183 log into fixes, one per epoch.
///
/// Sentences with a missing or wrong checksum, no fix, or bad fields are skipped and listed in
/// ``Track/issues``; other sentence types are ignored. RMC gives date, speed and course; GGA
/// gives altitude and HDOP; an epoch seen only in GGA takes its date from the nearest RMC.
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

  /// Creates a parser.
  public init(userEquivalentRangeError: Double = 5, accuracyWithoutDilution: Double = 15) {
    self.userEquivalentRangeError = userEquivalentRangeError
    self.accuracyWithoutDilution = accuracyWithoutDilution
  }

  /// Parses a whole log.
  ///
  /// - throws: ``LocationError/invalidTrack(reason:)`` when no line yields a fix.
  public func parse(_ text: String) throws(LocationError) -> Track {
    var issues: [Track.Issue] = []
    var epochs: [Epoch] = []
    for (index, rawLine) in text.split(
      omittingEmptySubsequences: false, whereSeparator: \.isNewline
    )
    .enumerated() {
      let line = rawLine.trimmingCharacters(in: .whitespaces)
      guard !line.isEmpty else { continue }
      do throws(NMEAProblem) {
        guard let sentence = try Self.sentence(line) else { continue }
        let epoch = try Epoch(sentence)
        if let last = epochs.last, last.timeOfDay == epoch.timeOfDay {
          epochs[epochs.count - 1].merge(epoch)
        } else {
          epochs.append(epoch)
        }
      } catch {
        issues.append(.init(line: index + 1, reason: error.reason))
      }
    }
    let fixes = locations(from: epochs, issues: &issues)
    guard !fixes.isEmpty else {
      let detail = issues.first.map { " (first problem: \($0))" } ?? ""
      throw .invalidTrack(reason: "the NMEA log has no RMC or GGA fix\(detail)")
    }
    return Track(fixes: fixes, issues: issues)
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
    guard let type = fields.first, type.count >= 5 else {
      throw NMEAProblem("has no sentence type")
    }
    let kind = type.suffix(3)
    guard kind == "RMC" || kind == "GGA" else { return nil }
    return fields
  }

  private func locations(from epochs: [Epoch], issues: inout [Track.Issue]) -> [Location] {
    var fixes: [Location] = []
    guard let firstDate = epochs.first(where: { $0.date != nil })?.date else {
      if !epochs.isEmpty {
        issues.append(.init(line: 0, reason: "no RMC sentence gives a date; GGA fixes skipped"))
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
    let isRMC = fields[0].hasSuffix("RMC")
    guard fields.count >= (isRMC ? 10 : 12) else {
      throw NMEAProblem(field: "\(fields[0]) has only \(fields.count) fields")
    }
    timeOfDay = try Self.time(fields[1])
    if isRMC {
      guard fields[2] == "A" else { throw NMEAProblem(field: "RMC reports no fix (status V)") }
      coordinate = try Self.coordinate(fields[3], fields[4], fields[5], fields[6])
      speed = Double(fields[7]).map { $0 * 1852 / 3600 }
      course = Double(fields[8])
      date = try Self.date(fields[9])
    } else {
      guard let quality = Int(fields[6]), quality > 0 else {
        throw NMEAProblem(field: "GGA reports no fix (quality \(fields[6]))")
      }
      coordinate = try Self.coordinate(fields[2], fields[3], fields[4], fields[5])
      hdop = Double(fields[8]).flatMap { $0 > 0 ? $0 : nil }
      altitude = Double(fields[9])
      geoidSeparation = Double(fields[11])
    }
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
