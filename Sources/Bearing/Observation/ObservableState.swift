import IdentifiedCollections
import Observation
import OrderedCollections
import Synchronization

/// A state whose properties take part in Swift's Observation one by one, and whose identity
/// (`_$id`) tells a store whether it was replaced; what `@ObservableState` adds.
///
/// Copies of a state share its observers: reading `state.count` inside
/// `withObservationTracking` is told when any copy's `count` is about to change.
public protocol ObservableState: Observable, SendableMetatype {
  /// The identity of this value: kept by mutations of its properties, new for a new value.
  var _$id: ObservableStateID { get }
  /// Gives this value a new identity, so that assigning it back is seen as a change.
  mutating func _$willModify()
}

/// The identity of an ``ObservableState`` value: a number drawn once per value from a
/// process-wide counter (an atomic increment, where The Composable Architecture draws a UUID),
/// and for an enum, the case that holds it.
public struct ObservableStateID: Hashable, Sendable {
  private var serial: UInt64
  private var tag: UInt64 = 0

  /// A new identity, equal to no other.
  public init() {
    serial = nextObservableStateSerial.wrappingAdd(1, ordering: .relaxed).oldValue
  }

  /// The identity of `value`, for the payload of an `@ObservableState` enum's case.
  public static func _$id(for value: some ObservableState) -> Self {
    value._$id
  }

  /// A new identity: a payload that is not observable is never known to be the same.
  @_disfavoredOverload
  public static func _$id<T>(for value: T) -> Self {
    Self()
  }

  /// This identity, marked with the case of an enum that holds it.
  public func _$tag(_ tag: Int) -> Self {
    var copy = self
    copy.tag = (copy.tag &* 0x100_0000_01b3) ^ UInt64(UInt(bitPattern: tag) &+ 1)
    return copy
  }

  /// Replaces this identity with a new one.
  public mutating func _$willModify() {
    self = Self()
  }

  /// Gives an enum case's observable payload a new identity.
  public static func _$willModify(_ value: inout some ObservableState) {
    value._$willModify()
  }

  /// Leaves a payload that is not observable as it is.
  @_disfavoredOverload
  public static func _$willModify<T>(_ value: inout T) {}
}

private let nextObservableStateSerial = Atomic<UInt64>(0)

/// Whether assigning `rhs` over `lhs` leaves observers nothing to be told: the same identity.
@inlinable
public func _$isIdentityEqual<T: ObservableState>(_ lhs: T, _ rhs: T) -> Bool {
  lhs._$id == rhs._$id
}

/// Both `nil`, or the same identity.
@inlinable
public func _$isIdentityEqual<T: ObservableState>(_ lhs: T?, _ rhs: T?) -> Bool {
  switch (lhs, rhs) {
  case (nil, nil): true
  case (let lhs?, let rhs?): lhs._$id == rhs._$id
  default: false
  }
}

/// The same number of elements with the same identities, in the same order.
@inlinable
public func _$isIdentityEqual<C: Collection>(_ lhs: C, _ rhs: C) -> Bool
where C.Element: ObservableState {
  lhs.count == rhs.count && zip(lhs, rhs).allSatisfy { $0._$id == $1._$id }
}

/// The same ids in the same order. A changed copy of an element assigned back keeps its id, so
/// it is not seen here; its own properties' observers are told when they change.
@inlinable
public func _$isIdentityEqual<ID: Hashable, T: ObservableState>(
  _ lhs: IdentifiedArray<ID, T>, _ rhs: IdentifiedArray<ID, T>
) -> Bool {
  lhs.ids == rhs.ids
}

/// The same element ids in the same order.
@inlinable
public func _$isIdentityEqual<T>(_ lhs: StackState<T>, _ rhs: StackState<T>) -> Bool {
  lhs.ids == rhs.ids
}

/// The same element ids in the same order.
@inlinable
public func _$isIdentityEqual<T: ObservableState>(_ lhs: StackState<T>, _ rhs: StackState<T>)
  -> Bool
{
  lhs.ids == rhs.ids
}

/// The same presentation (one box), or presented states of the same identity.
@inlinable
public func _$isIdentityEqual<T>(_ lhs: PresentationState<T>, _ rhs: PresentationState<T>)
  -> Bool
{
  lhs.isSharing(with: rhs)
}

/// The same presentation (one box), or presented states of the same identity.
@inlinable
public func _$isIdentityEqual<T: ObservableState>(
  _ lhs: PresentationState<T>, _ rhs: PresentationState<T>
) -> Bool {
  lhs.isSharing(with: rhs) || _$isIdentityEqual(lhs.wrappedValue, rhs.wrappedValue)
}

/// Any other value: the same bits when it is plain data (`Int`, `Bool`, a struct of them), which
/// a comparison of its bytes tells at once; otherwise not known to be the same, so observers are
/// told. No dynamic cast: the overloads above are chosen where the property's type is known, and
/// all are inlinable, so they are specialized in the feature's module.
@_disfavoredOverload
@inlinable
public func _$isIdentityEqual<T>(_ lhs: T, _ rhs: T) -> Bool {
  guard _isPOD(T.self) else { return false }
  return withUnsafeBytes(of: lhs) { lhs in
    withUnsafeBytes(of: rhs) { rhs in lhs.elementsEqual(rhs) }
  }
}
