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
    let store = Store(initialState: app) {
      CoffeeFinderApp().analytics(CoffeeFinderApp.analyticsEvent)
    } withDependencies: {
      $0.walking = setup.walking
      $0.places = setup.places
      $0.locationManager = setup.locationManager
      $0.database = database
      $0.analytics = output.analytics
    }

    let terminal = try TerminalSession()
    defer { terminal.restore() }
    let signals = await UnixSignalsSequence(trapping: .sigint, .sigterm, .sigwinch)

    // The built-in streets, and the stored ones around the map (`streetLoader`).
    let builtInStreets = (try? StreetDataset.helsinki.get().lines) ?? []
    let storedStreets = LockIsolated<[StreetLine]>([])
    let noColor = !ProcessInfo.processInfo.environment["NO_COLOR", default: ""].isEmpty
    // Frames come from state changes, resizes and the clock; one at a time, never interleaved.
    // Only the rows that changed are written (`ScreenPainter`); the track is the view's own
    // record of the fixes it has shown.
    let drawing = LockIsolated((painter: ScreenPainter(), track: MapTrack()))
    let redraw: @MainActor (_ resized: Bool) -> Void = { resized in
      let state = store.state
      drawing.withValue { view in
        if let fix = state.nearby.location { view.track.record(fix) }
        if resized { view.painter.invalidate() }
        let size = TerminalSession.size()
        let lines = Screen.render(
          state, width: size.width, height: size.height,
          streets: builtInStreets + storedStreets.value,
          track: view.track.points, style: noColor ? .monochrome : .color)
        TerminalSession.write(view.painter.paint(lines))
      }
    }
    let renderer = Task {
      for await _ in store.states { redraw(false) }
    }
    // The fix's age on screen keeps counting when no fix comes (gpsd lost its signal, say),
    // and each new minute the opening hours are read again (a café closes while you look).
    let ticker = Task {
      var minute = Int(Date().timeIntervalSince1970 / 60)
      while !Task.isCancelled {
        try? await Task.sleep(for: .seconds(1))
        let now = Int(Date().timeIntervalSince1970 / 60)
        if now != minute {
          minute = now
          store.send(.hoursTicked)
        }
        redraw(false)
      }
    }
    let resizer = Task {
      for await signal in signals {
        if signal == .sigwinch {
          redraw(true)
        } else {
          // Another process asked us to stop: restore the terminal before exiting.
          terminal.restore()
          exit(SignalExit.report(signal))
        }
      }
    }
    // Stored streets are read to twice the map's reach around its centre, and read again once
    // the centre has moved half the map's reach or the map zoomed out past them
    // (`StoredStreets`).
    let streets = Store(initialState: StoredStreets.State()) {
      StoredStreets()
    } withDependencies: {
      $0.offlineAreas = data.offlineAreas
    }
    let streetLoader = Task {
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
        let readStreets = streets.state.streets
        storedStreets.setValue(readStreets)
        redraw(false)
      }
    }
    defer {
      streetLoader.cancel()
      renderer.cancel()
      resizer.cancel()
      ticker.cancel()
    }

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
          let draft = store.state.noteDraft
          await store.send(.onDisappear).finish()
          terminal.restore()
          await SearchSetup.saveRemembered(store.state.nearby)
          // The command line's choices, as `nearby` remembers them: only when a search found
          // an answer, and not a radius that +/- changed since (that one is remembered).
          let nearby = store.state.nearby
          if nearby.phase == .loaded || !nearby.places.isEmpty {
            var choices = search.choices
            if nearby.radius != settings.searchRadius { choices.searchRadius = nil }
            await SearchSetup.remember(choices, position: nil)
          }
          if let note = setup.locationChoice.closingNote { Console.note(note) }
          guard outcome == .interrupt else { return }
          if let draft, !draft.isEmpty {
            Console.note(UserMessage.noteNotSaved(draft))
          }
          // Ctrl-C typed into the raw terminal ends the UI as SIGINT does: 130.
          throw ExitCode(SignalExit.report(.sigint))
        case .ignore: break
        }
      }
    }
  }
}
