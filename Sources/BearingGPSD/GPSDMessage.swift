import BearingText
import Foundation

/// One line of gpsd's JSON protocol (version 3), reduced to what a location client needs.
///
/// ```swift
/// let message = try GPSDMessage(parsing: #"{"class":"VERSION","proto_major":3,"proto_minor":14}"#)
/// ```
public enum GPSDMessage: Hashable, Sendable {
  /// A daemon's release and protocol version. Without `remote` it is gpsd's own (the first one
  /// on a connection is its greeting); with `remote` it is relayed from another gpsd, named by
  /// that URL, and says nothing about the protocol this connection speaks.
  case version(release: String, protocolMajor: Int, protocolMinor: Int, remote: String? = nil)
  /// The devices gpsd knows, by path.
  case devices([String])
  /// A device appeared (`activated` is a time) or went away (`activated` is 0).
  case device(path: String, activated: Bool)
  /// A time-position-velocity report.
  case tpv(TPVReport)
  /// A satellite view: how many are seen and used.
  case sky(satellitesSeen: Int?, satellitesUsed: Int?)
  /// gpsd's reply to `?WATCH`.
  case watch
  /// gpsd did not understand a command.
  case error(message: String)
  /// A class this client does not use (`PPS`, `TOFF`, `GST`, …).
  case other(className: String)

  /// The longest line gpsd 3.x sends (`GPS_JSON_RESPONSE_MAX`); longer lines are refused.
  public static let maximumLineLength = 10_240
}

/// Why a gpsd line was skipped.
public struct GPSDParseError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What was wrong with the line, such as `no "class" field`.
  public var reason: String

  /// Creates an error.
  public init(_ reason: String) {
    self.reason = reason
  }

  /// "malformed gpsd line: REASON".
  public var description: String { "malformed gpsd line: \(reason)" }
}

extension GPSDMessage {
  /// Parses one line (without its newline).
  ///
  /// - throws: ``GPSDParseError`` for text that is not a JSON object, has no `class`, is longer
  ///   than ``maximumLineLength``, or has a field of the wrong type.
  public init(parsing line: String) throws(GPSDParseError) {
    var line = line
    let result = line.withUTF8 { buffer -> Result<GPSDMessage, GPSDParseError> in
      do throws(GPSDParseError) {
        return .success(try GPSDMessage(parsing: UnsafeRawBufferPointer(buffer)))
      } catch {
        return .failure(error)
      }
    }
    self = try result.get()
  }

  /// Parses one line (without its newline) from raw bytes.
  ///
  /// - throws: ``GPSDParseError``; see ``init(parsing:)-(String)``.
  public init(parsing bytes: UnsafeRawBufferPointer) throws(GPSDParseError) {
    guard bytes.count <= Self.maximumLineLength else {
      throw GPSDParseError("line of \(bytes.count) bytes exceeds \(Self.maximumLineLength)")
    }
    var fields = Fields()
    // The top-level fields of one flat object, as gpsd sends them, read without building them.
    var parser = JSONParser(bytes, document: false)
    do throws(JSONParser.Failure) {
      try parser.members(rawKeys: { (parser, key) throws(JSONParser.Failure) in
        try fields.set(key, try parser.scalar(depth: 1), bytes: bytes)
      })
      try parser.finish()
    } catch {
      throw GPSDParseError(error.description)
    }
    self = try fields.message(bytes: bytes)
  }
}

/// The fields of one line, gathered in a single pass before the class is known.
private struct Fields {
  var className: String?
  var tpv = TPVReport(mode: 0)
  var release = ""
  var protocolMajor: Int?
  var protocolMinor = 0
  var remote: String?
  var path: String?
  var activated: Bool?
  var message: String?
  var satellitesSeen: Int?
  var satellitesUsed: Int?
  var devices: Range<Int>?

