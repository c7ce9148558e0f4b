import BearingLocation
import Foundation

/// One conversation with GeoClue, run on a thread of its own: connect to the bus, get a client,
/// set its properties, start it, and turn its `LocationUpdated` signals into fixes until
/// cancelled or GeoClue goes away.
struct GeoClueSession {
  /// How a session ended.
  enum Outcome: Sendable {
    /// Try again after a backoff (no bus, no GeoClue, GeoClue left).
    case retry
    /// Do not try again: GeoClue refused, and asking again would ask the user again; or libdbus
    /// is not installed, which no wait mends.
    case refused
    /// The task was cancelled.
    case cancelled
  }

  static let service = "org.freedesktop.GeoClue2"
  static let managerPath = "/org/freedesktop/GeoClue2/Manager"
  static let managerInterface = "org.freedesktop.GeoClue2.Manager"
  static let clientInterface = "org.freedesktop.GeoClue2.Client"
  static let locationInterface = "org.freedesktop.GeoClue2.Location"
  static let propertiesInterface = "org.freedesktop.DBus.Properties"

  var options: GeoClueOptions
  var isCancelled: () -> Bool
  var emit: (LocationSource.Event) -> Void

  /// Runs the session to its end. Blocks: call it on a thread of its own.
  func run() -> Outcome {
    let bus: BusConnection
    do {
      bus = try BusConnection(address: options.busAddress)
    } catch let error where error.name == BusError.libdbusMissingName {
      // Nothing changes by waiting: the library has to be installed and the app started again.
      emit(.unavailable(.geoClueLibraryMissing(reason: BusConnection.libdbusProblem ?? "")))
      return .refused
    } catch {
      emit(.unavailable(.geoClueUnavailable(reason: "no system bus: \(error.message)")))
      return .retry
    }
    var clientPath: String?
    do {
      let path = try getClient(bus)
      clientPath = path
      try configure(bus, client: path)
      try call(bus, path, Self.clientInterface, "Start")
      emit(.available)
      try follow(bus, client: path)
      return .retry
    } catch let error where error.name == BusError.cancelledName {
      if let clientPath { stop(bus, client: clientPath) }
      return .cancelled
    } catch let error where error.name == BusError.accessDenied {
      emit(.unavailable(.geoClueDenied(desktopID: options.desktopID, reason: error.message)))
      return .refused
    } catch let error where error.isServiceMissing {
      emit(
        .unavailable(
          .geoClueUnavailable(reason: "org.freedesktop.GeoClue2 is not on the system bus")))
      return .retry
    } catch {
      emit(.unavailable(.geoClueUnavailable(reason: error.description)))
      return .retry
    }
  }

  /// `Manager.GetClient`, which GeoClue 2.6 answers only once an agent for the user is
  /// registered: after `agentTimeout` the source says so, and keeps waiting for the answer.
  private func getClient(_ bus: BusConnection) throws(BusError) -> String {
    let desktopID = options.desktopID
    let arguments = try bus.call(
      Self.service, Self.managerPath, Self.managerInterface, "GetClient",
      until: .now + .seconds(365 * 86_400),
      notice: (
        .now + options.agentTimeout, { emit(.unavailable(.geoClueNoAgent(desktopID: desktopID))) }
      ),
      isCancelled: isCancelled)
    guard let path = arguments.first?.string else {
      throw BusError(name: "bearing.Error.BadReply", message: "GetClient returned no client")
    }
    return path
  }

  private func configure(_ bus: BusConnection, client path: String) throws(BusError) {
    try bus.addMatch(
      "type='signal',sender='\(Self.service)',interface='\(Self.clientInterface)',"
        + "member='LocationUpdated',path='\(path)'",
      until: .now + options.callTimeout, isCancelled: isCancelled)
    try bus.addMatch(
      "type='signal',sender='org.freedesktop.DBus',interface='org.freedesktop.DBus',"
        + "member='NameOwnerChanged',arg0='\(Self.service)'",
      until: .now + options.callTimeout, isCancelled: isCancelled)
    let properties: [(String, BusValue)] = [
      ("DesktopId", .string(options.desktopID)),
      ("RequestedAccuracyLevel", .uint32(options.accuracyLevel.rawValue)),
      ("DistanceThreshold", .uint32(options.distanceThreshold)),
      ("TimeThreshold", .uint32(options.timeThreshold)),
    ]
    for (name, value) in properties {
      try call(
        bus, path, Self.propertiesInterface, "Set",
        [.string(Self.clientInterface), .string(name), .variant(value)])
    }
  }

  /// Delivers a fix for every `LocationUpdated`, until GeoClue leaves the bus.
  private func follow(_ bus: BusConnection, client path: String) throws(BusError) {
    while true {
      guard
        let signal = try bus.nextSignal(until: .now + .seconds(1), isCancelled: isCancelled)
      else { continue }
      switch signal.member {
      case "LocationUpdated" where signal.path == path:
        guard signal.arguments.count == 2, let new = signal.arguments[1].string else { continue }
        do {
          let reply = try call(
            bus, new, Self.propertiesInterface, "GetAll", [.string(Self.locationInterface)])
          if let fix = GeoClueLocation.location(from: reply.first?.properties ?? [:]) {
            emit(.fix(fix))
          }
        } catch let error where error.name == BusError.unknownObject {
          continue  // already replaced by a newer location
        }
      case "NameOwnerChanged":
        let newOwner = signal.arguments.count == 3 ? signal.arguments[2].string : nil
        if newOwner?.isEmpty == true {
          emit(.failure(.geoClueUnavailable(reason: "GeoClue left the system bus")))
          return
        }
      default:
        continue
      }
    }
  }

  /// Tells GeoClue to stop, without waiting long: the connection closes right after, which
  /// ends the client anyway.
  private func stop(_ bus: BusConnection, client path: String) {
    _ = try? bus.call(
      Self.service, path, Self.clientInterface, "Stop", until: .now + .seconds(1),
      isCancelled: { false })
  }

  @discardableResult
  private func call(
    _ bus: BusConnection, _ path: String, _ interface: String, _ member: String,
    _ arguments: [BusValue] = []
  ) throws(BusError) -> [BusValue] {
    try bus.call(
      Self.service, path, interface, member, arguments, until: .now + options.callTimeout,
      isCancelled: isCancelled)
  }
}
