import ArgumentParser
import BearingGPSD
import BearingLocation
import CoffeeFinder
import Foundation

/// Where the location comes from: `--at`, `--gpsd`, `--replay` or `--wander`; none of them
/// means a simulated position at the centre of the offline data.
struct LocationOptions: ParsableArguments {
  @Option(name: .customLong("at"), help: "Use this position, as LAT,LON (e.g. 60.1699,24.9384).")
  var at: String?

  @Option(help: "Read live fixes from gpsd at HOST:PORT.")
  var gpsd: String?

  @Option(help: "Replay a recorded track (NMEA or GPX file).")
  var replay: String?

  @Option(help: "Replay speed-up factor for --replay.")
  var replaySpeed: Double = 1

  @Flag(help: "Simulate a walk among central Helsinki neighbourhoods.")
  var wander = false

  /// Throws a usage error for contradictory or malformed options.
  func check() throws {
    let chosen = [at != nil, gpsd != nil, replay != nil, wander].filter { $0 }.count
    guard chosen <= 1 else {
      throw ValidationError("choose one of --at, --gpsd, --replay and --wander")
    }
    if let at { _ = try Self.parseCoordinate(at) }
    if let gpsd, GPSDEndpoint(parsing: gpsd) == nil {
      throw ValidationError("--gpsd must be HOST:PORT with a port of 1…65535, not \"\(gpsd)\"")
    }
    guard replaySpeed.isFinite, replaySpeed > 0 else {
      throw ValidationError("--replay-speed must be more than 0")
    }
  }

  /// Parses `LAT,LON`, or throws a usage error that says what is wrong.
  static func parseCoordinate(_ text: String) throws -> Coordinate {
    let parts = text.split(separator: ",", omittingEmptySubsequences: false)
    guard parts.count == 2,
      let latitude = Double(parts[0].trimmingCharacters(in: .whitespaces)),
      let longitude = Double(parts[1].trimmingCharacters(in: .whitespaces))
    else {
      throw ValidationError("--at must be LAT,LON in degrees, such as 60.1699,24.9384")
    }
    do {
      return try Coordinate(validatingLatitude: latitude, longitude: longitude)
    } catch {
      throw ValidationError("--at: \(error.description)")
    }
  }

  /// The location source and a client for it; `defaultCenter` is used when none was chosen.
  func makeSource(defaultCenter: Coordinate) throws -> (LocationOrigin, LocationManager) {
    if let at {
      let coordinate = try Self.parseCoordinate(at)
      return (.manual(coordinate), .fixed(Location(coordinate: coordinate)))
    }
    if let gpsd, let endpoint = GPSDEndpoint(parsing: gpsd) {
      return (.gpsd(endpoint: endpoint.description), .gpsd(endpoint))
    }
    if let replay {
      let url = URL(fileURLWithPath: replay)
      let data: Data
      do {
        data = try Data(contentsOf: url)
      } catch {
        throw CLIError("cannot read the track \(replay): \(error.localizedDescription)")
      }
      let track: Track
      do {
        let text = String(decoding: data, as: UTF8.self)
        track =
          text.contains("<gpx") ? try GPXParser().parse(data) : try NMEAParser().parse(text)
      } catch {
        throw CLIError("cannot replay \(replay): \(error.description)")
      }
      guard !track.fixes.isEmpty else {
        throw CLIError("the track \(replay) holds no usable fixes")
      }
      return (.replay(file: replay), .replaying(track, speed: replaySpeed))
    }
    if wander {
      return (.wander, .wandering(among: LocationManager.demoRegions, seed: 2026))
    }
    return (.simulated(defaultCenter), .fixed(Location(coordinate: defaultCenter)))
  }

  /// Whether no source was chosen, so a simulated position is used.
  var isSimulated: Bool { at == nil && gpsd == nil && replay == nil && !wander }
}
