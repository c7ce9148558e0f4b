/// The text of the runtime warnings that composition reducers report when an action arrives for
/// state that is not there. Worded as The Composable Architecture words them: tests written for
/// TCA match these texts with `XCTExpectFailure`, and must match Bearing's too.
@usableFromInline
enum RuntimeWarningMessage {
  /// `ifLet` on an optional: a child action while the child state is `nil`.
  @usableFromInline
  static func ifLetMissingChild(fileID: StaticString, line: UInt, action: Any) -> String {
    """
    An "ifLet" at "\(fileID):\(line)" received a child action when child state was "nil".

      Action:
        \(debugCaseOutput(action))

    This is generally considered an application logic error, and can happen for a few reasons:

    A parent reducer set child state to "nil" before this reducer ran. This reducer must run \
    before any other reducer sets child state to "nil". This ensures that child reducers can \
    handle their actions while their state is still available.

    An in-flight effect emitted this action when child state was "nil". While it may be \
    perfectly reasonable to ignore this action, consider canceling the associated effect \
    before child state becomes "nil", especially if it is a long-living effect.

    This action was sent to the store while state was "nil". Make sure that actions for this \
    reducer can only be sent from a store when state is non-"nil". In SwiftUI applications, \
    use "IfLetStore".
    """
  }

  /// `ifCaseLet`: a child action while the state is in another case.
  @usableFromInline
  static func ifCaseLetOtherCase(
    fileID: StaticString, line: UInt, action: Any, state: Any
  ) -> String {
    """
    An "ifCaseLet" at "\(fileID):\(line)" received a child action when child state was set to \
    a different case.

      Action:
        \(String(customDumping: action))
      State:
        \(String(customDumping: state))

    This is generally considered an application logic error, and can happen for a few reasons:

    A parent reducer set "\(debugTypeName(type(of: state)))" to a different case before this \
    reducer ran. This reducer must run before any other reducer sets child state to a \
    different case. This ensures that child reducers can handle their actions while their \
    state is still available.

    An in-flight effect emitted this action when child state was unavailable. While it may be \
    perfectly reasonable to ignore this action, consider canceling the associated effect \
    before child state changes to another case, especially if it is a long-living effect.

    This action was sent to the store while state was another case. Make sure that actions \
    for this reducer can only be sent from a store when state is set to the appropriate case. \
    In SwiftUI applications, use "SwitchStore".
    """
  }

  /// A `Scope` of an enum state's case: a child action while the state is in another case.
  static func scopeOtherCase(
    fileID: StaticString, line: UInt, action: String, state: String, stateType: String
  ) -> String {
    """
    A "Scope" at "\(fileID):\(line)" received a child action when child state was set to a \
    different case.

      Action:
        \(action)
      State:
        \(state)

    This is generally considered an application logic error, and can happen for a few reasons:

    A parent reducer set "\(stateType)" to a different case before the scoped reducer ran. \
    Child reducers must run before any parent reducer sets child state to a different case. \
    This ensures that child reducers can handle their actions while their state is still \
    available. Consider using "Reducer.ifCaseLet" to embed this child reducer in the parent \
    reducer that change its state to ensure the child reducer runs first.

    An in-flight effect emitted this action when child state was unavailable. While it may be \
    perfectly reasonable to ignore this action, consider canceling the associated effect \
    before child state changes to another case, especially if it is a long-living effect.

    This action was sent to the store while state was another case. Make sure that actions \
    for this reducer can only be sent from a store when state is set to the appropriate case. \
    In SwiftUI applications, use "SwitchStore".
    """
  }

