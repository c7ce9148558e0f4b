/// Identifies the effects of one child of a reducer that runs child state (`ifLet`,
/// `ifCaseLet`, `forEach`, a presentation, a stack), for cancelling them when the child goes.
@usableFromInline
struct ChildCancelID<ID: Hashable & Sendable>: Hashable, Sendable {
  /// Where the reducer was built: the address of its `#fileID` text and its line. (Made per
  /// action, so it holds no `String`.)
  @usableFromInline let file: UInt
  @usableFromInline let line: UInt
  /// Which child: its element id, its presentation, or its own `id` when `Identifiable`.
  @usableFromInline let id: ID

  @usableFromInline
  init(file: UInt, line: UInt, id: ID) {
    self.file = file
    self.line = line
    self.id = id
  }
}

/// The life of a child's effects, the same for every reducer of child state: what the child
/// returns becomes the parent's effect, cancellable under the child's id (and, for a presented
/// child, able to dismiss it); when the child goes, its effects are cancelled.
@usableFromInline
struct ChildEffects {
  @usableFromInline let fileID: StaticString
  @usableFromInline let line: UInt

  @inlinable
  init(fileID: StaticString, line: UInt) {
    self.fileID = fileID
    self.line = line
  }

  @inlinable
  func cancelID<ID: Hashable & Sendable>(_ id: ID) -> ChildCancelID<ID> {
    ChildCancelID(file: fileID.address, line: line, id: id)
  }

  /// The child's effect as the parent's: its actions embedded, cancellable under `id`.
  ///
  /// `embed` is made only for an effect that is not `.none` (an autoclosure): the closure it
  /// returns captures the parent's case path, and would be a heap allocation at every send.
  @inlinable
  func effect<ChildAction, Action, ID: Hashable & Sendable>(
    _ effect: Effect<ChildAction>, of id: ID,
    embed: @autoclosure () -> (@Sendable (ChildAction) -> Action)
  ) -> Effect<Action> {
    guard !effect.isNone else { return .none }
    return effect.map(embed()).cancellable(id: cancelID(id))
  }

  /// Reduces a presented child (a destination, a stack element) inside its navigation place,
  /// so that its effects can dismiss it with `dismiss`.
  @inlinable
  func presented<ChildState, ChildAction, Action, ID: Hashable & Sendable>(
    _ child: some Reducer<ChildState, ChildAction>, _ state: inout ChildState,
    _ action: ChildAction, id: ID,
    embed: @autoclosure () -> (@Sendable (ChildAction) -> Action),
    dismiss: @autoclosure () -> Action
  ) -> Effect<Action> {
    let place = cancelID(id)
    let effect = NavigationScope.within(place) { child.reduce(into: &state, action: action) }
    guard !effect.isNone else { return .none }
    return effect.map(embed()).dismissing(with: dismiss()).cancellable(id: place)
  }

  /// The child's effect and the parent's, with the effects of every child in `gone` cancelled.
  @inlinable
  func merge<Action, Gone: Sequence>(
    _ child: Effect<Action>, _ parent: Effect<Action>, cancelling gone: Gone
  ) -> Effect<Action> where Gone.Element: Hashable & Sendable {
    var cancels: [Effect<Action>] = []
    for id in gone { cancels.append(.cancel(id: cancelID(id))) }
    guard !cancels.isEmpty else { return child.merge(with: parent) }
    return .merge([child, parent] + cancels)
  }
}
