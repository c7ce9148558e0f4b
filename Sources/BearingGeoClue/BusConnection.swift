import CDBus
import Foundation

/// A private connection to a D-Bus message bus through libdbus, used from one thread only.
///
/// Calls block that thread: each sends a message and reads the connection in slices of 100 ms
/// until the reply comes, the deadline passes or `isCancelled` says to stop. Signals that
/// arrive meanwhile wait in a queue for ``nextSignal(until:isCancelled:)``. Never use it on
/// Swift's cooperative pool.
final class BusConnection {
  /// A signal: who sent it, from which object, what it is and its arguments.
  struct Signal: Hashable, Sendable {
    var sender: String
    var path: String
    var interface: String
    var member: String
    var arguments: [BusValue]
  }

  private let connection: OpaquePointer
  private var signals: [Signal] = []
  private static let slice: Int32 = 100

  /// Connects to the bus at `address` (a D-Bus address such as `unix:path=/run/dbus/x`), or to
  /// the system bus when it is `nil` (libdbus reads `DBUS_SYSTEM_BUS_ADDRESS`, else
  /// `/run/dbus/system_bus_socket`), and says Hello.
  ///
  /// - Throws: ``BusError`` with libdbus's message when there is no bus to connect to, or
  ///   ``BusError/libdbusMissing(_:)`` when libdbus itself cannot be loaded.
  init(address: String?) throws(BusError) {
    if let problem = Self.libdbusProblem { throw .libdbusMissing(problem) }
    var error = DBusError()
    cdbus_error_init(&error)
    defer { cdbus_error_free(&error) }
    let opened: OpaquePointer?
    if let address {
      opened = cdbus_connection_open_private(address, &error)
      if let opened, cdbus_bus_register(opened, &error) == 0 {
        cdbus_connection_close(opened)
        cdbus_connection_unref(opened)
        throw Self.error(error)
      }
    } else {
      opened = cdbus_bus_get_private(DBUS_BUS_SYSTEM, &error)
    }
    guard let opened else { throw Self.error(error) }
    // libdbus ends the process when a bus connection closes unless told otherwise.
    cdbus_connection_set_exit_on_disconnect(opened, 0)
    connection = opened
  }

  /// Why libdbus cannot be used (dlopen's or dlsym's words), or `nil` once it is loaded. It is
  /// loaded at run time, on first use, so that neither building nor running anything but
  /// GeoClue needs it.
  static var libdbusProblem: String? {
    cdbus_load().map { String(cString: $0) }
  }

  deinit {
    cdbus_connection_close(connection)
    cdbus_connection_unref(connection)
  }

  /// Calls `member` of `interface` on `path` at `destination`, and returns the reply's
  /// arguments; `notice` runs once if the reply has not come by its time (the call goes on).
  ///
  /// - Throws: ``BusError`` with the peer's error name and message, or this client's own when
  ///   the deadline passed, `isCancelled` returned true or the connection closed.
  func call(
    _ destination: String, _ path: String, _ interface: String, _ member: String,
    _ arguments: [BusValue] = [], until deadline: ContinuousClock.Instant,
    notice: (at: ContinuousClock.Instant, then: () -> Void)? = nil, isCancelled: () -> Bool
  ) throws(BusError) -> [BusValue] {
    guard let message = cdbus_message_new_method_call(destination, path, interface, member) else {
      throw BusError(name: "bearing.Error.NoMemory", message: "cannot make a D-Bus message")
    }
    defer { cdbus_message_unref(message) }
    var iterator = DBusMessageIter()
    cdbus_message_iter_init_append(message, &iterator)
    for argument in arguments where !argument.append(to: &iterator) {
      throw BusError(name: "bearing.Error.InvalidArgs", message: "cannot encode \(argument)")
    }
    var serial: dbus_uint32_t = 0
    guard cdbus_connection_send(connection, message, &serial) != 0 else {
      throw BusError(name: "bearing.Error.NoMemory", message: "cannot send a D-Bus message")
    }
    let reply = try waitForReply(
      to: serial, until: deadline, notice: notice, isCancelled: isCancelled)
    defer { cdbus_message_unref(reply) }
    if cdbus_message_get_type(reply) == DBUS_MESSAGE_TYPE_ERROR {
      let name = cdbus_message_get_error_name(reply).map { String(cString: $0) } ?? "unknown"
      let text = Self.arguments(of: reply).first?.string ?? ""
      throw BusError(name: name, message: text)
    }
    return Self.arguments(of: reply)
  }