  /// `forEach` on an identified array or a stack: an element action for an id not there.
  @usableFromInline
  static func forEachMissingElement(
    fileID: StaticString, line: UInt, action: Any, isStack: Bool
  ) -> String {
    let swiftUIAdvice =
      isStack
      ? "use \"NavigationStack.init(path:)\" with a binding to a store."
      : "use \"ForEachStore\"."
    return """
      A "forEach" at "\(fileID):\(line)" received an action for a missing element.

        Action:
          \(debugCaseOutput(action))

      This is generally considered an application logic error, and can happen for a few reasons:

      A parent reducer removed an element with this ID before this reducer ran. This reducer \
      must run before any other reducer removes an element, which ensures that element \
      reducers can handle their actions while their state is still available.

      An in-flight effect emitted this action when state contained no element at this ID. \
      While it may be perfectly reasonable to ignore this action, consider canceling the \
      associated effect before an element is removed, especially if it is a long-living effect.

      This action was sent to the store while its state contained no element at this ID. To \
      fix this make sure that actions for this reducer can only be sent from a store when its \
      state contains an element at this id. In SwiftUI applications, \(swiftUIAdvice)
      """
  }

  /// A stack's `popFrom` for an id not on the stack.
  static func stackPopMissing(
    fileID: StaticString, line: UInt, id: StackElementID, ids: some Sequence<StackElementID>
  ) -> String {
    """
    A "forEach" at "\(fileID):\(line)" received a "popFrom" action for a missing element.

      ID:
        \(String(customDumping: id))
      Path IDs:
        \(stackIDs(ids))
    """
  }

  /// A stack's `push` with an id already on the stack.
  static func stackPushExisting(
    fileID: StaticString, line: UInt, id: StackElementID, ids: some Sequence<StackElementID>
  ) -> String {
    """
    A "forEach" at "\(fileID):\(line)" received a "push" action for an element it already \
    contains.

      ID:
        \(String(customDumping: id))
      Path IDs:
        \(stackIDs(ids))
    """
  }

  /// A stack's `push` with an id beyond the next one the generator would give.
  static func stackPushUnexpectedID(
    fileID: StaticString, line: UInt, received: StackElementID, expected: StackElementID
  ) -> String {
    """
    A "forEach" at "\(fileID):\(line)" received a "push" action with an unexpected \
    generational ID.

      Received ID:
        \(String(customDumping: received))
      Expected ID:
        \(String(customDumping: expected))
    """
  }

  /// A presentation action (`.presented` or `.dismiss`) while nothing is presented.
  static func presentationAbsent(fileID: StaticString, line: UInt, action: Any) -> String {
    """
    An "ifLet" at "\(fileID):\(line)" received a presentation action when destination state \
    was absent.

      Action:
        \(debugCaseOutput(action))

    This is generally considered an application logic error, and can happen for a few reasons:

    A parent reducer set destination state to "nil" before this reducer ran. This reducer \
    must run before any other reducer sets destination state to "nil". This ensures that \
    destination reducers can handle their actions while their state is still present.

    This action was sent to the store while destination state was "nil". Make sure that \
    actions for this reducer can only be sent from a store when state is present, or from \
    effects that start from this reducer.
    """
  }

  /// An `Effect.run` sent an action after it ended (its `send` escaped into a task of its own).
  static func sentFromCompletedEffect(action: Any, origin: Any?) -> String {
    let returnedFrom = origin.map {
      "\n\n  Effect returned from:\n    \(debugCaseOutput($0))"
    }
    return """
      An action was sent from a completed effect.

        Action:
          \(debugCaseOutput(action))\(returnedFrom ?? "")

      Avoid sending actions using the 'send' argument from 'Effect.run' after the effect has \
      completed. This can happen if you escape the 'send' argument in an unstructured context.

      To fix this, make sure that your 'run' closure does not return until you're done \
      calling 'send'.
      """
  }

  /// Stack ids as a one-line list: `[#0, #1]`.
  private static func stackIDs(_ ids: some Sequence<StackElementID>) -> String {
    "[" + ids.map { String(customDumping: $0) }.joined(separator: ", ") + "]"
  }

