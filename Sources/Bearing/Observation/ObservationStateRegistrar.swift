import Observation

/// What `@ObservableState` stores in a struct: its identity and the registrar its properties
/// report reads and changes to. Copies of the struct share the registrar, so observers of one
/// copy are told of changes made through another (a store's state and a reducer's `inout`).
///
/// Not part of the state's value: every registrar equals every other and hashes to nothing, so
/// `Equatable` and `Hashable` conformances the compiler writes are those of the properties.
public struct ObservationStateRegistrar: Sendable {
  /// The state's identity, kept by mutations and new for a new value.
  public private(set) var id = ObservableStateID()
  @usableFromInline let registrar = ObservationRegistrar()

  /// A registrar with a new identity and no observers.
  public init() {}

  /// Gives the state a new identity.
  public mutating func _$willModify() {
    id._$willModify()
  }

  /// Records a read of `keyPath` for the `withObservationTracking` under way, if any.
  @inlinable
  public func access<Subject: Observable, Member>(
    _ subject: Subject, keyPath: KeyPath<Subject, Member>
  ) {
    registrar.access(subject, keyPath: keyPath)
  }

  /// Stores `newValue` in `value`, telling observers of `keyPath` unless the two have the same
  /// identity (`isIdentityEqual`).
  @inlinable
  public func mutate<Subject: Observable, Member, Value>(
    _ subject: Subject, keyPath: KeyPath<Subject, Member>, _ value: inout Value,
    _ newValue: Value, _ isIdentityEqual: (Value, Value) -> Bool
  ) {
    if isIdentityEqual(value, newValue) {
      value = newValue
    } else {
      registrar.withMutation(of: subject, keyPath: keyPath) { value = newValue }
    }
  }

  /// The value before an in-place mutation, for ``didModify(_:keyPath:_:_:_:)``.
  @inlinable
  public func willModify<Subject: Observable, Member>(
    _ subject: Subject, keyPath: KeyPath<Subject, Member>, _ member: inout Member
  ) -> Member {
    member
  }

  /// The value before an in-place mutation of an observable child, which first gets a new
  /// identity: a child replaced inside the mutation (`state.child.reset()`) is then seen as
  /// replaced even by a copy of the value it had.
  @inlinable
  public func willModify<Subject: Observable, Member: ObservableState>(
    _ subject: Subject, keyPath: KeyPath<Subject, Member>, _ member: inout Member
  ) -> Member {
    member._$willModify()
    return member
  }

  /// Tells observers of `keyPath` of an in-place mutation that changed the value's identity.
  @inlinable
  public func didModify<Subject: Observable, Member>(
    _ subject: Subject, keyPath: KeyPath<Subject, Member>, _ member: inout Member,
    _ oldValue: Member, _ isIdentityEqual: (Member, Member) -> Bool
  ) {
    guard !isIdentityEqual(oldValue, member) else { return }
    let newValue = member
    member = oldValue
    registrar.withMutation(of: subject, keyPath: keyPath) { member = newValue }
  }
}

extension ObservationStateRegistrar: Equatable, Hashable, Codable {
  /// Always true: the registrar is not part of the state's value.
  public static func == (_: Self, _: Self) -> Bool { true }
  /// Hashes nothing, as every registrar equals every other.
  public func hash(into hasher: inout Hasher) {}
  /// Reads nothing: a decoded state gets a new registrar.
  public init(from decoder: any Decoder) throws { self.init() }
  /// Writes nothing: the registrar is not part of the state's value.
  public func encode(to encoder: any Encoder) throws {}
}
