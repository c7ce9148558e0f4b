#if !canImport(SwiftUI)
  /// Stands in for SwiftUI's `Binding` where SwiftUI does not exist (Linux): a value read and
  /// written through closures. ``ViewStore`` hands these out for `@BindingState` fields, so code
  /// written against the older binding API builds and runs there.
  @propertyWrapper
  @dynamicMemberLookup
  public struct Binding<Value>: Sendable {
    private let get: @Sendable () -> Value
    private let set: @Sendable (Value) -> Void

    /// A binding that reads through `get` and writes through `set`.
    public init(get: @escaping @Sendable () -> Value, set: @escaping @Sendable (Value) -> Void) {
      self.get = get
      self.set = set
    }

    /// A binding that always reads `value` and ignores writes.
    public static func constant(_ value: Value) -> Self where Value: Sendable {
      Self(get: { value }, set: { _ in })
    }

    /// Reads the current value; writing calls the binding's setter.
    public var wrappedValue: Value {
      get { get() }
      nonmutating set { set(newValue) }
    }

    /// The binding itself, so `$value` of a `@Binding` property is its binding.
    public var projectedValue: Self { self }

    /// A binding to a part of the value: writing it writes the whole with that part changed.
    public subscript<Subject>(
      dynamicMember keyPath: any WritableKeyPath<Value, Subject> & Sendable
    ) -> Binding<Subject> {
      Binding<Subject>(
        get: { self.wrappedValue[keyPath: keyPath] },
        set: { newValue in
          var value = self.wrappedValue
          value[keyPath: keyPath] = newValue
          self.wrappedValue = value
        }
      )
    }
  }
#endif

/// A `@BindingState` field as a view state holds it: its value when the view state was made,
/// and a binding that writes it to the store.
///
/// ```swift
/// struct ViewState: Equatable {
///   @BindingViewState var name: String
/// }
/// let viewStore = ViewStore(store, observe: { ViewState(name: $0.$name) })
/// viewStore.$name.wrappedValue = "Blob"  // sends .binding(.set(\.$name, "Blob"))
/// ```
@propertyWrapper
@dynamicMemberLookup
public struct BindingViewState<Value> {
  let binding: Binding<Value>
  let initialValue: Value

  init(binding: Binding<Value>) {
    self.binding = binding
    self.initialValue = binding.wrappedValue
  }

  /// The store's current value; writing it sends a binding action.
  public var wrappedValue: Value {
    get { binding.wrappedValue }
    set { binding.wrappedValue = newValue }
  }

  /// The binding itself: `viewStore.$name`.
  public var projectedValue: Binding<Value> { binding }

  /// A part of the value, as bindable view state of its own.
  public subscript<Subject>(
    dynamicMember keyPath: any WritableKeyPath<Value, Subject> & Sendable
  ) -> BindingViewState<Subject> {
    BindingViewState<Subject>(binding: binding[dynamicMember: keyPath])
  }
}

/// Two view states are equal when the values they were made with are: a view state is a
/// snapshot, even though its binding reads the store as it is now.
extension BindingViewState: Equatable where Value: Equatable {
  /// Whether the values the view states were made with are equal.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.initialValue == rhs.initialValue
  }
}

extension BindingViewState: Sendable where Value: Sendable {}

extension BindingViewState: CustomDumpRepresentable {
  /// Dumped as the value the view state was made with.
  public var customDumpValue: Any { initialValue }
}

/// What a ``ViewStore``'s `observe` closure reads the state through when the store's actions
/// are bindable: fields as they are, and `$field` of a `@BindingState` field as a
/// ``BindingViewState`` that writes to the store.
@dynamicMemberLookup
public struct BindingViewStore<State> {
  private let state: State
  private let current: @Sendable () -> State
  private let send: @Sendable (BindingAction<State>) -> Void
  /// Watches a write through a binding: the warning it gives names the store's action type.
  private let debugger:
    @Sendable (_ value: any Sendable, _ declaration: BindingDeclaration)
      -> UnhandledBindingDebugger

  init(
    state: State, current: @escaping @Sendable () -> State,
    send: @escaping @Sendable (BindingAction<State>) -> Void,
    debugger: @escaping @Sendable (any Sendable, BindingDeclaration) -> UnhandledBindingDebugger
  ) {
    self.state = state
    self.current = current
    self.send = send
    self.debugger = debugger
  }

