/// A field of a feature's state that a view may write through a binding: the form of bindable
/// state that The Composable Architecture had before `@ObservableState` (and still accepts).
///
/// ```swift
/// struct State: Equatable {
///   @BindingState var name = ""
/// }
/// // A view's binding sends .binding(.set(\.$name, "Blob")); BindingReducer applies it.
/// ```
@propertyWrapper
@dynamicMemberLookup
public struct BindingState<Value> {
  /// The field's value.
  public var wrappedValue: Value
  /// Where the field is declared: what a warning about a lost write through its binding names.
  let fileID: StaticString
  let filePath: StaticString
  let line: UInt
  let column: UInt

  /// Wraps a field's initial value, recording where it is declared for warnings about lost
  /// writes.
  public init(
    wrappedValue: Value,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    self.wrappedValue = wrappedValue
    self.fileID = fileID
    self.filePath = filePath
    self.line = line
    self.column = column
  }

  /// The field itself, `$name`: what `BindingAction.set(\.$name, …)` names.
  public var projectedValue: Self {
    get { self }
    set { self = newValue }
  }

  /// A part of the value as bindable state of its own.
  public subscript<Subject>(
    dynamicMember keyPath: WritableKeyPath<Value, Subject>
  ) -> BindingState<Subject> {
    get {
      BindingState<Subject>(
        wrappedValue: wrappedValue[keyPath: keyPath], fileID: fileID, filePath: filePath,
        line: line, column: column)
    }
    set { wrappedValue[keyPath: keyPath] = newValue.wrappedValue }
  }
}

/// Where a `@BindingState` field is declared.
typealias BindingDeclaration = (
  fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
)

extension BindingState {
  /// Where the field is declared.
  var declaration: BindingDeclaration {
    (fileID, filePath, line, column)
  }
}

extension BindingState: Equatable where Value: Equatable {
  /// Equal values are equal fields, wherever they were declared.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.wrappedValue == rhs.wrappedValue
  }
}
extension BindingState: Hashable where Value: Hashable {
  /// Hashes the value only, as `==` compares it.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(wrappedValue)
  }
}
extension BindingState: Sendable where Value: Sendable {}
extension BindingState: Decodable where Value: Decodable {
  /// Decodes the value alone, as if it were not wrapped.
  public init(from decoder: any Decoder) throws {
    self.init(wrappedValue: try Value(from: decoder))
  }
}
extension BindingState: Encodable where Value: Encodable {
  /// Encodes the value alone, as if it were not wrapped.
  public func encode(to encoder: any Encoder) throws {
    try wrappedValue.encode(to: encoder)
  }
}

extension BindingState: CustomDumpRepresentable {
  /// Dumped as its value: test failures show the field, not the wrapper.
  public var customDumpValue: Any { wrappedValue }
}

extension BindingState: CustomStringConvertible {
  /// The value's description.
  public var description: String { String(describing: wrappedValue) }
}

extension BindingAction {
  /// Sets a `@BindingState` field: `.set(\.$name, "Blob")`.
  public static func set<Value: Equatable & Sendable>(
    _ keyPath: any WritableKeyPath<Root, BindingState<Value>> & Sendable,
    _ value: Value
  ) -> Self {
    Self(
      keyPath: keyPath,
      set: { $0[keyPath: keyPath].wrappedValue = value },
      value: value,
      isValueEqual: { ($0 as? Value) == value }
    )
  }

  /// Matches a binding action of a `@BindingState` field: `case .binding(\.$name):`.
  public static func ~= <Value>(
    keyPath: WritableKeyPath<Root, BindingState<Value>>,
    bindingAction: Self
  ) -> Bool {
    (bindingAction.keyPath as AnyKeyPath) == keyPath
  }
}

extension BindingAction.AllCasePaths {
  /// The value a binding action sets on a `@BindingState` field: `action[case: \.binding.$name]`.
  public subscript<Value: Equatable & Sendable>(
    dynamicMember keyPath: any WritableKeyPath<Root, BindingState<Value>> & Sendable
  ) -> AnyCasePath<BindingAction, Value> {
    AnyCasePath(
      embed: { .set(keyPath, $0) },
      extract: { ($0.keyPath as AnyKeyPath) == keyPath ? $0.value as? Value : nil }
    )
  }
}

extension BindableAction {
  /// The binding action that sets a `@BindingState` field: `.set(\.$name, "Blob")`.
  public static func set<Value: Equatable & Sendable>(
    _ keyPath: any WritableKeyPath<State, BindingState<Value>> & Sendable,
    _ value: Value
  ) -> Self {
    binding(.set(keyPath, value))
  }
}
