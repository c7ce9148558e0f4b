import Bearing
import BearingTelemetry
import BearingText
import CoffeeFinder
import CoffeeFinderSettings
import Foundation

extension SearchSetup {
  /// Says in one line on stderr which location source was chosen and why, when no option chose
  /// it; a simulated position is at the centre of the built-in data.
  func announceLocation() {
    if let note = locationChoice.chosen.note(
      simulatedAt: "the centre of the built-in data, central Helsinki")
    {
      Console.note(note)
    }
  }

  /// One search around one fix, as `nearby` and `map` make it: a ``Nearby`` store that does not
  /// follow updates, waited for up to `timeout` seconds, then stopped. Only when it found an
  /// answer are `choices` (what the command line chose) and the fix (from a source worth
  /// remembering) remembered for later runs: a failed command leaves no trace.
  ///
  /// `tracked` adds the nearby feature's analytics events; `limit`, when given, replaces the
  /// settings' result limit. Returns the state with the places found.
  ///
  /// - throws: A ``CLIError`` with the search's failure or refusal; when `timeout` passed, one
  ///   that says what was still awaited: the fix (``UserMessage/noFix(within:from:)``) or the
  ///   search.
  ///
  /// With `walks` (`nearby`), the walk to each place over the stored streets is measured, and
  /// the places ordered as `sort` says where streets are stored.
  @MainActor
  func searchOnce(
    choices: RememberedSettings, analytics: AnalyticsClient, timeout: Double, tracked: Bool,
    limit: Int? = nil, walks: Bool = false, sort: WalkSort = .walk
  ) async throws -> Nearby.State {
    var initial = Nearby.State(
      radius: settings.searchRadius, limit: limit ?? settings.resultLimit,
      followsUpdates: false)
    initial.measuresWalks = walks
    initial.sort = sort
    let store = Store(initialState: initial) {
      if tracked { Nearby().analytics(Nearby.analyticsEvent) } else { Nearby() }
    } withDependencies: {
      $0.walking = walking
      $0.places = places
      $0.locationManager = locationManager
      $0.analytics = analytics
    }
    let appeared = store.send(.onAppear)
    let finished = await Self.waitForResult(store, timeout: .seconds(timeout))
    // Stop locating. With an outcome, let what it set off (analytics, say) finish before
    // exiting; when `--timeout` ran out first, what is still under way (a fix asked for, a
    // search) is cancelled, not waited for: `--timeout` is how long the user waits.
    await store.send(.onDisappear).finish()
    switch finished.phase {
    case .loaded, .failed, .denied: await appeared.finish()
    default: appeared.cancel()
    }
    if let note = locationChoice.closingNote { Console.note(note) }
    switch finished.phase {
    case .loaded:
      await Self.remember(choices, position: rememberedPosition(finished))
      return finished
    case .failed(let message), .denied(let message): throw CLIError(message)
    case .searching: throw CLIError(UserMessage.searchTimedOut(within: timeout, dataOrigin))
    default: throw CLIError(UserMessage.noFix(within: timeout, from: locationOrigin))
    }
  }

  /// The fix `state` was searched around, as the last position, when its source is one whose
  /// fixes are where the user is (not a simulation or a replay).
  func rememberedPosition(_ state: Nearby.State) -> LastPosition? {
    guard let source = locationOrigin.rememberedAs, let fix = state.location else { return nil }
    return LastPosition(
      coordinate: fix.coordinate, horizontalAccuracy: fix.horizontalAccuracy,
      receivedAt: state.locationReceivedAt ?? Date(), source: source)
  }

  /// Remembers `choices` and `position` with a ``Remembering`` store, writing them at once and
  /// saying when they could not be written.
  @MainActor
  static func remember(_ choices: RememberedSettings, position: LastPosition?) async {
    let store = Store(initialState: Remembering.State()) { Remembering() }
    await store.send(.remember(choices, position: position)).finish()
    for warning in store.state.warnings { Console.note(warning) }
  }

  /// Waits until the search has an outcome or `timeout` passes.
  @MainActor
  static func waitForResult(
    _ store: StoreOf<Nearby>, timeout: Duration
  ) async -> Nearby.State {
    await withTaskGroup(of: Nearby.State?.self) { group in
      group.addTask {
        for await state in store.states {
          switch state.phase {
          case .loaded, .failed, .denied: return state
          default: continue
          }
        }
        return nil
      }
      group.addTask {
        try? await Task.sleep(for: timeout)
        return nil
      }
      let first = await group.next() ?? nil
      group.cancelAll()
      return first ?? store.state
    }
  }
}
