/// The actions of a navigation stack: an element's action, a push, a pop.
///
/// ```swift
/// enum Action {
///   case path(StackActionOf<Path>)
/// }
/// await store.send(\.path[id: 0].detail.editTapped)
/// await store.receive(\.path.popFrom)
/// ```
public enum StackAction<State, Action> {
  /// An action of the element with `id`.
  indirect case element(id: StackElementID, action: Action)
  /// Pops the element with `id` and every element above it.
  case popFrom(id: StackElementID)
  /// Pushes `state` with `id`.
  case push(id: StackElementID, state: State)
}

/// The ``StackAction`` of a stack of `R`'s elements.
public typealias StackActionOf<R: Reducer> = StackAction<R.State, R.Action>

extension StackAction: Equatable where State: Equatable, Action: Equatable {}
extension StackAction: Hashable where State: Hashable, Action: Hashable {}
extension StackAction: Sendable where State: Sendable, Action: Sendable {}

extension StackAction: CasePathable {
  /// `\.element`, `\.popFrom`, `\.push`, and `[id:]` for one element's actions:
  /// `\.path[id: 0].detail` means `.path(.element(id: 0, action: .detail(…)))`.
  public struct AllCasePaths: Sendable {
    /// The case path of `.element(id:action:)`, extracting the id and the action.
    public var element: AnyCasePath<StackAction, (id: StackElementID, action: Action)> {
      AnyCasePath(
        embed: { .element(id: $0.id, action: $0.action) },
        extract: {
          guard case .element(let id, let action) = $0 else { return nil }
          return (id, action)
        }
      )
    }

    /// The case path of `.popFrom(id:)`, extracting the id.
    public var popFrom: AnyCasePath<StackAction, StackElementID> {
      AnyCasePath(
        embed: { .popFrom(id: $0) },
        extract: {
          guard case .popFrom(let id) = $0 else { return nil }
          return id
        }
      )
    }

    /// The case path of `.push(id:state:)`, extracting the id and the state.
    public var push: AnyCasePath<StackAction, (id: StackElementID, state: State)> {
      AnyCasePath(
        embed: { .push(id: $0.id, state: $0.state) },
        extract: {
          guard case .push(let id, let state) = $0 else { return nil }
          return (id, state)
        }
      )
    }

    /// The actions of the element with `id` alone: `\.path[id: 0]`.
    public subscript(id id: StackElementID) -> AnyCasePath<StackAction, Action> {
      AnyCasePath(
        embed: { .element(id: id, action: $0) },
        extract: {
          guard case .element(id, let action) = $0 else { return nil }
          return action
        }
      )
    }
  }

  /// Case paths to the stack's cases and to one element's actions.
  public static var allCasePaths: AllCasePaths { AllCasePaths() }
}

extension Case {
  /// One stack element's actions: `\.path[id: 0]`.
  public subscript<State, Action>(id id: StackElementID) -> Case<Action>
  where Value == StackAction<State, Action> {
    self[dynamicMember: \.[id: id]]
  }

  /// One identified element's actions: `\.rows[id: row.id]`.
  public subscript<ID: Hashable & Sendable, Action>(id id: ID) -> Case<Action>
  where Value == IdentifiedAction<ID, Action> {
    self[dynamicMember: \.[id: id]]
  }
}

extension IdentifiedAction.AllCasePaths {
  /// The actions of the element with `id`.
  public subscript(id id: ID) -> AnyCasePath<IdentifiedAction, Action> {
    AnyCasePath(
      embed: { .element(id: id, action: $0) },
      extract: {
        guard case .element(id, let action) = $0 else { return nil }
        return action
      }
    )
  }
}
