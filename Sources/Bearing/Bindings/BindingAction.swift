/// An action that sets one field of a feature's state: what a text field or a toggle sends.
///
/// ```swift
/// enum Action: BindableAction {
///   case binding(BindingAction<State>)
/// }
/// store.send(.binding(.set(\.query, "espresso")))
/// ```
///
/// In a reducer, match a binding of one field with its key path:
///
/// ```swift
/// case .binding(\.query):
///   return .send(.search)
/// ```
@dynamicMemberLookup
public struct BindingAction<Root>: CustomDumpReflectable, Equatable, Sendable {
  /// The field this action sets.
  public let keyPath: any PartialKeyPath<Root> & Sendable
  let set: @Sendable (inout Root) -> Void
  let value: any Sendable
  let isValueEqual: @Sendable (any Sendable) -> Bool
  /// Set when a store's binding sent this action: reports the action if no reducer applies it.
  let debugger: UnhandledBindingDebugger?

  init(
    keyPath: any PartialKeyPath<Root> & Sendable,
    set: @escaping @Sendable (inout Root) -> Void,
    value: any Sendable,
    isValueEqual: @escaping @Sendable (any Sendable) -> Bool,
    debugger: UnhandledBindingDebugger? = nil
  ) {
    self.keyPath = keyPath
    self.set = set
    self.value = value
    self.isValueEqual = isValueEqual
    self.debugger = debugger
  }

  /// The same action, watched by `debugger`.
  func watched(by debugger: UnhandledBindingDebugger) -> Self {
    Self(keyPath: keyPath, set: set, value: value, isValueEqual: isValueEqual, debugger: debugger)
  }

  /// An action that sets the field at `keyPath` to `value`.
  public static func set<Value: Equatable & Sendable>(
    _ keyPath: any WritableKeyPath<Root, Value> & Sendable,
    _ value: Value
  ) -> Self {
    Self(
      keyPath: keyPath,
      set: { $0[keyPath: keyPath] = value },
      value: value,
      isValueEqual: { ($0 as? Value) == value }
    )
  }

  /// Sets the field on `root`.
  public func callAsFunction(_ root: inout Root) {
    debugger?.handled()
    set(&root)
  }

  /// The value being set, when this action sets the field at `keyPath`.
  public subscript<Value: Equatable & Sendable>(
    dynamicMember keyPath: any WritableKeyPath<Root, Value> & Sendable
  ) -> Value? {
    (self.keyPath as AnyKeyPath) == keyPath ? value as? Value : nil
  }

  /// Whether `bindingAction` sets the field at `keyPath`: `case .binding(\.query):`.
  public static func ~= <Value>(
    keyPath: WritableKeyPath<Root, Value>,
    bindingAction: Self
  ) -> Bool {
    (bindingAction.keyPath as AnyKeyPath) == keyPath
  }

  /// Whether both set the same field to equal values.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    (lhs.keyPath as AnyKeyPath) == rhs.keyPath && lhs.isValueEqual(rhs.value)
  }

  /// Dumped as `.set(keyPath, value)`, so test failures show the field and the value.
  public var customDumpMirror: Mirror {
    Mirror(
      self,
      children: ["set": (keyPath: String(describing: keyPath), value: value)],
      displayStyle: .enum
    )
  }
}

extension BindingAction: CasePathable {
  /// Case paths into binding actions, one per writable field: `\.binding.query` names the
  /// action that sets `query`.
  @dynamicMemberLookup
  public struct AllCasePaths: Sendable {
    /// The case path of the action that sets the field at `keyPath`: `\.binding.query`.
    public subscript<Value: Equatable & Sendable>(
      dynamicMember keyPath: any WritableKeyPath<Root, Value> & Sendable
    ) -> AnyCasePath<BindingAction, Value> {
      AnyCasePath(
        embed: { .set(keyPath, $0) },
        extract: { ($0.keyPath as AnyKeyPath) == keyPath ? $0.value as? Value : nil }
      )
    }
  }

  /// Case paths to the binding actions, one per writable field.
  public static var allCasePaths: AllCasePaths { AllCasePaths() }
}

/// An action enum with a case for bindings, so that ``BindingReducer`` can apply them.
///
/// ```swift
/// enum Action: BindableAction {
///   case binding(BindingAction<State>)
///   case searchTapped
/// }
/// ```
public protocol BindableAction {
  /// The state the bindings set fields of.
  associatedtype State

  /// The case that carries a binding.
  static func binding(_ action: BindingAction<State>) -> Self
}

extension BindableAction {
  /// A binding action that sets the field at `keyPath` to `value`.
  public static func set<Value: Equatable & Sendable>(
    _ keyPath: any WritableKeyPath<State, Value> & Sendable,
    _ value: Value
  ) -> Self {
    binding(.set(keyPath, value))
  }
}
