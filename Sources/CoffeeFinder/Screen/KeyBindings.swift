import CoffeeFinderSettings

/// What a key does in the terminal UI, given what is on screen.
///
/// ```swift
/// KeyBindings.outcome(for: .character("j"), in: state)  // .send(.selectionMoved(1))
/// ```
package enum KeyBindings {
  /// What pressing a key means.
  package enum Outcome: Equatable, Sendable {
    /// Send this action to the store.
    case send(CoffeeFinderApp.Action)
    /// Leave the UI.
    case quit
    /// Leave the UI as a SIGINT would (Ctrl-C typed while the terminal is raw).
    case interrupt
    /// Nothing.
    case ignore
  }

  /// The outcome of `key` in `state`.
  package static func outcome(for key: Key, in state: CoffeeFinderApp.State) -> Outcome {
    // Ctrl-C means what it means everywhere: stop. A note being typed is said to be lost.
    if key == .interrupt { return .interrupt }
    if let draft = state.noteDraft {
      switch key {
      case .enter: return .send(.noteDraftSubmitted)
      case .escape: return .send(.noteDraftCancelled)
      case .backspace: return .send(.noteDraftChanged(String(draft.dropLast())))
      case .character(let character): return .send(.noteDraftChanged(draft + String(character)))
      default: return .ignore
      }
    }
    let hasAlert =
      state.errorAlert != nil || state.detail?.alert != nil || state.regionAlert != nil
    if key == .escape, hasAlert { return .send(.alertDismissed) }
    switch key {
    case .up, .character("k"): return .send(.selectionMoved(-1))
    case .down, .character("j"): return .send(.selectionMoved(1))
    case .character("q"): return .quit
    case .character("r"): return .send(.nearby(.refreshTapped))
    default: break
    }
    if let detail = state.detail {
      switch key {
      case .escape: return .send(.closeDetailTapped)
      case .character("f"): return .send(.detail(.favoriteToggled))
      case .character("n"): return .send(.noteDraftStarted)
      case .character("d"):
        guard let id = detail.selectedNoteID else { return .ignore }
        return .send(.detail(.deleteNoteTapped(id)))
      default: return .ignore
      }
    }
    switch key {
    case .enter: return .send(.openSelectedTapped)
    case .character("+"):
      return .send(.nearby(.radiusChanged(Self.radiusStep(after: state.nearby.radius, by: 1))))
    case .character("-"):
      return .send(.nearby(.radiusChanged(Self.radiusStep(after: state.nearby.radius, by: -1))))
    case .character("m"): return .send(.mapToggled)
    case .character("o"): return .send(.openNowToggled)
    default: return .ignore
    }
  }

  /// The radii `+` and `-` step through, so that every step can be undone (1 km, `-` 500 m,
  /// `+` 1 km again): 1, 2 and 5 × a power of ten within ``DistanceSetting/searchRadius``.
  package static let radiusSteps: [Double] = [1.0, 10, 100, 1_000, 10_000, 100_000]
    .flatMap { power in [1, 2, 5].map { $0 * power } }
    .filter {
      ($0 >= DistanceSetting.searchRadius.minimum) && ($0 <= DistanceSetting.searchRadius.maximum)
    }

  /// The next step up (`direction` 1) or down (-1) from `radius`, which need not be a step
  /// (a `--radius 800` goes up to 1 km and down to 500 m); the ends stay where they are.
  package static func radiusStep(after radius: Double, by direction: Int) -> Double {
    if direction > 0 {
      return radiusSteps.first { $0 > radius } ?? radiusSteps.last!
    }
    return radiusSteps.last { $0 < radius } ?? radiusSteps.first!
  }
}