  /// A binding action that a store's binding sent, which no reducer applied.
  static func unhandledBinding(actionTypeName: String, valueDump: String, definedAt: String?)
    -> String
  {
    let field = definedAt.map { "for binding state defined at \"\($0)\" " } ?? ""
    return """
      A binding action sent from a store \(field)was not handled.

        Action:
          \(actionTypeName).binding(.set(_, \(valueDump)))

      To fix this, invoke "BindingReducer()" from your feature reducer's "body".
      """
  }

  /// A navigation stack's binding written with a path of the count the store already has.
  static func stackBindingSameCount(fileID: StaticString, line: UInt) -> String {
    """
    A navigation stack binding at "\(fileID):\(line)" was written to with a path that has the \
    same number of elements that already exist in the store. A view should only write to this \
    binding with a path that has pushed a new element onto the stack, or popped one or more \
    elements from the stack.

    This usually means the "forEach" has not been integrated with the reducer powering the \
    store, and this reducer is responsible for handling stack actions.

    To fix this, ensure that "forEach" is invoked from the reducer's "body":

        Reduce { state, action in
          // ...
        }
        .forEach(\\.path, action: \\.path) {
          Path()
        }

    And ensure that every parent reducer is integrated into the root reducer that powers the \
    store.
    """
  }

  /// A presentation's binding set to `nil`, after which the store still presents it.
  static func presentationBindingNotDismissed(fileID: StaticString, line: UInt) -> String {
    """
    A binding at "\(fileID):\(line)" was set to "nil", but the store destination wasn't nil'd out.

    This usually means an "ifLet" has not been integrated with the reducer powering the store, \
    and this reducer is responsible for handling presentation actions.

    To fix this, ensure that "ifLet" is invoked from the reducer's "body":

        Reduce { state, action in
          // ...
        }
        .ifLet(\\.destination, action: \\.destination) {
          Destination()
        }

    And ensure that every parent reducer is integrated into the root reducer that powers the \
    store.
    """
  }

  /// A store's send made while the store processes another action (not by an effect).
  @usableFromInline
  static func reentrantSend(action: Any) -> String {
    """
    Sent '\(debugCaseOutput(action))' while an action was being processed.

    Reentrant actions are undefined: send from an effect, or from outside the code that \
    handles the store's actions and state changes.
    """
  }

  /// An optional scope, or a scope of an identified array's elements, from a store that cannot
  /// cache its scopes: one made by functions, or scoped from one. Worded as TCA words it,
  /// character for character (a no-break space after "2."), since tests match the text.
  @usableFromInline
  static func uncachedStore<State, Action>(of store: Store<State, Action>) -> String {
    """
    Scoping from uncached '\(storeTypeName(State.self, Action.self))' is not compatible with \
    observation.

    This can happen for one of two reasons:

    1. A parent view scopes on a store using transform functions, which has been deprecated, \
    instead of with key paths and case paths. Read the migration guide for 1.5 to update these \
    scopes: \
    https://swiftpackageindex.com/pointfreeco/swift-composable-architecture/main/documentation/composablearchitecture/migratingto1.5

    2.\u{00A0}A parent feature is using deprecated navigation APIs, such as 'IfLetStore', \
    'SwitchStore', 'ForEachStore', or any navigation view modifiers taking stores instead of \
    bindings. Read the migration guide for 1.7 to update those APIs: \
    https://swiftpackageindex.com/pointfreeco/swift-composable-architecture/main/documentation/composablearchitecture/migratingto1.7
    """
  }
}

/// A store's type as a user names it: `StoreOf<Feature>` for a feature's `State` and `Action`,
/// else `Store<State, Action>`.
func storeTypeName(_ state: Any.Type, _ action: Any.Type) -> String {
  let (stateName, actionName) = (debugTypeName(state), debugTypeName(action))
  if stateName.hasSuffix(".State"), actionName.hasSuffix(".Action"),
    stateName.dropLast(6) == actionName.dropLast(7)
  {
    return "StoreOf<\(stateName.dropLast(6))>"
  }
  return "Store<\(stateName), \(actionName)>"
}
