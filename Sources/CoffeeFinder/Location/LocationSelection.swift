import Bearing
import BearingLocation
import BearingText
import CoffeeFinderSettings
import Foundation

/// Chooses where the location comes from: what an option asked for (`--at`, `--gpsd` or a
/// configured gpsd address, `--geoclue`, `--replay`, `--wander`), else, automatically, gpsd if
/// it answers at the default address, else GeoClue if it is on the system bus, else the last
/// known position if it is recent enough (``LastPosition/usableAge(at:)``), else a simulated
/// position at the offline data's centre. The one home of that choice and of what the user is
/// told about it; the executable parses the options into a ``Request`` and makes a
/// `LocationManager` for what was chosen.
///
/// ```swift
/// let store = Store(initialState: LocationSelection.State(request: request)) {
///   LocationSelection()
/// }
/// await store.send(.choose).finish()
/// ```
package struct LocationSelection: Reducer {
  /// What the command line and the settings asked for, parsed.
  package struct Request: Equatable, Sendable {
    /// The source an option (or the configuration, for gpsd) chose.
    package enum Option: Equatable, Sendable {
      /// `--at`.
      case fixed(Coordinate)
      /// `--gpsd`, or a configured `gpsd_address`: used as it is, reachable or not (gpsd may
      /// start later).
      case gpsd(endpoint: String)
      /// `--geoclue`.
      case geoClue
      /// `--replay FILE`, an NMEA log starting on `startDate` (`--replay-date`) when it has no
      /// date of its own.
      case replay(path: String, startDate: Date?)
      /// `--wander`.
      case wander
      /// No option: the automatic choice.
      case automatic

      package var isFixed: Bool {
        if case .fixed = self { true } else { false }
      }

      /// No option, or `--gpsd`: what a configured gpsd address decides.
      var isAutomaticOrGPSD: Bool {
        switch self {
        case .automatic, .gpsd: true
        case .fixed, .geoClue, .replay, .wander: false
        }
      }
    }

    /// What was asked for.
    package var option: Option
    /// The default gpsd address the automatic choice tries.
    package var defaultGPSD: (host: String, port: Int, description: String)
    /// Where a simulated position goes.
    package var defaultCenter: Coordinate
    /// The position the last run remembered.
    package var lastPosition: LastPosition?
    /// Whether each sentence a replay skipped is reported.
    package var verbose: Bool

    /// A request for `option`.
    package init(
      option: Option, defaultGPSD: (host: String, port: Int, description: String),
      defaultCenter: Coordinate, lastPosition: LastPosition? = nil, verbose: Bool = false
    ) {
      self.option = option
      self.defaultGPSD = defaultGPSD
      self.defaultCenter = defaultCenter
      self.lastPosition = lastPosition
      self.verbose = verbose
    }

    /// A request for `option` with `settings`: with no other option, gpsd at the address
    /// `--gpsd` or the configuration gave (``gpsd(_:)``) is used as it is; an option that names
    /// another source (`--at`, `--replay`, `--wander`, `--geoclue`) wins over a configured
    /// address, as docs/location.md orders them; with no address given, the automatic choice
    /// tries the default one.
    package init(
      _ option: Option, settings: LoadedSettings, defaultCenter: Coordinate,
      lastPosition: LastPosition? = nil, verbose: Bool = false
    ) {
      let (gpsd, configured) = LocationSelection.gpsd(settings)
      var option = option
      if configured, option.isAutomaticOrGPSD { option = .gpsd(endpoint: gpsd.description) }
      self.init(
        option: option, defaultGPSD: (gpsd.host, gpsd.port, gpsd.description),
        defaultCenter: defaultCenter, lastPosition: lastPosition, verbose: verbose)
    }

    package static func == (lhs: Self, rhs: Self) -> Bool {
      lhs.option == rhs.option && lhs.defaultGPSD == rhs.defaultGPSD
        && lhs.defaultCenter == rhs.defaultCenter && lhs.lastPosition == rhs.lastPosition
        && lhs.verbose == rhs.verbose
    }
  }

  /// The source to use, for the executable to make a client of.
  package enum Source: Equatable, Sendable {
    /// A fixed position (`--at`, the last known position, a simulated one).
    case fixed(Location)
    /// gpsd at the requested address (`.gpsd` option), or at the default one (automatic).
    case gpsd
    /// GeoClue on the system bus, as ``LocationSelection/desktopID``.
    case geoClue
    /// The track, replayed.
    case replaying(Track)
    /// A simulated walk among the demo regions.
    case wandering
  }

  /// What was chosen, and what to tell the user about it.
  package struct Choice: Equatable, Sendable {
    /// The source, for the output.
    package var origin: LocationOrigin
    /// The source, for the client.
    package var source: Source
    /// Why the automatic choice fell where it did; `nil` when an option or the configuration
    /// chose the source.
    package var reason: String?
    /// Lines to tell the user at once (with `verbose`, each sentence a replay skipped).
    package var notes: [String] = []
    /// What to tell the user when the command ends (a replay's summary of what it skipped).
    package var closingNote: String?

    /// The line that tells the user which source is used and why; `simulatedAt` describes the
    /// simulated position. `nil` when an option chose the source.
    package func note(simulatedAt place: String) -> String? {
      guard let reason else { return nil }
      switch origin {
      case .simulated:
        return "\(reason): using a simulated position at \(place); pass --at LAT,LON, --gpsd "
          + "HOST:PORT or --geoclue"
      case .gpsd:
        return "\(reason): using it"
      case .geoClue(let id):
        return "\(reason): using GeoClue on the system bus (desktop id \(id))"
      case .lastKnown(let coordinate, let age, let source):
        // Said plainly, so that an old position is never taken for a fresh fix.
        return "\(reason): using your last known position (\(LocationOrigin.short(coordinate))) "
          + "from \(LocationOrigin.age(age)), via \(TerminalText.escape(source, limit: 80)); pass "
          + "--at LAT,LON, --gpsd HOST:PORT or --geoclue"
      default:
        return "\(reason): using \(origin)"
      }
    }

    /// A choice of `source`, shown as `origin`.
    package init(
      _ origin: LocationOrigin, _ source: Source, reason: String? = nil, notes: [String] = [],
      closingNote: String? = nil
    ) {
      self.origin = origin
      self.source = source
      self.reason = reason
      self.notes = notes
      self.closingNote = closingNote
    }
  }

  package struct State: Equatable, Sendable {
    /// What was asked for.
    package var request: Request
    /// What was chosen; `nil` until chosen.
    package var choice: Choice?
    /// Why nothing could be chosen (a track that cannot be replayed), as the user reads it.
    package var failure: String?

    /// A choice for `request`, not made yet.
    package init(request: Request) {
      self.request = request
    }
  }

  @CasePathable
  package enum Action: Equatable, Sendable {
    case choose
    case chosen(Choice)
    case failed(String)
  }

  /// The gpsd address a run uses, and whether `--gpsd` or the configuration gave it (the
  /// option reaches the settings as an override, so one parser reads it wherever it came
  /// from); when neither did, the default (`BEARING_GPSD`, `GPSD_HOST` and `GPSD_PORT`, else
  /// 127.0.0.1:2947).
  package static func gpsd(
    _ settings: LoadedSettings,
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> (endpoint: GPSDEndpoint, configured: Bool) {
    if settings.source(of: .gpsdAddress) != .defaultValue {
      return (settings.settings.gpsdAddress, true)
    }
    return (GPSDEndpoint.fromEnvironment(environment), false)
  }

  /// The desktop id the app gives GeoClue: what its configuration or agent must allow.
  package static let desktopID = "coffee-finder"

  @Dependency(\.locationSourceProbe) var probe

  /// Creates the feature.
  package init() {}

  package func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .choose:
      let (request, probe) = (state.request, probe)
      return .run { send in
        await send(.chosen(try await Self.choice(for: request, probe: probe)))
      } catch: { error, send in
        await send(.failed(UserMessage.line(for: error)))
      }

    case .chosen(let choice):
      state.choice = choice
      return .none

    case .failed(let message):
      state.failure = message
      return .none
    }
  }

  static func choice(
    for request: Request, probe: LocationSourceProbe
  ) async throws -> Choice {
    switch request.option {
    case .fixed(let coordinate):
      return Choice(.manual(coordinate), .fixed(Location(coordinate: coordinate)))
    case .gpsd(let endpoint):
      return Choice(.gpsd(endpoint: endpoint), .gpsd)
    case .geoClue:
      return Choice(.geoClue(desktopID: desktopID), .geoClue)
    case .replay(let path, let startDate):
      return try replay(path, startDate: startDate, verbose: request.verbose, probe: probe)
    case .wander:
      return Choice(.wander, .wandering)
    case .automatic:
      // The clock is read only here (the effect runs under the store's dependencies): a last
      // known position's age is all it decides.
      @Dependency(\.date.now) var now
      return await automatic(request, probe: probe, now: now)
    }
  }

  static func replay(
    _ path: String, startDate: Date?, verbose: Bool, probe: LocationSourceProbe
  ) throws -> Choice {
    let data: Data
    do {
      data = try probe.readTrack(path: path)
    } catch {
      throw UserMessage.Worded(UserMessage.cannotReadTrack(path, error))
    }
    let track: Track
    do {
      let text = String(decoding: data, as: UTF8.self)
      track =
        text.contains("<gpx")
        ? try GPXParser().parse(data)
        : try NMEAParser(startDate: startDate).parse(text)
    } catch {
      throw UserMessage.Worded(UserMessage.unreadableTrack(path, error))
    }
    guard !track.fixes.isEmpty else {
      throw UserMessage.Worded(UserMessage.noUsableFixes(path))
    }
    return Choice(
      .replay(file: path), .replaying(track),
      notes: verbose ? track.issues.map { "\(TerminalText.escape(path)): \($0)" } : [],
      // Said when the command ends, where the user reads the last lines.
      closingNote: track.issueSummary.map { "replay of \(TerminalText.escape(path)): \($0)" })
  }

  static func automatic(_ request: Request, probe: LocationSourceProbe, now: Date) async
    -> Choice
  {
    let gpsd = request.defaultGPSD
    if await probe.gpsdAnswers(host: gpsd.host, port: gpsd.port) {
      return Choice(
        .gpsd(endpoint: gpsd.description), .gpsd,
        reason: "no location option and gpsd answers at \(gpsd.description)")
    }
    if await probe.geoClueIsPresent() {
      return Choice(
        .geoClue(desktopID: desktopID), .geoClue,
        reason: "no location option and no gpsd at \(gpsd.description)")
    }
    var reason =
      "no gpsd at \(gpsd.description) and no GeoClue on the system bus"
      + (probe.geoClueProblem().map { " (\($0))" } ?? "")
    if let lastPosition = request.lastPosition, let coordinate = lastPosition.coordinate {
      if let age = lastPosition.usableAge(at: now) {
        let accuracy = lastPosition.horizontalAccuracy
        return Choice(
          .lastKnown(coordinate, age: age, source: lastPosition.source),
          .fixed(
            Location(
              coordinate: coordinate, horizontalAccuracy: accuracy.isFinite ? accuracy : -1,
              timestamp: lastPosition.receivedAt)),
          reason: reason)
      }
      reason +=
        now < lastPosition.receivedAt
        ? "; your last known position is dated in the future, so it is not used"
        : "; your last known position, \(Screen.age(now.timeIntervalSince(lastPosition.receivedAt))), "
          + "is more than \(Int(LastPosition.maximumAge / 3600)) h old, so it is not used"
    }
    return Choice(
      .simulated(request.defaultCenter), .fixed(Location(coordinate: request.defaultCenter)),
      reason: reason)
  }
}
