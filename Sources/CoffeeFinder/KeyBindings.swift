/// What a key does in the terminal UI, given what is on screen.
///
/// ```swift
/// KeyBindings.action(for: .character("j"), in: state)  // .selectionMoved(1)
/// ```
package enum KeyBindings {
  /// What pressing a key means.
  package enum Outcome: Equatable, Sendable {
    /// Send this action to the store.
    case send(CoffeeFinderApp.Action)
    /// Leave the UI.
    case quit
    /// Nothing.
    case ignore
  }

  /// The outcome of `key` in `state`.
  package static func outcome(for key: Key, in state: CoffeeFinderApp.State) -> Outcome {
    if key == .interrupt { return .quit }
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
      return .send(.nearby(.radiusChanged(min(100_000, state.nearby.radius * 2))))
    case .character("-"): return .send(.nearby(.radiusChanged(max(50, state.nearby.radius / 2))))
    case .character("m"): return .send(.mapToggled)
    default: return .ignore
    }
  }
}
