import IssueReporting

/// Dismisses the feature that is presented (by `ifLet` on a ``PresentationState``) or pushed
/// (by `forEach` on a ``StackState``), from one of its own effects.
///
/// ```swift
/// @Dependency(\.dismiss) var dismiss
/// …
/// case .saveButtonTapped:
///   return .run { [contact = state.contact] send in
///     await send(.delegate(.saveContact(contact)))
///     await dismiss()
///   }
/// ```
///
/// The parent receives `.dismiss` (or `.popFrom(id:)`), the child's state goes away and its
/// effects, this one included, are cancelled.
public struct DismissEffect: Sendable {
  let override: (@Sendable () async -> Void)?

  /// A dismiss that calls `dismiss`, for tests of a child on its own.
  public init(_ dismiss: @escaping @Sendable () async -> Void) {
    self.override = dismiss
  }

  init() {
    self.override = nil
  }

  /// What the enclosing `ifLet` or `forEach` installed for the effect running now.
  @TaskLocal static var handler: (@Sendable () async -> Void)?

  /// Whether an `ifLet` or `forEach` is running a presented child (its reducer or one of its
  /// effects) in this task: a task-local (``NavigationScope/context``) rather than a dependency
  /// override, because it is set for every action a presented child gets, and a task-local push
  /// costs far less than a copy of the dependency values.
  static var isPresented: Bool { NavigationScope.context.isPresented }

  /// Dismisses the presented or pushed feature whose effect calls it; elsewhere calls the
  /// closure given to `init(_:)`, or, without one, reports an issue.
  public func callAsFunction(
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    // A presented feature is dismissed by what presents it, as TCA's `ifLet` and `forEach`
    // replace the dependency for the features they run; an override applies elsewhere (a
    // child tested on its own, a test store's root).
    if let handler = Self.handler {
      await handler()
      return
    }
    if let override {
      await override()
      return
    }
    reportIssue(
      """
      "dismiss()" was called from an effect of a feature that is not presented.

      Only a feature run by "ifLet" on a presentation state ("@Presents") or by "forEach" on \
      a stack state can dismiss itself; call it from an effect ("Effect.run") of that feature.
      """,
      fileID: fileID, filePath: filePath, line: line, column: column
    )
  }
}

private enum DismissKey: DependencyKey {
  static let liveValue = DismissEffect()
  static let testValue = DismissEffect()
}

private enum IsPresentedKey: DependencyKey {
  static let liveValue = false
  static let testValue = false
}

extension DependencyValues {
  /// Dismisses the presented feature whose effect calls it: ``DismissEffect``.
  public var dismiss: DismissEffect {
    get { self[DismissKey.self] }
    set { self[DismissKey.self] = newValue }
  }

  /// Whether the feature reading it is presented, by `ifLet` on a presentation state or by
  /// `forEach` on a stack, in its reducer and in its effects.
  public var isPresented: Bool {
    get { DismissEffect.isPresented || self[IsPresentedKey.self] }
    set { self[IsPresentedKey.self] = newValue }
  }
}

extension Effect {
  /// This effect, with `dismiss()` in its operations sending `dismissAction` to the store.
  @usableFromInline
  func dismissing(with dismissAction: Action) -> Self {
    // Read on the main actor only, by the `Send` that delivers it.
    let dismissAction = Carried(dismissAction)
    return wrappingRuns { send, operation in
      // What the child sends is reduced by the whole app, perhaps in this very task: it must
      // not see the child's presentation, nor start parent effects that inherit its dismiss.
      let outside = Send<Action>(origin: send.origin) { action in
        DismissEffect.$handler.withValue(nil) {
          NavigationScope.presented(false) { send.send(action) }
        }
      }
      let dismiss: @Sendable () async -> Void = { @MainActor in
        await outside(dismissAction.value)
      }
      await NavigationScope.presented(true) {
        await DismissEffect.$handler.withValue(dismiss) {
          await operation(outside)
        }
      }
    }
  }
}

/// What identifies one presentation of a feature: its type, the case of an enum destination,
/// and the `id` of the value, or of an enum destination's element, when it is `Identifiable`
/// (as TCA's). A new identity means a new presentation, whose predecessor's effects are
/// cancelled: `.detail(A)` replaced by `.detail(B)` is one.
///
/// Computed for every action while something is presented, so it keeps hashes rather than
/// values: the hash of the case key path that `@CasePathable` returns for the value, and of the
/// `id`.
@usableFromInline
struct PresentationIdentity: Hashable, Sendable {
  let type: ObjectIdentifier
  var caseKeyPath: Int?
  var id: Int?

  init(type: ObjectIdentifier, caseKeyPath: Int?, id: Int?) {
    self.type = type
    self.caseKeyPath = caseKeyPath
    self.id = id
  }

  @usableFromInline
  init<State>(of value: State) {
    type = ObjectIdentifier(State.self)
    if let state = value as? any CaseReducerState {
      // What the macro generated: no case paths to look up, no casts.
      caseKeyPath = state._$caseIndex
      id = state._$elementID
      return
    } else {
      caseKeyPath = (value as? any CasePathable).flatMap { caseKeyPathIdentifier($0) }
    }
    id =
      (value as? any Identifiable).map { $0.id.hashValue }
      ?? (value as? any CasePathable).flatMap { elementID($0) }
    // A plain enum (no `@CasePathable`, as older features declare their destinations): its
    // case and its value's `id` read by reflection.
    if caseKeyPath == nil, id == nil {
      let mirror = Mirror(reflecting: value)
      if mirror.displayStyle == .enum, let payload = mirror.children.first {
        caseKeyPath = payload.label?.hashValue
        id = (payload.value as? any Identifiable).map { $0.id.hashValue }
      }
    }
  }
}

/// The hash of the `id` of an enum's associated value, when it is `Identifiable`.
private func elementID<Root: CasePathable>(_ value: Root) -> Int? {
  guard let reflectable = Root.allCasePaths as? any CasePathReflectable<Root> else { return nil }
  return (value[case: reflectable[value]] as? any Identifiable).map { $0.id.hashValue }
}

private func caseKeyPathIdentifier<Root: CasePathable>(_ value: Root) -> Int? {
  guard let reflectable = Root.allCasePaths as? any CasePathReflectable<Root> else { return nil }
  return reflectable[value].hashValue
}
