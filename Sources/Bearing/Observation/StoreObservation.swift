import Observation

/// Makes the stores of an `@ObservableState` feature take part in Swift's Observation as a
/// whole: reading a store's state inside `withObservationTracking` registers interest in the
/// state's identity, and a reduce that replaces the state (a new `_$id`: `state = State()`, an
/// enum moved to another case) is reported.
///
/// Changes of single properties are reported by the state itself: `store.count` reads `count`
/// through the state's own registrar, which the reducer's `inout` copy shares.
///
/// ```swift
/// withObservationTracking {
///   render(store.count)
/// } onChange: {
///   scheduleRender()
/// }
/// ```
@usableFromInline
final class StoreObservation: Observable, Sendable {
  private let registrar = ObservationRegistrar()

  /// What readers observe; the value carries nothing, its key path names the change.
  var changes: Void { () }

  /// Reads the `_$id` of a root's state when it is `@ObservableState`; `nil` otherwise, so that
  /// other stores pay nothing. The one dynamic cast is here, once per root store.
  static func identity<State>(of _: State.Type) -> (@Sendable (State) -> ObservableStateID)? {
    guard let type = State.self as? any ObservableState.Type else { return nil }
    return identity(of: type, as: State.self)
  }

  private static func identity<Observed: ObservableState, State>(
    of _: Observed.Type, as _: State.Type
  ) -> @Sendable (State) -> ObservableStateID {
    // `State` is `Observed`: the cast above proved it.
    { state in unsafeBitCast(state, to: Observed.self)._$id }
  }

  @usableFromInline
  func access() {
    registrar.access(self, keyPath: \.changes)
  }

  @usableFromInline
  func changed() {
    registrar.withMutation(of: self, keyPath: \.changes) {}
  }
}