  mutating func set(
    _ key: UnsafeRawBufferPointer, _ value: JSONParser.Scalar, bytes: UnsafeRawBufferPointer
  ) throws(JSONParser.Failure) {
    // Keys are short ASCII, so the String below stays inline (no allocation).
    switch String(decoding: key, as: UTF8.self) {
    case "class": className = try string(value, bytes)
    case "device": tpv.device = try string(value, bytes)
    case "mode": tpv.mode = try integer(value, key) ?? 0
    case "time":
      guard case .string(let range, _) = value else { break }
      tpv.time = GPSDTime.parse(UnsafeRawBufferPointer(rebasing: bytes[range]))
      if tpv.time == nil { throw .init(offset: range.lowerBound, reason: "bad time") }
    case "lat": tpv.lat = try number(value)
    case "lon": tpv.lon = try number(value)
    case "alt": tpv.alt = try number(value)
    case "altHAE": tpv.altHAE = try number(value)
    case "altMSL": tpv.altMSL = try number(value)
    case "geoidSep": tpv.geoidSep = try number(value)
    case "eph": tpv.eph = try number(value)
    case "epv": tpv.epv = try number(value)
    case "epx": tpv.epx = try number(value)
    case "epy": tpv.epy = try number(value)
    case "track": tpv.track = try number(value)
    case "epd": tpv.epd = try number(value)
    case "speed": tpv.speed = try number(value)
    case "eps": tpv.eps = try number(value)
    case "climb": tpv.climb = try number(value)
    case "release": release = try string(value, bytes) ?? ""
    case "proto_major": protocolMajor = try integer(value, key)
    case "proto_minor": protocolMinor = try integer(value, key) ?? 0
    case "remote": remote = try string(value, bytes)
    case "path": path = try string(value, bytes)
    case "activated":
      // A time string while the device is active, the number 0 once it is gone.
      switch value {
      case .string: activated = true
      case .number(let n): activated = n != 0
      default: activated = false
      }
    case "message": message = try string(value, bytes)
    case "nSat": satellitesSeen = try integer(value, key)
    case "uSat": satellitesUsed = try integer(value, key)
    case "devices":
      if case .nested(let range) = value { devices = range }
    default: break
    }
  }

  func number(_ value: JSONParser.Scalar) throws(JSONParser.Failure) -> Double? {
    switch value {
    case .number(let n): return n
    case .null: return nil
    default: throw .init(offset: 0, reason: "expected a number")
    }
  }

  /// A count or a code: a whole number that fits an `Int`. Anything else (`1e300`, `2.5`,
  /// `-1e19`) is bad input from the other end of the socket, never a trap.
  func integer(_ value: JSONParser.Scalar, _ key: UnsafeRawBufferPointer)
    throws(JSONParser.Failure) -> Int?
  {
    guard let number = try number(value) else { return nil }
    guard let integer = Int(exactly: number) else {
      throw .init(
        offset: 0,
        reason: "\(String(decoding: key, as: UTF8.self)) is not a whole number in range")
    }
    return integer
  }

  func string(_ value: JSONParser.Scalar, _ bytes: UnsafeRawBufferPointer)
    throws(JSONParser.Failure) -> String?
  {
    switch value {
    case .string(let range, let escaped):
      return try JSONString.text(bytes, range, escaped: escaped)
    case .null: return nil
    default: throw .init(offset: 0, reason: "expected a string")
    }
  }

  func message(bytes: UnsafeRawBufferPointer) throws(GPSDParseError) -> GPSDMessage {
    guard let className else { throw GPSDParseError("no \"class\" field") }
    switch className {
    case "TPV":
      guard (0...3).contains(tpv.mode) else { throw GPSDParseError("TPV mode \(tpv.mode)") }
      return .tpv(tpv)
    case "VERSION":
      guard let protocolMajor else { throw GPSDParseError("VERSION without proto_major") }
      return .version(
        release: release, protocolMajor: protocolMajor, protocolMinor: protocolMinor,
        remote: remote.flatMap { $0.isEmpty ? nil : $0 })
    case "DEVICE":
      return .device(path: path ?? "unknown device", activated: activated ?? true)
    case "DEVICES":
      return .devices(try devicePaths(bytes))
    case "SKY":
      return .sky(satellitesSeen: satellitesSeen, satellitesUsed: satellitesUsed)
    case "WATCH":
      return .watch
    case "ERROR":
      return .error(message: message ?? "unspecified error")
    default:
      return .other(className: className)
    }
  }

  /// DEVICES lists devices in a nested array; it arrives once per connection, so it is read as
  /// a whole value.
  private func devicePaths(_ bytes: UnsafeRawBufferPointer) throws(GPSDParseError) -> [String] {
    guard let devices else { return [] }
    var parser = JSONParser(UnsafeRawBufferPointer(rebasing: bytes[devices]), document: false)
    let list: JSONValue
    do throws(JSONParser.Failure) {
      list = try parser.value(depth: 1)
      try parser.finish()
    } catch {
      throw GPSDParseError("DEVICES list: \(error.description)")
    }
    guard let entries = list.array else { throw GPSDParseError("DEVICES list: not an array") }
    return entries.compactMap { $0["path"]?.string }
  }
}
