// Written as TCA 1.25's documentation shows; only the import differs.

import Bearing
import BearingTesting
import Foundation
import Testing

@MainActor
@Suite
struct TodosTests {
  @Test
  func addTodos() async {
    let store = TestStore(initialState: Todos.State()) {
      Todos()
    } withDependencies: {
      $0.uuid = .incrementing
    }

    await store.send(.addTodoButtonTapped) {
      $0.todos.insert(Todo.State(id: UUID(0)), at: 0)
    }
    await store.send(.addTodoButtonTapped) {
      $0.todos = [
        Todo.State(id: UUID(1)),
        Todo.State(id: UUID(0)),
      ]
    }
  }

  @Test
  func editTodo() async {
    let store = TestStore(initialState: Todos.State(todos: [Todo.State(id: UUID(0))])) {
      Todos()
    }

    await store.send(\.todos[id: UUID(0)].binding.description, "Buy oat milk") {
      $0.todos[id: UUID(0)]?.description = "Buy oat milk"
    }
  }

  @Test
  func completingATodoSortsItToTheBottom() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: Todos.State(
        todos: [
          Todo.State(description: "Milk", id: UUID(0)),
          Todo.State(description: "Eggs", id: UUID(1)),
        ]
      )
    ) {
      Todos()
    } withDependencies: {
      $0.continuousClock = clock
      $0.uuid = .incrementing
    }

    await store.send(\.todos[id: UUID(0)].binding.isComplete, true) {
      $0.todos[id: UUID(0)]?.isComplete = true
    }
    await clock.advance(by: .seconds(1))
    await store.receive(\.sortCompletedTodos) {
      $0.todos = [
        Todo.State(description: "Eggs", id: UUID(1)),
        Todo.State(description: "Milk", id: UUID(0), isComplete: true),
      ]
    }
  }

  @Test
  func completingTwoTodosQuicklySortsOnce() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: Todos.State(
        todos: [
          Todo.State(description: "Milk", id: UUID(0)),
          Todo.State(description: "Eggs", id: UUID(1)),
          Todo.State(description: "Bread", id: UUID(2)),
        ]
      )
    ) {
      Todos()
    } withDependencies: {
      $0.continuousClock = clock
      $0.uuid = .incrementing
    }

    await store.send(
      .todos(.element(id: UUID(0), action: .binding(.set(\.isComplete, true))))
    ) {
      $0.todos[id: UUID(0)]?.isComplete = true
    }
    await clock.advance(by: .milliseconds(500))
    await store.send(
      .todos(.element(id: UUID(1), action: .binding(.set(\.isComplete, true))))
    ) {
      $0.todos[id: UUID(1)]?.isComplete = true
    }
    await clock.advance(by: .seconds(1))
    await store.receive(\.sortCompletedTodos) {
      $0.todos = [
        Todo.State(description: "Bread", id: UUID(2)),
        Todo.State(description: "Milk", id: UUID(0), isComplete: true),
        Todo.State(description: "Eggs", id: UUID(1), isComplete: true),
      ]
    }
  }

  @Test
  func deleteAndUndo() async {
    let milk = Todo.State(description: "Milk", id: UUID(0))
    let eggs = Todo.State(description: "Eggs", id: UUID(1))
    let bread = Todo.State(description: "Bread", id: UUID(2))
    let store = TestStore(initialState: Todos.State(todos: [milk, eggs, bread])) {
      Todos()
    }

    await store.send(.deleteButtonTapped(id: eggs.id)) {
      $0.todos = [milk, bread]
      $0.undoStack = [Todos.Deletion(offset: 1, todo: eggs)]
    }
    await store.send(.deleteButtonTapped(id: milk.id)) {
      $0.todos = [bread]
      $0.undoStack = [
        Todos.Deletion(offset: 1, todo: eggs),
        Todos.Deletion(offset: 0, todo: milk),
      ]
    }
    await store.send(.undoDeleteButtonTapped) {
      $0.todos = [milk, bread]
      $0.undoStack = [Todos.Deletion(offset: 1, todo: eggs)]
    }
    await store.send(.undoDeleteButtonTapped) {
      $0.todos = [milk, eggs, bread]
      $0.undoStack = []
    }
    // Nothing is left to undo.
    await store.send(.undoDeleteButtonTapped)
  }

  @Test
  func filtersAndClearCompleted() async {
    let milk = Todo.State(description: "Milk", id: UUID(0))
    let eggs = Todo.State(description: "Eggs", id: UUID(1), isComplete: true)
    let bread = Todo.State(description: "Bread", id: UUID(2))
    let store = TestStore(initialState: Todos.State(todos: [milk, eggs, bread])) {
      Todos()
    }

    await store.send(\.binding.filter, .completed) {
      $0.filter = .completed
    }
    #expect(store.state.filteredTodos == [eggs])

    await store.send(\.binding.filter, .active) {
      $0.filter = .active
    }
    #expect(store.state.filteredTodos == [milk, bread])

    await store.send(.clearCompletedButtonTapped) {
      $0.todos = [milk, bread]
    }
    await store.send(\.binding.filter, .all) {
      $0.filter = .all
    }
    #expect(store.state.filteredTodos == [milk, bread])
  }

  @Test
  func movingOnlyInEditModeThenCompletedSinkAgain() async {
    let clock = TestClock()
    let milk = Todo.State(description: "Milk", id: UUID(0))
    let eggs = Todo.State(description: "Eggs", id: UUID(1))
    let bread = Todo.State(description: "Bread", id: UUID(2), isComplete: true)
    let store = TestStore(
      initialState: Todos.State(filter: .active, todos: [milk, eggs, bread])
    ) {
      Todos()
    } withDependencies: {
      $0.continuousClock = clock
    }

    // Not editing: the move is ignored.
    await store.send(.moveTodos(fromOffsets: [1], toOffset: 0))

    await store.send(\.binding.editMode, .active) {
      $0.editMode = .active
      $0.filter = .all
    }
    await store.send(.moveTodos(fromOffsets: [1], toOffset: 0)) {
      $0.todos = [eggs, milk, bread]
    }
    await clock.advance(by: .seconds(1))
    await store.receive(\.sortCompletedTodos)

    await store.send(.moveTodos(fromOffsets: [2], toOffset: 0)) {
      $0.todos = [bread, eggs, milk]
    }
    await clock.advance(by: .seconds(1))
    await store.receive(\.sortCompletedTodos) {
      $0.todos = [eggs, milk, bread]
    }
  }

  @Test
  func completingNonExhaustively() async {
    let clock = TestClock()
    let store = TestStore(initialState: Todos.State()) {
      Todos()
    } withDependencies: {
      $0.continuousClock = clock
      $0.uuid = .incrementing
    }
    store.exhaustivity = .off

    await store.send(.addTodoButtonTapped)
    await store.send(.addTodoButtonTapped)
    await store.send(\.todos[id: UUID(1)].binding.isComplete, true)
    await clock.advance(by: .seconds(1))
    await store.receive(\.sortCompletedTodos) {
      $0.todos = [
        Todo.State(id: UUID(0)),
        Todo.State(id: UUID(1), isComplete: true),
      ]
    }
  }

  @Test
  func setUpWithoutExhaustivityThenAssertEverything() async {
    let store = TestStore(initialState: Todos.State()) {
      Todos()
    } withDependencies: {
      $0.uuid = .incrementing
    }

    await store.withExhaustivity(.off) {
      await store.send(.addTodoButtonTapped)
      await store.send(.addTodoButtonTapped)
      await store.send(\.todos[id: UUID(0)].binding.description, "Call the plumber")
    }

    await store.send(.deleteButtonTapped(id: UUID(0))) {
      $0.todos = [Todo.State(id: UUID(1))]
      $0.undoStack = [
        Todos.Deletion(
          offset: 1,
          todo: Todo.State(description: "Call the plumber", id: UUID(0))
        )
      ]
    }
    await store.send(.undoDeleteButtonTapped) {
      $0.todos = [
        Todo.State(id: UUID(1)),
        Todo.State(description: "Call the plumber", id: UUID(0)),
      ]
      $0.undoStack = []
    }
  }
}