  /// A field of the state as it was when the view state was made.
  public subscript<Value>(dynamicMember keyPath: KeyPath<State, Value>) -> Value {
    state[keyPath: keyPath]
  }

  /// `$field` of a `@BindingState` field: a view state whose binding reads the store's current
  /// value and sends a binding action when written.
  public subscript<Value: Equatable & Sendable>(
    dynamicMember keyPath: any WritableKeyPath<State, BindingState<Value>> & Sendable
  ) -> BindingViewState<Value> {
    let current = current
    let send = send
    let debugger = debugger
    let declaration = state[keyPath: keyPath].declaration
    return BindingViewState(
      binding: Binding(
        get: { current()[keyPath: keyPath].wrappedValue },
        set: { value in
          send(BindingAction.set(keyPath, value).watched(by: debugger(value, declaration)))
        }
      )
    )
  }
}

extension ViewStore {
  /// A view store whose view state is made through a ``BindingViewStore``, so that it can hold
  /// ``BindingViewState`` fields: `ViewStore(store, observe: { ViewState(name: $0.$name) })`.
  public convenience init<State, Action: BindableAction>(
    _ store: Store<State, Action>,
    observe toViewState: @escaping (_ state: BindingViewStore<State>) -> ViewState,
    send fromViewAction: @escaping (_ viewAction: ViewAction) -> Action,
    removeDuplicates isDuplicate: @escaping (_ lhs: ViewState, _ rhs: ViewState) -> Bool
  ) where Action.State == State {
    // Named here: the closures below may not capture `Action`'s type, which need not be
    // `Sendable`.
    let actionTypeName = debugTypeName(Action.self)
    self.init(
      store,
      observe: { state in
        toViewState(
          BindingViewStore(
            state: state,
            // A binding is read and written where its store lives, on the main actor, as a
            // SwiftUI view's are; used from another thread it traps rather than race. The
            // state read there is handed back on the same thread, at once: it crosses nothing.
            current: { MainActor.assumeIsolated { UncheckedSendable(store.state) }.value },
            send: { action in MainActor.assumeIsolated { _ = store.send(.binding(action)) } },
            debugger: {
              UnhandledBindingDebugger(
                actionTypeName: actionTypeName, value: $0, bindingState: $1)
            }))
      },
      send: fromViewAction,
      removeDuplicates: isDuplicate)
  }

  /// The same, the view's actions being the store's and view states compared with `==`.
  public convenience init<State>(
    _ store: Store<State, ViewAction>,
    observe toViewState: @escaping (_ state: BindingViewStore<State>) -> ViewState
  ) where ViewAction: BindableAction, ViewAction.State == State, ViewState: Equatable {
    self.init(store, observe: toViewState, send: { $0 }, removeDuplicates: { $0 == $1 })
  }

  /// The same, view states compared with `==`.
  public convenience init<State, Action: BindableAction>(
    _ store: Store<State, Action>,
    observe toViewState: @escaping (_ state: BindingViewStore<State>) -> ViewState,
    send fromViewAction: @escaping (_ viewAction: ViewAction) -> Action
  ) where Action.State == State, ViewState: Equatable {
    self.init(store, observe: toViewState, send: fromViewAction, removeDuplicates: { $0 == $1 })
  }

  /// A binding to a `@BindingState` field of the view state, `viewStore.$name`: writing it
  /// sends `.binding(.set(\.$name, value))`.
  public subscript<Value: Equatable & Sendable>(
    dynamicMember keyPath: any WritableKeyPath<ViewState, BindingState<Value>> & Sendable
  ) -> Binding<Value> where ViewAction: BindableAction, ViewAction.State == ViewState {
    // On the main actor, where the view store lives (see `init(_:observe:send:removeDuplicates:)`
    // above): a binding used from another thread traps rather than race.
    Binding(
      get: { MainActor.assumeIsolated { self.state[keyPath: keyPath].wrappedValue } },
      set: { value in
        MainActor.assumeIsolated {
          let debugger = UnhandledBindingDebugger(
            actionType: ViewAction.self, value: value,
            bindingState: self.state[keyPath: keyPath].declaration)
          self.send(.binding(BindingAction.set(keyPath, value).watched(by: debugger)))
        }
      }
    )
  }
}
