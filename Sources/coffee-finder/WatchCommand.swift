import ArgumentParser
import BearingLocation
import CoffeeFinder
import Foundation
import Persistence

/// `coffee-finder watch`: follows the location and prints fixes and favourite enter/exit
/// events until interrupted.
struct WatchCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "watch",
    abstract: "Follow the location; print fixes and entering or leaving favourites.",
    discussion: """
      Every favourite is a monitored region of \(Int(FavoriteRegion.radius)) m. Stop with Ctrl-C.

      Examples:
        coffee-finder watch --gpsd 127.0.0.1:2947
        coffee-finder watch --replay walk.nmea --replay-speed 10 --json
        coffee-finder watch --wander
      """
  )

  @OptionGroup var location: LocationOptions
  @OptionGroup var data: DataOptions

  @Flag(help: "Print JSON lines instead of text.") var json = false
  @Flag(help: "Do not print fixes, only region events.") var eventsOnly = false

  func validate() throws {
    try location.check()
    if location.at != nil { throw ValidationError("watch follows a moving source; --at is fixed") }
  }

  func run() async throws {
    let database = try data.openDatabase()
    let favorites = try await database.favorites()
    let regions = try await database.monitoredRegions()
    let names = Dictionary(
      favorites.map { ($0.placeID, $0.name) }, uniquingKeysWith: { first, _ in first })
    var states = Dictionary(
      regions.map { ($0.id, $0.state) }, uniquingKeysWith: { first, _ in first })
    let center = NearbyCommand.helsinki
    let (origin, manager) = try location.makeSource(defaultCenter: center)
    if location.isSimulated {
      throw ValidationError(
        "watch needs a moving source: --gpsd HOST:PORT, --replay FILE or --wander")
    }
    Console.note("watching \(origin) with \(regions.count) favourite region(s); Ctrl-C stops")

    let events = manager.delegate()
    await manager.requestWhenInUseAuthorization()
    var monitored = Set(regions.map(\.id))
    for region in regions { await manager.startMonitoring(region.region) }
    for favorite in favorites where !monitored.contains(favorite.placeID) {
      await manager.startMonitoring(FavoriteRegion.region(for: favorite))
      monitored.insert(favorite.placeID)
    }
    await manager.startUpdatingLocation()

    let json = json
    let eventsOnly = eventsOnly
    func emit(_ line: WatchLine) {
      Console.out(json ? line.json : line.text)
    }
    let stop = SignalWatcher(signals: [SIGINT, SIGTERM])
    let loop = Task {
      for await event in events {
        switch event {
        case .didUpdateLocations(let fixes):
          if !eventsOnly { fixes.forEach { emit(.fix($0)) } }
        case .didEnterRegion(let region), .didDetermineState(.inside, let region):
          guard states[region.identifier] != .inside else { continue }
          states[region.identifier] = .inside
          emit(.enter(id: region.identifier, name: names[region.identifier] ?? region.identifier))
          _ = try? await database.updateRegionState(identifier: region.identifier, state: .inside)
        case .didExitRegion(let region), .didDetermineState(.outside, let region):
          let wasInside = states[region.identifier] == .inside
          states[region.identifier] = .outside
          guard wasInside else { continue }
          emit(.exit(id: region.identifier, name: names[region.identifier] ?? region.identifier))
          _ = try? await database.updateRegionState(identifier: region.identifier, state: .outside)
        case .didChangeAuthorization(.denied):
          Console.note("warning: \(Nearby.deniedMessage)")
        case .didFailWithError(let error):
          Console.note("warning: \(CLIError.describe(error))")
        case .monitoringDidFail(let region, let error):
          Console.note(
            "warning: cannot monitor \(TerminalText.escape(region?.identifier ?? "a region")): "
              + CLIError.describe(error))
        default:
          continue
        }
      }
    }
    await stop.wait()
    loop.cancel()
    await manager.stopUpdatingLocation()
  }
}
