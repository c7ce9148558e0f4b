/// Why a D-Bus exchange failed: the error name and message the bus or the peer sent, or one of
/// this client's own (no bus, timed out, cancelled).
struct BusError: Error, Hashable, Sendable, CustomStringConvertible {
  var name: String
  var message: String

  var description: String { message.isEmpty ? name : "\(name): \(message)" }

  static let serviceUnknown = "org.freedesktop.DBus.Error.ServiceUnknown"
  static let nameHasNoOwner = "org.freedesktop.DBus.Error.NameHasNoOwner"
  static let accessDenied = "org.freedesktop.DBus.Error.AccessDenied"
  static let noReply = "org.freedesktop.DBus.Error.NoReply"
  static let unknownObject = "org.freedesktop.DBus.Error.UnknownObject"

  static let timedOutName = "bearing.Error.TimedOut"
  static let cancelledName = "bearing.Error.Cancelled"
  static let disconnectedName = "bearing.Error.Disconnected"
  static let libdbusMissingName = "bearing.Error.LibdbusMissing"

  static func timedOut(_ what: String) -> BusError { .init(name: timedOutName, message: what) }
  static let cancelled = BusError(name: cancelledName, message: "cancelled")
  static let disconnected = BusError(
    name: disconnectedName, message: "the connection to the bus was closed")

  /// libdbus cannot be loaded; `reason` is the loader's own words.
  static func libdbusMissing(_ reason: String) -> BusError {
    .init(
      name: libdbusMissingName,
      message: "libdbus is not installed (apt-get install libdbus-1-3): \(reason)")
  }

  /// The peer that should answer is not on the bus.
  var isServiceMissing: Bool { name == Self.serviceUnknown || name == Self.nameHasNoOwner }
}
