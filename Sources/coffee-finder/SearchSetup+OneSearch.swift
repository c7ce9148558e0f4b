import Bearing
import BearingTelemetry
import BearingText
import CoffeeFinder

extension SearchSetup {
  /// Says in one line on stderr which location source was chosen and why, when no option chose
  /// it; a simulated position is at the centre of the offline data.
  func announceLocation() {
    if let note = locationChoice.note(
      simulatedAt:
        "the centre of the offline data (\(TerminalText.escape(dataOrigin.description)))")
    {
      Console.note(note)
    }
  }

  /// One search around one fix, as `nearby` and `map` make it: a ``Nearby`` store that does not
  /// follow updates, sent `choices` (what the command line chose, remembered for later runs),
  /// waited for up to `timeout` seconds, then stopped, with what it chose to remember saved.
  ///
  /// `tracked` adds the nearby feature's analytics events. Returns the state with the places
  /// found.
  ///
  /// - throws: A ``CLIError`` with the search's failure or refusal, or ``UserMessage/noFix(within:from:)``
  ///   when no fix came in time.
  @MainActor
  func searchOnce(
    choices: [Nearby.Action], analytics: AnalyticsClient, timeout: Double, tracked: Bool
  ) async throws -> Nearby.State {
    let store = Store(
      initialState: Nearby.State(
        radius: settings.searchRadius, limit: settings.resultLimit, followsUpdates: false,
        remembersPositionAs: locationOrigin.rememberedAs)
    ) {
      if tracked { Nearby().analytics(Nearby.analyticsEvent) } else { Nearby() }
    } withDependencies: {
      $0.places = places
      $0.locationManager = locationManager
      $0.analytics = analytics
    }
    for choice in choices { store.send(choice) }
    let appeared = store.send(.onAppear)
    let finished = await Self.waitForResult(store, timeout: .seconds(timeout))
    // Stop locating, then let what the search set off (analytics, say) finish before exiting.
    await store.send(.onDisappear).finish()
    await appeared.finish()
    await Self.saveRemembered(store.state)
    if let note = locationChoice.closingNote { Console.note(note) }
    switch finished.phase {
    case .loaded: return finished
    case .failed(let message), .denied(let message): throw CLIError(message)
    default: throw CLIError(UserMessage.noFix(within: timeout, from: locationOrigin))
    }
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
