import Bearing
import BearingLocation
import BearingPersistence
import BearingPlaces
import CoffeeFinder
import Foundation

/// The full-screen terminal UI: one ``CoffeeFinderApp`` store, rendered by ``Screen`` after
/// every state change and on every terminal resize; keys become actions through
/// ``KeyBindings``.
struct InteractiveSession {
  var location: LocationOptions
  var search: SearchOptions
  var data: DataOptions
  var output: OutputOptions

  func run() async throws {
    let setup = try SearchSetup(location: location, search: search, data: data, output: output)
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
    let signals = SignalWatcher(signals: [SIGINT, SIGTERM, SIGWINCH])

    let redraw: @Sendable () -> Void = {
      let size = TerminalSession.size()
      TerminalSession.draw(Screen.render(store.state, width: size.width, height: size.height))
    }
    let renderer = Task {
      for await _ in store.states { redraw() }
    }
    let signalStream = signals.signals
    let resizer = Task {
      for await signalNumber in signalStream {
        if signalNumber == SIGWINCH {
          redraw()
        } else {
          // Another process asked us to stop: restore the terminal before exiting.
          terminal.restore()
          exit(130)
        }
      }
    }
    defer {
      renderer.cancel()
      resizer.cancel()
    }

    store.send(.onAppear)
    var decoder = Key.Decoder()
    while !Task.isCancelled {
      let bytes = await Task.detached { TerminalSession.readInput() }.value
      // An empty read means the 100 ms timeout passed: a pending ESC is a key by now.
      for key in decoder.feed(bytes, flush: bytes.isEmpty) {
        switch KeyBindings.outcome(for: key, in: store.state) {
        case .send(let action): store.send(action)
        case .quit:
          await store.send(.onDisappear).finish()
          return
        case .ignore: break
        }
      }
    }
  }
}
