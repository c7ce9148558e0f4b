import Foundation

/// Questions about GeoClue itself, asked without starting a client.
public enum GeoClue {
  /// The D-Bus name GeoClue owns.
  public static let busName = "org.freedesktop.GeoClue2"

  /// Why no D-Bus conversation is possible at all: libdbus (`libdbus-1.so.3`, Debian package
  /// `libdbus-1-3`) is loaded at run time, and this says, with the loader's own words, that it
  /// is missing. `nil` when it is there.
  ///
  /// ```swift
  /// if let problem = GeoClue.libdbusProblem { print("GeoClue: \(problem)") }
  /// ```
  public static var libdbusProblem: String? {
    BusConnection.libdbusProblem.map { BusError.libdbusMissing($0).message }
  }

  /// Whether GeoClue is on the bus at `busAddress` (`nil`: the system bus): running now, or
  /// installed so that the bus starts it on the first call. Blocks for at most about
  /// `timeout`; ``isPresent(busAddress:timeout:)`` is the async form.
  public static func isPresentBlocking(
    busAddress: String? = nil, timeout: Duration = .seconds(2)
  ) -> Bool {
    guard let bus = try? BusConnection(address: busAddress) else { return false }
    let deadline = ContinuousClock.now + timeout
    let never = { false }
    if let owned = try? bus.call(
      "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "NameHasOwner",
      [.string(busName)], until: deadline, isCancelled: never),
      owned.first == .boolean(true)
    {
      return true
    }
    guard
      let activatable = try? bus.call(
        "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
        "ListActivatableNames", until: deadline, isCancelled: never),
      case .array(let names)? = activatable.first
    else { return false }
    return names.contains(.string(busName))
  }

  /// Whether GeoClue is on the bus at `busAddress` (`nil`: the system bus), asked on a thread
  /// of its own so that no thread of the cooperative pool blocks.
  ///
  /// ```swift
  /// if await GeoClue.isPresent() { … }
  /// ```
  public static func isPresent(
    busAddress: String? = nil, timeout: Duration = .seconds(2)
  ) async -> Bool {
    await withCheckedContinuation { continuation in
      let thread = Thread {
        continuation.resume(returning: isPresentBlocking(busAddress: busAddress, timeout: timeout))
      }
      thread.name = "bearing.geoclue.probe"
      thread.start()
    }
  }
}
