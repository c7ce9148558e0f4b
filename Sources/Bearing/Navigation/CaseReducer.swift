import IssueReporting

/// A reducer that is an enum of features: the destination pattern, which `@Reducer` generates
/// from `@Reducer enum Destination { case detail(Detail) … }`.
///
/// Its `State` and `Action` are enums with a case per feature, and the static ``body`` scopes
/// each case to its feature, so `ifLet(\.$destination, action: \.destination)` and
/// `forEach(\.path, action: \.path)` need no trailing closure.
public protocol CaseReducer<State, Action>: Reducer
where
  State: CaseReducerState, State.StateReducer.Action == Action, Body: Reducer,
  Body.State == State, Body.Action == Action
{
  // Restated with themselves as defaults so that the members `@Reducer` generates inside the
  // enum are found as the witnesses.
  /// The enum of the features' states, a case per feature.
  associatedtype State = State
  /// The enum of the features' actions, a case per feature.
  associatedtype Action = Action
  /// The `Scope`s of the features' cases, built by `body`.
  associatedtype Body = Body

  /// One `Scope` per feature case.
  @ReducerBuilder<State, Action>
  static var body: Body { get }
}

extension CaseReducer {
  /// The type's ``body``: an enum reducer has no instance of its own to build it.
  public var body: Body { Self.body }
}

/// The `State` enum of a ``CaseReducer``, which names its reducer.
public protocol CaseReducerState {
  /// The enum reducer this is the state of.
  associatedtype StateReducer: CaseReducer where StateReducer.State == Self

  /// Which case this is, for telling one presentation from the next.
  var _$caseIndex: Int { get }

  /// The hash of the case's value's `id`, when the value is `Identifiable`.
  var _$elementID: Int? { get }

  /// Whether this case holds ephemeral state (an alert), dismissed once answered.
  var _$isEphemeral: Bool { get }
}

/// Runs a destination enum's static ``CaseReducer/body``: what `ifLet` holds for a `@Reducer`
/// enum, which has no instance of its own.
public struct _CaseReducerBody<Base: CaseReducer>: Reducer {
  /// Creates the reducer; it holds nothing, as the body is static.
  @inlinable
  public init() {}

  /// Runs `Base.body` on the state and action.
  @inlinable
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    Base.body.reduce(into: &state, action: action)
  }
}

extension CaseReducerState {
  /// The identity of the presentation of the value at `pointer`, a value of this type, from what
  /// `@Reducer` generated: called through the type, where the caller's static type is generic.
  @usableFromInline
  static func _presentationIdentity(at pointer: UnsafePointer<some Any>) -> PresentationIdentity {
    let value = UnsafeRawPointer(pointer).assumingMemoryBound(to: Self.self)
    return PresentationIdentity(
      type: ObjectIdentifier(Self.self), caseKeyPath: value.pointee._$caseIndex,
      id: value.pointee._$elementID)
  }

  /// Whether the value at `pointer`, a value of this type, is in an ephemeral case.
  @usableFromInline
  static func _isEphemeral(at pointer: UnsafePointer<some Any>) -> Bool {
    UnsafeRawPointer(pointer).assumingMemoryBound(to: Self.self).pointee._$isEphemeral
  }
}

/// The hash of `value`'s `id`: what `@Reducer enum`s generate for an `Identifiable` case value,
/// chosen at compile time over the overload below.
public func _presentationElementID<Value: Identifiable>(_ value: Value) -> Int? {
  value.id.hashValue
}

/// `nil`: the case value is not `Identifiable`.
@_disfavoredOverload
public func _presentationElementID<Value>(_ value: Value) -> Int? {
  nil
}

/// Reports an action of a `@Reducer enum`'s case that arrived while the state was in another.
public func _reportCaseMismatch<Action, Reducer>(
  action: Action, in reducer: Reducer.Type,
  fileID: StaticString = #fileID, line: UInt = #line
) {
  reportIssue(
    """
    "\(Reducer.self)" received an action for a case its state is not in:

      \(String(customDumping: action))

    The parent probably changed the destination while one of its effects was still running.
    """
  )
}
