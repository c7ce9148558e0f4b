import Observation

/// Makes the stores of an `@ObservableState` feature take part in Swift's Observation:
/// reading a store's state inside `withObservationTracking` registers interest, and every
/// change the root store makes is reported.
///
/// Observation here is of the whole state of a root: any change notifies every reader of any
/// store scoped from it.
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

  /// One for a root whose state is `@ObservableState`, `nil` otherwise, so that other stores
  /// pay nothing.
  static func make<State>(for _: State.Type) -> StoreObservation? {
    State.self is any ObservableState.Type ? StoreObservation() : nil
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
