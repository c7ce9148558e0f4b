import ArgumentParser
import Bearing
import BearingLocation
import BearingMap
import BearingPersonalData
import BearingPlaces
import BearingStreets
import CoffeeFinder
import Foundation
import UnixSignals

/// The full-screen terminal UI: one ``CoffeeFinderApp`` store, rendered by ``Screen`` after
/// every state change and on every terminal resize; keys become actions through
/// ``KeyBindings``.
struct InteractiveSession {
  var location: LocationOptions
  var search: SearchOptions
  var data: DataOptions
  var hours: HoursOptions
  var output: OutputOptions
  /// The speed walk times are reckoned at (`--walk-speed`).
  var walkSpeed: Double = WalkingClient.defaultSpeed

  @MainActor
  func run() async throws {
    let setup = try await SearchSetup(
      location: location, search: search, data: data, output: output)
    let store = makeStore(setup)
    let terminal = try TerminalSession()
    defer { terminal.restore() }
    let signals = await UnixSignalsSequence(trapping: .sigint, .sigterm, .sigwinch)
    let view = SessionView(store: store)
    // Frames come from state changes, resizes and the clock, and when stored streets arrive.
    let tasks = [
      Task { for await _ in store.states { view.redraw() } },
      Self.ticker(store, view), Self.resizer(signals, terminal, view),
      Self.streetLoader(store, data, view),
    ]
    defer { tasks.forEach { $0.cancel() } }

    store.send(.onAppear)
    var decoder = Key.Decoder()
    // Read on a thread of its own, not the cooperative pool; ends when this task is cancelled.
    for await bytes in TerminalInput.chunks(from: STDIN_FILENO) {
      // An empty chunk means the 100 ms timeout passed: a pending ESC is a key by now.
      for key in decoder.feed(bytes, flush: bytes.isEmpty) {
        let outcome = KeyBindings.outcome(for: key, in: store.state)
        switch outcome {
        case .send(let action): store.send(action)
        case .quit, .interrupt:
          try await leave(store, terminal, view, setup, interrupted: outcome == .interrupt)
          return
        case .ignore: break
        }
      }
    }
  }

  /// The app's store, its state made from the settings and its clients from `setup`.
  @MainActor
  private func makeStore(_ setup: SearchSetup) -> StoreOf<CoffeeFinderApp> {
    let settings = setup.settings
    let database: DatabaseClient
    do {
      database = try data.openDatabase()
    } catch {
      // The list still works without storage; favourites and notes show why they cannot.
      database = .failing(error)
    }
    // As many as a search gives, so that `o` (open now only) still fills the list.
    var nearby = Nearby.State(
      radius: settings.searchRadius, limit: PlaceQuery.maximumLimit,
      remembersPositionAs: setup.locationOrigin.rememberedAs)
    // Walks over the stored streets, measured again as you move; the list follows them.
    nearby.measuresWalks = true
    nearby.walkSpeed = walkSpeed
    var app = CoffeeFinderApp.State(
      nearby: nearby, units: settings.units, locationOrigin: setup.locationOrigin,
      dataOrigin: setup.dataOrigin, hours: hours.clock, openNowOnly: hours.openNow,
      listLimit: settings.resultLimit)
    // A replayed or simulated track is judged on its own, as `watch` judges it.
    app.favoriteRegions.remembersStates = setup.locationOrigin.rememberedAs != nil
    return Store(initialState: app) {
      CoffeeFinderApp().analytics(CoffeeFinderApp.analyticsEvent)
    } withDependencies: {
      $0.walking = setup.walking
      $0.places = setup.places
      $0.locationManager = setup.locationManager
      $0.database = database
      $0.analytics = output.analytics
    }
  }

  /// Ends the session: the app's effects finished, the terminal restored, what the user chose
  /// remembered; Ctrl-C (`interrupted`) exits as SIGINT does, saying a note being typed is lost.
  @MainActor
  private func leave(
    _ store: StoreOf<CoffeeFinderApp>, _ terminal: TerminalSession, _ view: SessionView,
    _ setup: SearchSetup, interrupted: Bool
  ) async throws {
    let draft = store.state.noteDraft
    await store.send(.onDisappear).finish()
    // No frame after the terminal is back: the clock's or a state's redraw while what the user
    // chose is saved would write rows over the shell's screen.
    view.stop()
    terminal.restore()
    await SearchSetup.saveRemembered(store.state.nearby)
    // The command line's choices, as `nearby` remembers them: only when a search found
    // an answer, and not a radius that +/- changed since (that one is remembered).
    let nearby = store.state.nearby
    if nearby.phase == .loaded || !nearby.places.isEmpty {
      var choices = search.choices
      if nearby.radius != setup.settings.searchRadius { choices.searchRadius = nil }
      await SearchSetup.remember(choices, position: nil)
    }
    if let note = setup.locationChoice.closingNote { Console.note(note) }
    guard interrupted else { return }
    if let draft, !draft.isEmpty {
      Console.note(UserMessage.noteNotSaved(draft))
    }
    // Ctrl-C typed into the raw terminal ends the UI as SIGINT does: 130.
    throw ExitCode(SignalExit.report(.sigint))
  }

