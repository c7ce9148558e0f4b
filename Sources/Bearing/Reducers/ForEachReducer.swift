import IdentifiedCollections
import IssueReporting
import OrderedCollections

/// An action for one element of an identified collection.
///
/// ```swift
/// enum Action { case rows(IdentifiedActionOf<Row>) }
/// store.send(.rows(.element(id: row.id, action: .toggleFavorite)))
/// ```
@CasePathable
public enum IdentifiedAction<ID: Hashable & Sendable, Action> {
  /// `action` for the element whose id is `id`.
  case element(id: ID, action: Action)
}

extension IdentifiedAction: Equatable where Action: Equatable {}
extension IdentifiedAction: Sendable where Action: Sendable {}

/// The ``IdentifiedAction`` of a reducer's elements, identified by `ID`.
public typealias IdentifiedActionOf<R: Reducer> = IdentifiedAction<
  R.State.ID, R.Action
> where R.State: Identifiable, R.State.ID: Sendable

extension Reducer {
  /// Runs `element` on the element of an identified collection that an action names, then this
  /// reducer.
  ///
  /// When this reducer removes an element, every effect that element started is cancelled.
  ///
  /// ```swift
  /// Reduce { state, action in … }
  ///   .forEach(\.rows, action: \.rows) { Row() }
  /// ```
  ///
  /// `action: \.rows` names the case's entry in `Action.AllCasePaths`, made once per process;
  /// a case key path (the next overload) is formed anew each time `body` is built.
  public func forEach<ID: Hashable & Sendable, ElementState, ElementAction, Element: Reducer>(
    _ toElements: WritableKeyPath<State, IdentifiedArray<ID, ElementState>>,
    action toElementAction: KeyPath<
      Action.AllCasePaths, AnyCasePath<Action, IdentifiedAction<ID, ElementAction>>
    >,
    @ReducerBuilder<ElementState, ElementAction> element: () -> Element,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> _ForEachReducer<Self, ID, Element>
  where Action: CasePathable, ElementState == Element.State, ElementAction == Element.Action {
    _ForEachReducer(
      parent: self, element: element(), toElements: toElements,
      toElementAction: CasePathCache.casePath(toElementAction), fileID: fileID, line: line)
  }

  /// Runs `element` on the element of an identified collection that an action names, the
  /// action's case named by a case key path, such as one held in a variable.
  @_disfavoredOverload
  public func forEach<ID: Hashable & Sendable, ElementState, ElementAction, Element: Reducer>(
    _ toElements: WritableKeyPath<State, IdentifiedArray<ID, ElementState>>,
    action toElementAction: CaseKeyPath<Action, IdentifiedAction<ID, ElementAction>>,
    @ReducerBuilder<ElementState, ElementAction> element: () -> Element,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> _ForEachReducer<Self, ID, Element>
  where Action: CasePathable, ElementState == Element.State, ElementAction == Element.Action {
    _ForEachReducer(
      parent: self, element: element(), toElements: toElements,
      toElementAction: CasePathCache.casePath(toElementAction), fileID: fileID, line: line)
  }
}

/// What ``Reducer/forEach(_:action:element:fileID:line:)`` builds.
public struct _ForEachReducer<Parent: Reducer, ID: Hashable & Sendable, Element: Reducer>: Reducer {
  @usableFromInline let parent: Parent
  @usableFromInline let element: Element
  @usableFromInline let toElements:
    WritableKeyPath<Parent.State, IdentifiedArray<ID, Element.State>>
  @usableFromInline let toElementAction:
    AnyCasePath<Parent.Action, IdentifiedAction<ID, Element.Action>>
  @usableFromInline let fileID: StaticString
  @usableFromInline let line: UInt

  /// An element's effects are cancelled under its id.
  @inlinable
  var children: ChildEffects { ChildEffects(fileID: fileID, line: line) }

  /// Runs the element's reducer for an element action (reporting an element that is missing),
  /// then the parent's; cancels the effects of elements the parent removed.
  @inlinable
  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<
    Parent.Action
  > {
    var elementEffect = Effect<Parent.Action>.none
    if case .element(let id, let elementAction) = toElementAction.extract(from: action) {
      if state[keyPath: toElements][id: id] != nil {
        let embed = toElementAction
        elementEffect = children.effect(
          element.reduce(into: &state[keyPath: toElements][id: id]!, action: elementAction),
          of: id, embed: { embed.embed(.element(id: id, action: $0)) })
      } else {
        reportMissing(action)
      }
    }
    let idsBefore = state[keyPath: toElements].ids
    let parentEffect = parent.reduce(into: &state, action: action)
    let idsAfter = state[keyPath: toElements].ids
    // Equal ids share their storage unless an element came or went: compared at once.
    guard idsBefore != idsAfter else { return elementEffect.merge(with: parentEffect) }
    return children.merge(
      elementEffect, parentEffect, cancelling: idsBefore.subtracting(idsAfter))
  }

  /// Reports an action for an element that is not in the collection.
  @usableFromInline
  func reportMissing(_ action: Parent.Action) {
    reportIssue(
      RuntimeWarningMessage.forEachMissingElement(
        fileID: fileID, line: line, action: action, isStack: false))
  }
}
