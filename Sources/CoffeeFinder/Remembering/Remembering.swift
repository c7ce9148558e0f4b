import Bearing
import CoffeeFinderSettings

/// What the app remembers between runs, read when a command starts and written when it ends:
/// the choices the user made (``SharedKey/lastSearchRadius``, ``SharedKey/chosenUnits``,
/// ``SharedKey/chosenProvider``, in app storage) and the last position a live source gave
/// (``SharedKey/lastPosition``, file storage). ``Nearby`` changes them as the user chooses;
/// this feature reads them for the settings and the location choice, and writes them at once
/// at the end, so that a failure is said in the app's voice. Storage that cannot be read or
/// written is a warning (``State/warnings``), never an error: the command goes on.
///
/// ```swift
/// let store = Store(initialState: Remembering.State()) { Remembering() }
/// await store.send(.recallChoices).finish()
/// store.state.choices  // RememberedSettings(searchRadius: 800, …)
/// ```
package struct Remembering: Reducer {
  package struct State: Equatable, Sendable {
    /// The remembered choices; `nil` until recalled.
    package var choices: RememberedSettings?
    /// The last position a live source gave, once recalled.
    package var lastPosition: LastPosition?
    /// What the last action could not read or write, as the user reads it.
    package var warnings: [String] = []

    /// Nothing recalled yet.
    package init() {}
  }

  @CasePathable
  package enum Action: Equatable, Sendable {
    /// Reads the remembered choices.
    case recallChoices
    /// Reads the last position.
    case recallLastPosition
    /// Writes what this run chose to remember: the choices, and the position when `position`.
    case save(position: Bool)
    /// Takes `choices` (the settings an option gave) and `position` (a fix of a source worth
    /// remembering) as what to remember, then writes them, as ``save(position:)`` does: what a
    /// one-shot command remembers once it has succeeded, and only then.
    case remember(RememberedSettings, position: LastPosition?)
    case warned(String)
  }

  @Dependency(\.defaultAppStorage) var appStorage

  /// Creates the feature.
  package init() {}

  package func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .recallChoices:
      state.warnings = appStorage.loadError.map { [UserMessage.unreadableChoices($0)] } ?? []
      @Shared(.lastSearchRadius) var radius: Double?
      @Shared(.chosenUnits) var units: MeasurementSystem?
      @Shared(.chosenProvider) var provider: PlaceProvider?
      state.choices = RememberedSettings(searchRadius: radius, units: units, provider: provider)
      return .none

    case .recallLastPosition:
      @Shared(.lastPosition) var lastPosition: LastPosition?
      state.warnings =
        $lastPosition.loadError.map { [UserMessage.unreadableLastPosition($0)] } ?? []
      state.lastPosition = lastPosition
      return .none

    case .save(let position):
      state.warnings = []
      let appStorage = appStorage
      return .run { send in
        if position {
          // The box `Nearby`'s state shares, while that state lives.
          @Shared(.lastPosition) var lastPosition: LastPosition?
          do {
            try await $lastPosition.save()
          } catch {
            await send(.warned(UserMessage.cannotRememberPosition(error)))
          }
        }
        do {
          try appStorage.write()
        } catch {
          await send(.warned(UserMessage.cannotRememberChoices(error)))
        }
      }

    case .remember(let choices, let position):
      @Shared(.lastSearchRadius) var radius: Double?
      @Shared(.chosenUnits) var units: MeasurementSystem?
      @Shared(.chosenProvider) var provider: PlaceProvider?
      @Shared(.lastPosition) var lastPosition: LastPosition?
      if let chosen = choices.searchRadius { $radius.withLock { $0 = chosen } }
      if let chosen = choices.units { $units.withLock { $0 = chosen } }
      if let chosen = choices.provider { $provider.withLock { $0 = chosen } }
      if let position { $lastPosition.withLock { $0 = position } }
      return .send(.save(position: position != nil))

    case .warned(let warning):
      state.warnings.append(warning)
      return .none
    }
  }

  /// Whether a run that ended in `nearby` has a position worth remembering: a fix from a source
  /// that ``Nearby/State/remembersPositionAs`` names.
  package static func remembersPosition(of nearby: Nearby.State) -> Bool {
    nearby.remembersPositionAs != nil && nearby.location != nil
  }
}
