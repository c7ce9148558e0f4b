import IssueReporting

extension Store where Action: CasePathable {
  /// A store for each element of an identified array in this store's state: a collection of
  /// child stores, in the array's order, each sending its actions as
  /// `.element(id:action:)` of `action`.
  ///
  /// ```swift
  /// for row in Array(store.scope(\.rows, action: \.rows)) { render(row) }
  /// ```
  ///
  /// Each element's store is made when it is first read and kept, as key-path scopes are: the
  /// same element read again is the same store. The collection holds the ids of the moment it was
  /// made; reading an element the array has lost since, whose store was never read, stops the
  /// program. From a store that cannot cache its scopes (one made by functions), it reports that
  /// its stores cannot be observed, as The Composable Architecture does.
  @_disfavoredOverload
  public func scope<ElementID: Hashable & Sendable, ElementState, ElementAction>(
    _ state: any KeyPath<State, IdentifiedArray<ElementID, ElementState>> & Sendable,
    action: CaseKeyPath<Action, IdentifiedAction<ElementID, ElementAction>>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> some RandomAccessCollection<Store<ElementState, ElementAction>> {
    if !canCacheChildren {
      reportIssue(
        RuntimeWarningMessage.uncachedStore(of: self), fileID: fileID, filePath: filePath,
        line: line, column: column)
    }
    return ElementStores(scope(state, action: action))
  }

  /// The element stores, the state path labeled (The Composable Architecture's older spelling).
  @_disfavoredOverload
  public func scope<ElementID: Hashable & Sendable, ElementState, ElementAction>(
    state: any KeyPath<State, IdentifiedArray<ElementID, ElementState>> & Sendable,
    action: CaseKeyPath<Action, IdentifiedAction<ElementID, ElementAction>>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> some RandomAccessCollection<Store<ElementState, ElementAction>> {
    scope(state, action: action, fileID: fileID, filePath: filePath, line: line, column: column)
  }
}

/// The stores of an identified array's elements, made as they are read.
private struct ElementStores<ID: Hashable & Sendable, ElementState, ElementAction>:
  RandomAccessCollection, Sendable
{
  let store: Store<IdentifiedArray<ID, ElementState>, IdentifiedAction<ID, ElementAction>>
  let ids: [ID]

  @MainActor
  init(_ store: Store<IdentifiedArray<ID, ElementState>, IdentifiedAction<ID, ElementAction>>) {
    self.store = store
    self.ids = Array(store.state.ids)
  }

  var startIndex: Int { ids.startIndex }
  var endIndex: Int { ids.endIndex }

  subscript(position: Int) -> Store<ElementState, ElementAction> {
    let id = ids[position]
    let store = self.store
    // Stores live on the main actor; so does a collection of them.
    return MainActor.assumeIsolated {
      store.cachedScope(
        ScopeID(
          state: \IdentifiedArray<ID, ElementState>.[id: id], action: id,
          store: Store<ElementState, ElementAction>.self)
      ) {
        guard let initial = store.state[id: id] else {
          preconditionFailure("Element \(id) is no longer in the array its store was read from.")
        }
        return store.unwrapping(
          SendableKeyPath(\.[id: id]), initial: initial,
          action: { .element(id: id, action: $0) })
      }
    }
  }
}
