/// Makes a struct a feature, or an enum of features a destination.
///
/// On a struct: adds the ``Reducer`` conformance, makes its `State` and `Action` enums
/// `@CasePathable` and `@dynamicMemberLookup` (so `\.child` case key paths work), and builds
/// `body` with ``ReducerBuilder``.
///
/// ```swift
/// @Reducer
/// struct Counter {
///   @ObservableState
///   struct State: Equatable { var count = 0 }
///   enum Action { case incrementButtonTapped }
///   var body: some ReducerOf<Self> {
///     Reduce { state, action in
///       state.count += 1
///       return .none
///     }
///   }
/// }
/// ```
///
/// On an enum whose cases each hold a feature, generates its `State` and `Action` enums, a case
/// per feature, and a body that runs each case's feature: a ``CaseReducer`` for
/// `ifLet(\.$destination, action: \.destination)` and `forEach(\.path, action: \.path)`.
///
/// ```swift
/// @Reducer
/// enum Destination {
///   case addContact(AddContact)
///   case detail(ContactDetail)
/// }
/// ```
@attached(memberAttribute)
@attached(member, names: named(State), named(Action), named(body))
@attached(extension, conformances: Reducer, CaseReducer)
public macro Reducer() = #externalMacro(module: "BearingMacros", type: "ReducerMacro")

/// Marks a feature's state as observable: a ``Store`` of it takes part in Swift's Observation,
/// so `withObservationTracking { store.count }` is told when the store's state changes.
///
/// ```swift
/// @ObservableState
/// struct State: Equatable { var count = 0 }
/// ```
@attached(extension, conformances: ObservableState)
public macro ObservableState() =
  #externalMacro(module: "BearingMacros", type: "ObservableStateMacro")

/// Holds a presented feature's optional state: `$name` is its ``PresentationState``, for
/// `ifLet(\.$destination, action: \.destination)`.
///
/// ```swift
/// @ObservableState
/// struct State: Equatable {
///   @Presents var destination: Destination.State?
/// }
/// ```
@attached(accessor, names: named(init), named(get), named(set))
@attached(peer, names: prefixed(`$`), prefixed(_))
public macro Presents() = #externalMacro(module: "BearingMacros", type: "PresentsMacro")

/// A case of a `@Reducer enum` that holds state with no feature: it gets no action case and no
/// reducer.
///
/// ```swift
/// @Reducer
/// enum Destination {
///   case edit(EditContact)
///   @ReducerCaseIgnored
///   case preview(Contact)
/// }
/// ```
@attached(peer, names: arbitrary)
public macro ReducerCaseIgnored() = #externalMacro(module: "BearingMacros", type: "MarkerMacro")

/// A case of a `@Reducer enum` whose value is its own state, with the actions its `Action`
/// type names and no reducer: an alert-like value that goes away when one of its actions is
/// sent.
@attached(peer, names: arbitrary)
public macro ReducerCaseEphemeral() =
  #externalMacro(module: "BearingMacros", type: "MarkerMacro")

/// A property of an `@ObservableState` type that observation ignores. (Observation here is of
/// the whole state, so this only documents intent.)
@attached(peer, names: arbitrary)
public macro ObservationStateIgnored() =
  #externalMacro(module: "BearingMacros", type: "MarkerMacro")

/// A state type whose store takes part in Swift's Observation; what `@ObservableState` adds.
public protocol ObservableState {}
