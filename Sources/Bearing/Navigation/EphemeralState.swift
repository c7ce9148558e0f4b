/// State presented for a single answer, such as an alert: it has actions but no reducer, and is
/// dismissed as soon as one of its actions is sent.
///
/// A `@Reducer enum` case whose value is ephemeral gets an action case of the value's `Action`
/// (mark it `@ReducerCaseEphemeral`; ``AlertState`` cases are recognised without the mark).
///
/// ```swift
/// @Reducer
/// enum Destination {
///   case alert(AlertState<Alert>)
///   case edit(EditContact)
/// }
/// ```
public protocol EphemeralState<Action> {
  /// What answering it sends.
  associatedtype Action
}

/// Whether presented state is ephemeral, itself or as the value of an enum destination's case.
@usableFromInline
func isEphemeral(_ value: Any) -> Bool {
  if value is any EphemeralState { return true }
  if let state = value as? any CaseReducerState { return state._$isEphemeral }
  let mirror = Mirror(reflecting: value)
  guard mirror.displayStyle == .enum, let payload = mirror.children.first?.value else {
    return false
  }
  return payload is any EphemeralState
}

/// Whether `action` answers the presented ephemeral `state`: it is of the ephemeral state's
/// `Action` type, itself or as the value of the destination action's case.
@usableFromInline
func answers(_ state: Any, with action: Any) -> Bool {
  guard let actionType = ephemeralActionType(state) else { return false }
  if type(of: action) == actionType { return true }
  let mirror = Mirror(reflecting: action)
  guard mirror.displayStyle == .enum, let payload = mirror.children.first?.value else {
    return false
  }
  return type(of: payload) == actionType
}

/// The `Action` type of ephemeral state, itself or as the value of an enum destination's case.
private func ephemeralActionType(_ state: Any) -> Any.Type? {
  func actionType<E: EphemeralState>(of _: E) -> Any.Type { E.Action.self }
  if let ephemeral = state as? any EphemeralState { return actionType(of: ephemeral) }
  let mirror = Mirror(reflecting: state)
  guard mirror.displayStyle == .enum,
    let payload = mirror.children.first?.value as? any EphemeralState
  else { return nil }
  return actionType(of: payload)
}