  /// The fix's age on screen keeps counting when no fix comes (gpsd lost its signal, say), and
  /// each new minute the opening hours are read again (a café closes while you look).
  @MainActor
  private static func ticker(
    _ store: StoreOf<CoffeeFinderApp>, _ view: SessionView
  ) -> Task<Void, Never> {
    Task {
      var minute = Int(Date().timeIntervalSince1970 / 60)
      while !Task.isCancelled {
        try? await Task.sleep(for: .seconds(1))
        let now = Int(Date().timeIntervalSince1970 / 60)
        if now != minute {
          minute = now
          store.send(.hoursTicked)
        }
        view.redraw()
      }
    }
  }

  /// Redraws the whole screen when the terminal is resized; SIGINT or SIGTERM from another
  /// process restores the terminal and exits as the signal asks.
  @MainActor
  private static func resizer(
    _ signals: UnixSignalsSequence, _ terminal: TerminalSession, _ view: SessionView
  ) -> Task<Void, Never> {
    Task {
      for await signal in signals {
        if signal == .sigwinch {
          view.redraw(resized: true)
        } else {
          terminal.restore()
          exit(SignalExit.report(signal))
        }
      }
    }
  }

  /// Stored streets are read to twice the map's reach around its centre, and read again once
  /// the centre has moved half the map's reach or the map zoomed out past them
  /// (`StoredStreets`).
  @MainActor
  private static func streetLoader(
    _ store: StoreOf<CoffeeFinderApp>, _ data: DataOptions, _ view: SessionView
  ) -> Task<Void, Never> {
    let streets = Store(initialState: StoredStreets.State()) {
      StoredStreets()
    } withDependencies: {
      $0.offlineAreas = data.offlineAreas
    }
    return Task {
      for await state in store.states {
        guard let center = state.nearby.location?.coordinate ?? state.nearby.searchCenter
        else { continue }
        let size = TerminalSession.size()
        let reach =
          MapViewport(
            center: center, radius: state.nearby.radius, columns: size.width, rows: size.height
          )
          .reach * 2
        let read = streets.state.extent
        await streets.send(.mapMoved(center: center, reach: reach)).finish()
        guard streets.state.extent != read else { continue }
        view.storedStreets = streets.state.streets
        view.redraw()
      }
    }
  }
}

/// What the session shows: the store's state drawn by ``Screen`` with the streets, the track of
/// the fixes shown so far, and only the rows that changed written (``ScreenPainter``). One frame
/// at a time, on the main actor.
@MainActor
private final class SessionView {
  let store: StoreOf<CoffeeFinderApp>
  /// The built-in streets.
  let builtInStreets = (try? StreetDataset.helsinki.get().lines) ?? []
  /// The stored streets around the map, as the street loader last read them.
  var storedStreets: [StreetLine] = []
  var painter = ScreenPainter()
  /// The view's own record of the fixes it has shown.
  var track = MapTrack()
  let noColor = !ProcessInfo.processInfo.environment["NO_COLOR", default: ""].isEmpty

  /// Set when the session ends: nothing is drawn after.
  private var isStopped = false

  init(store: StoreOf<CoffeeFinderApp>) { self.store = store }

  /// Draws nothing from now on.
  func stop() { isStopped = true }

  /// Draws the current state; after a resize (`resized`), every row.
  func redraw(resized: Bool = false) {
    guard !isStopped else { return }
    let state = store.state
    if let fix = state.nearby.location { track.record(fix) }
    if resized { painter.invalidate() }
    let size = TerminalSession.size()
    let lines = Screen.render(
      state, width: size.width, height: size.height, streets: builtInStreets + storedStreets,
      track: track.points, style: noColor ? .monochrome : .color)
    TerminalSession.write(painter.paint(lines))
  }
}