  /// The next signal that matched one of the connection's match rules, waiting for one until
  /// `deadline`; `nil` when none came.
  ///
  /// - Throws: ``BusError/cancelled`` or ``BusError/disconnected``.
  func nextSignal(
    until deadline: ContinuousClock.Instant, isCancelled: () -> Bool
  ) throws(BusError) -> Signal? {
    while true {
      drain(replyTo: nil)
      if !signals.isEmpty { return signals.removeFirst() }
      if isCancelled() { throw .cancelled }
      if ContinuousClock.now >= deadline { return nil }
      try readWrite()
    }
  }

  /// Asks the bus to route signals matching `rule` to this connection.
  func addMatch(
    _ rule: String, until deadline: ContinuousClock.Instant, isCancelled: () -> Bool
  ) throws(BusError) {
    _ = try call(
      "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "AddMatch",
      [.string(rule)], until: deadline, isCancelled: isCancelled)
  }

  private func waitForReply(
    to serial: dbus_uint32_t, until deadline: ContinuousClock.Instant,
    notice: (at: ContinuousClock.Instant, then: () -> Void)?, isCancelled: () -> Bool
  ) throws(BusError) -> OpaquePointer {
    var notice = notice
    while true {
      if let reply = drain(replyTo: serial) { return reply }
      if isCancelled() { throw .cancelled }
      let now = ContinuousClock.now
      if now >= deadline { throw .timedOut("no reply in time") }
      if let pending = notice, now >= pending.at {
        notice = nil
        pending.then()
      }
      try readWrite()
    }
  }

  /// Moves what has arrived off the connection: signals into the queue, and the reply to
  /// `serial`, which it returns (retained) if it came.
  @discardableResult
  private func drain(replyTo serial: dbus_uint32_t?) -> OpaquePointer? {
    while let message = cdbus_connection_pop_message(connection) {
      let type = cdbus_message_get_type(message)
      if let serial, type == DBUS_MESSAGE_TYPE_METHOD_RETURN || type == DBUS_MESSAGE_TYPE_ERROR,
        cdbus_message_get_reply_serial(message) == serial
      {
        return message
      }
      if type == DBUS_MESSAGE_TYPE_SIGNAL {
        signals.append(
          Signal(
            sender: Self.text(cdbus_message_get_sender(message)),
            path: Self.text(cdbus_message_get_path(message)),
            interface: Self.text(cdbus_message_get_interface(message)),
            member: Self.text(cdbus_message_get_member(message)),
            arguments: Self.arguments(of: message)))
      }
      cdbus_message_unref(message)
    }
    return nil
  }

  /// Reads and writes for up to one slice.
  private func readWrite() throws(BusError) {
    guard cdbus_connection_get_is_connected(connection) != 0,
      cdbus_connection_read_write(connection, Self.slice) != 0
    else { throw .disconnected }
  }

  private static func arguments(of message: OpaquePointer) -> [BusValue] {
    var iterator = DBusMessageIter()
    guard cdbus_message_iter_init(message, &iterator) != 0 else { return [] }
    return BusValue.readAll(&iterator)
  }

  private static func text(_ pointer: UnsafePointer<CChar>?) -> String {
    pointer.map { String(cString: $0) } ?? ""
  }

  private static func error(_ error: DBusError) -> BusError {
    BusError(
      name: error.name.map { String(cString: $0) } ?? "org.freedesktop.DBus.Error.Failed",
      message: error.message.map { String(cString: $0) } ?? "cannot connect to the bus")
  }
}
