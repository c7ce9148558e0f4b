import Bearing
import BearingLocation
import BearingPersistence
import BearingPlaces
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
  var output: OutputOptions

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
    let store = Store(
      initialState: CoffeeFinderApp.State(
        nearby: Nearby.State(radius: settings.searchRadius, limit: settings.resultLimit),
        units: settings.units, locationOrigin: setup.locationOrigin, dataOrigin: setup.dataOrigin)
    ) {
      CoffeeFinderApp().analytics(CoffeeFinderApp.analyticsEvent)
    } withDependencies: {
      $0.places = setup.places
      $0.locationManager = setup.locationManager
      $0.database = database
      $0.analytics = output.analytics
    }

    let terminal = try TerminalSession()
    defer { terminal.restore() }
    let signals = await UnixSignalsSequence(trapping: .sigint, .sigterm, .sigwinch)

    // Frames come from state changes, resizes and the clock; one at a time, never interleaved.
    let drawing = LockIsolated(())
    let redraw: @Sendable () -> Void = {
      drawing.withValue { _ in
        let size = TerminalSession.size()
        TerminalSession.draw(Screen.render(store.state, width: size.width, height: size.height))
      }
    }
    let renderer = Task {
      for await _ in store.states { redraw() }
    }
    // The fix's age on screen keeps counting when no fix comes (gpsd lost its signal, say).
    let ticker = Task {
      while !Task.isCancelled {
        try? await Task.sleep(for: .seconds(1))
        redraw()
      }
    }
    let resizer = Task {
      for await signal in signals {
        if signal == .sigwinch {
          redraw()
        } else {
          // Another process asked us to stop: restore the terminal before exiting.
          terminal.restore()
          exit(SignalExit.report(signal))
        }
      }
    }
    defer {
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
        switch KeyBindings.outcome(for: key, in: store.state) {
        case .send(let action): store.send(action)
        case .quit:
          await store.send(.onDisappear).finish()
          terminal.restore()
          if let note = setup.locationChoice.closingNote { Console.note(note) }
          return
        case .ignore: break
        }
      }
    }
  }
}
