// Written as TCA 1.25's documentation shows; only the import differs.

import Bearing
import Foundation

@Reducer
struct Todo {
  @ObservableState
  struct State: Equatable, Identifiable {
    var description = ""
    let id: UUID
    var isComplete = false
  }

  enum Action: BindableAction {
    case binding(BindingAction<State>)
  }

  var body: some ReducerOf<Self> {
    BindingReducer()
  }
}

@Reducer
struct Todos {
  @ObservableState
  struct State: Equatable {
    var editMode: EditMode = .inactive
    var filter: Filter = .all
    var todos: IdentifiedArrayOf<Todo.State> = []
    var undoStack: [Deletion] = []

    var filteredTodos: IdentifiedArrayOf<Todo.State> {
      switch filter {
      case .active: todos.filter { !$0.isComplete }
      case .all: todos
      case .completed: todos.filter(\.isComplete)
      }
    }
  }

  enum Action: BindableAction {
    case addTodoButtonTapped
    case binding(BindingAction<State>)
    case clearCompletedButtonTapped
    case deleteButtonTapped(id: Todo.State.ID)
    case moveTodos(fromOffsets: IndexSet, toOffset: Int)
    case sortCompletedTodos
    case todos(IdentifiedActionOf<Todo>)
    case undoDeleteButtonTapped
  }

  enum EditMode: Equatable, Sendable {
    case active
    case inactive
  }

  enum Filter: String, CaseIterable, Equatable, Sendable {
    case all = "All"
    case active = "Active"
    case completed = "Completed"
  }

  /// A deleted todo and where it was, so that the deletion can be undone.
  struct Deletion: Equatable {
    var offset: Int
    var todo: Todo.State
  }

  enum CancelID { case sort }

  @Dependency(\.continuousClock) var clock
  @Dependency(\.uuid) var uuid

  var body: some ReducerOf<Self> {
    BindingReducer()
    Reduce { state, action in
      switch action {
      case .addTodoButtonTapped:
        state.todos.insert(Todo.State(id: uuid()), at: 0)
        return .none

      case .binding(\.editMode):
        if state.editMode == .active {
          // Rows are reordered in the full list, never in a filtered one.
          state.filter = .all
        }
        return .none

      case .binding:
        return .none

      case .clearCompletedButtonTapped:
        state.todos.removeAll(where: \.isComplete)
        return .none

      case let .deleteButtonTapped(id):
        guard let offset = state.todos.index(id: id) else { return .none }
        let todo = state.todos.remove(at: offset)
        state.undoStack.append(Deletion(offset: offset, todo: todo))
        return .none

      case let .moveTodos(source, destination):
        guard state.editMode == .active else { return .none }
        state.todos.move(fromOffsets: source, toOffset: destination)
        return sortCompletedTodosSoon()

      case .sortCompletedTodos:
        let active = state.todos.elements.filter { !$0.isComplete }
        let completed = state.todos.elements.filter(\.isComplete)
        state.todos = IdentifiedArray(uniqueElements: active + completed)
        return .none

      case .todos(.element(id: _, action: .binding(\.isComplete))):
        return sortCompletedTodosSoon()

      case .todos:
        return .none

      case .undoDeleteButtonTapped:
        guard let deletion = state.undoStack.popLast() else { return .none }
        state.todos.insert(deletion.todo, at: min(deletion.offset, state.todos.count))
        return .none
      }
    }
    .forEach(\.todos, action: \.todos) {
      Todo()
    }
  }

  private func sortCompletedTodosSoon() -> Effect<Action> {
    .run { send in
      try await clock.sleep(for: .seconds(1))
      await send(.sortCompletedTodos)
    }
    .cancellable(id: CancelID.sort, cancelInFlight: true)
  }
}
