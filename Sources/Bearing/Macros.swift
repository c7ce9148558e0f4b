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

/// Makes a feature's state observable property by property, as The Composable Architecture's
/// is: inside `withObservationTracking`, reading `state.count` (or `store.count`) is told when
/// `count` is about to change, and not when another property does.
///
/// On a struct, each stored `var` is tracked (`@ObservationStateIgnored` leaves one out); an
/// assignment of a value of the same identity (`_$isIdentityEqual`: the same `_$id`, the same
/// ids of an identified collection, the same bits of plain data) tells no one. On an enum, the
/// identity is the case and its payload's identity. A ``Store`` of it is also told when the
/// whole state gets a new identity.
///
/// ```swift
/// @ObservableState
/// struct State: Equatable { var count = 0 }
/// ```
@attached(member, names: named(_$observationRegistrar), named(_$id), named(_$willModify))
@attached(memberAttribute)
@attached(extension, conformances: ObservableState, Observable)
public macro ObservableState() =
  #externalMacro(module: "BearingMacros", type: "ObservableStateMacro")

/// A stored property of an `@ObservableState` struct whose reads and changes are reported;
/// `@ObservableState` adds it to every stored `var`.
@attached(accessor, names: named(init), named(get), named(set), named(_modify))
@attached(peer, names: prefixed(_))
public macro ObservationStateTracked() =
  #externalMacro(module: "BearingMacros", type: "ObservationStateTrackedMacro")

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

/// A stored property of an `@ObservableState` struct that observation leaves out: reading it
/// registers nothing and changing it tells no one.
@attached(peer, names: arbitrary)
public macro ObservationStateIgnored() =
  #externalMacro(module: "BearingMacros", type: "MarkerMacro")

/// Makes a type that holds a feature's store (`let store: StoreOf<Feature>`) a
/// ``ViewActionSending``: `send(.submitTapped)` sends `.view(.submitTapped)` to its store.
///
/// ```swift
/// @ViewAction(for: Login.self)
/// struct LoginScreen {
///   let store: StoreOf<Login>
/// }
/// ```
@attached(extension, conformances: ViewActionSending)
public macro ViewAction<R: Reducer>(for: R.Type) =
  #externalMacro(module: "BearingMacros", type: "ViewActionMacro")
