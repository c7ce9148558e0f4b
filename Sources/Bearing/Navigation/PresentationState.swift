/// The state of a feature that may be presented (a sheet, an alert, a destination), held behind
/// a box so that a feature can present itself recursively.
///
/// Declare it with `@Presents`; `$destination` is the presentation state that `ifLet` takes:
///
/// ```swift
/// @ObservableState
/// struct State: Equatable {
///   @Presents var destination: Destination.State?
/// }
/// …
/// .ifLet(\.$destination, action: \.destination)
/// ```
@propertyWrapper
public struct PresentationState<State> {
  /// The value behind one indirection, so that a feature's state can hold a presentation of
  /// the same feature; Sendable whenever `State` is, checked by the compiler.
  /// A box, so that a state can present a state of its own type, and so that two copies of
  /// one presentation compare equal at once, without comparing what they present.
  @usableFromInline
  final class Storage {
    @usableFromInline let value: State?

    @usableFromInline
    init(_ value: State?) {
      self.value = value
    }
  }

  @usableFromInline var storage: Storage
  /// What the presentation's reducer saw presented last time it ran, so that it notices a
  /// presentation another reducer ended before it ran. Not part of the value.
  @usableFromInline var mounted: PresentationIdentity?

  /// Presentation state holding `wrappedValue`; `nil` presents nothing.
  public init(wrappedValue: State?) {
    self.storage = Storage(wrappedValue)
  }

  /// The presented feature's state, or `nil` when nothing is presented.
  @inlinable
  public var wrappedValue: State? {
    get { storage.value }
    set { storage = Storage(newValue) }
  }

  /// Whether both hold the very same presentation (one box), which tells without comparing
  /// what they present that nothing changed.
  @usableFromInline
  func isSharing(with other: Self) -> Bool {
    storage === other.storage
  }

  /// The presentation state itself: `$destination`.
  public var projectedValue: Self {
    get { self }
    set { self = newValue }
  }
}

extension PresentationState: Equatable where State: Equatable {
  /// Whether both present equal state (or share the same storage, which settles it at once).
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.storage === rhs.storage || lhs.wrappedValue == rhs.wrappedValue
  }
}

extension PresentationState: Hashable where State: Hashable {
  /// Hashes the presented state.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(wrappedValue)
  }
}

extension PresentationState: Sendable where State: Sendable {}
extension PresentationState.Storage: Sendable where State: Sendable {}

extension PresentationState: CustomDumpReflectable {
  /// Dumped as the presented state (or `nil`), without the wrapper.
  public var customDumpMirror: Mirror {
    Mirror(reflecting: wrappedValue as Any)
  }
}

/// The actions of a presented feature, and its dismissal.
///
/// ```swift
/// enum Action {
///   case destination(PresentationAction<Destination.Action>)
/// }
/// await store.send(\.destination.addContact.setName, "Blob")   // through `.presented`
/// await store.receive(\.destination.dismiss)
/// ```
public enum PresentationAction<Action> {
  /// The presented feature was dismissed: its state becomes `nil` and its effects are cancelled.
  case dismiss
  /// An action of the presented feature.
  indirect case presented(Action)
}

extension PresentationAction: Equatable where Action: Equatable {}
extension PresentationAction: Hashable where Action: Hashable {}
extension PresentationAction: Sendable where Action: Sendable {}

extension PresentationAction: CasePathable {
  /// `\.dismiss`, `\.presented`, and every case of the presented feature's actions directly:
  /// `\.destination.addContact` means `.destination(.presented(.addContact(…)))`.
  @dynamicMemberLookup
  public struct AllCasePaths: Sendable {
    /// The case path of `.dismiss`: `\.destination.dismiss`.
    public var dismiss: AnyCasePath<PresentationAction, Void> {
      AnyCasePath(
        embed: { .dismiss },
        extract: {
          guard case .dismiss = $0 else { return nil }
          return ()
        }
      )
    }

    /// The case path of `.presented(action)`: `\.destination.presented`.
    public var presented: AnyCasePath<PresentationAction, Action> {
      AnyCasePath(
        embed: { .presented($0) },
        extract: {
          guard case .presented(let action) = $0 else { return nil }
          return action
        }
      )
    }

    /// A case of the presented feature's actions, reached through `.presented`.
    public subscript<AppendedAction>(
      dynamicMember keyPath: KeyPath<Action.AllCasePaths, AnyCasePath<Action, AppendedAction>>
    ) -> AnyCasePath<PresentationAction, AppendedAction>
    where Action: CasePathable & SendableMetatype {
      let casePath = Action.allCasePaths[keyPath: keyPath]
      return AnyCasePath(
        embed: { .presented(casePath.embed($0)) },
        extract: {
          guard case .presented(let action) = $0 else { return nil }
          return casePath.extract(from: action)
        }
      )
    }
  }

  /// Case paths to `.dismiss`, `.presented`, and the presented feature's cases.
  public static var allCasePaths: AllCasePaths { AllCasePaths() }
}
