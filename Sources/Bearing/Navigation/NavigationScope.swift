import ConcurrencyExtras

/// Where a reducer runs in the app's navigation: the presentations and stack elements it sits
/// in, outermost first. Empty outside any.
///
/// A presented feature's or a stack element's reducer runs with its place appended, and the
/// cancellation ids its effects use (``Effect/cancellable(id:cancelInFlight:)``,
/// ``Effect/cancel(id:)``) are made within that place: two features presented side by side
/// with the same `CancelID` cannot cancel each other's effects, nor their parent's; the parent's
/// `.cancel(id:)` reaches theirs, as in The Composable Architecture.
@usableFromInline
enum NavigationScope {
  /// The place, and whether the feature there is presented (``DismissEffect``): one
  /// task-local, so that running a presented child costs one push.
  struct Context: Sendable {
    /// The innermost place, which links to those outside it; `nil` at the root.
    var place: (any Place)?
    var isPresented = false
  }

  /// One place in the navigation, holding its id unboxed: entering a place costs one
  /// allocation, and the path as an array is made only when a cancellation id needs it.
  protocol Place: AnyObject, Sendable {
    var outer: (any Place)? { get }
    var id: AnyHashableSendable { get }
  }

  final class PlaceOf<ID: Hashable & Sendable>: Place {
    let outer: (any Place)?
    let place: ID

    init(_ place: ID, outer: (any Place)?) {
      self.place = place
      self.outer = outer
    }

    var id: AnyHashableSendable { AnyHashableSendable(place) }
  }

  @TaskLocal static var context = Context()

  static var path: [AnyHashableSendable] {
    var path: [AnyHashableSendable] = []
    var place = context.place
    while let current = place {
      path.append(current.id)
      place = current.outer
    }
    return path.reversed()
  }

  /// Runs `body` (a child's `reduce`) one level deeper, at `place`, as a presented feature.
  @usableFromInline
  static func within<Result>(
    _ place: some Hashable & Sendable, _ body: () throws -> Result
  ) rethrows -> Result {
    let outer = context
    return try $context.withValue(
      Context(place: PlaceOf(place, outer: outer.place), isPresented: true), operation: body)
  }

  /// Runs `body` at `place` (`nil`: the root), presented or not as now.
  static func at<Result>(_ place: (any Place)?, _ body: () throws -> Result) rethrows -> Result {
    var context = context
    if context.place === place { return try body() }
    context.place = place
    return try $context.withValue(context, operation: body)
  }

  /// Runs `body` at `place` (`nil`: the root), presented or not as now.
  static func at<Result: Sendable>(
    _ place: (any Place)?, _ body: () async throws -> Result
  ) async rethrows -> Result {
    var context = context
    // Where the task is already (most effects run at the root): nothing to push.
    if context.place === place { return try await body() }
    context.place = place
    return try await $context.withValue(context, operation: body)
  }

  /// Runs `body` at the same place, presented or not as `isPresented` says.
  static func presented<Result>(_ isPresented: Bool, _ body: () throws -> Result) rethrows
    -> Result
  {
    var context = context
    context.isPresented = isPresented
    return try $context.withValue(context, operation: body)
  }

  /// Runs `body` at the same place, presented or not as `isPresented` says.
  static func presented<Result: Sendable>(
    _ isPresented: Bool, _ body: () async throws -> Result
  ) async rethrows -> Result {
    var context = context
    context.isPresented = isPresented
    return try await $context.withValue(context, operation: body)
  }

  /// A cancellation id as used where the reducer runs now: itself at the root, tied to the
  /// navigation place inside a presentation or a stack element.
  static func cancelID(_ id: some Hashable & Sendable) -> AnyHashableSendable {
    let path = path
    guard !path.isEmpty else { return AnyHashableSendable(id) }
    return AnyHashableSendable(ScopedCancelID(id: AnyHashableSendable(id), path: path))
  }
}

extension NavigationScope {
  /// The ids under which an effect made with `id` is registered: `id` itself and, for an id tied
  /// to a navigation place, the same id at every place above it, up to the root. A reducer's
  /// `.cancel(id:)` thus reaches effects of that id made where it runs and in every feature it
  /// presents, not those of its parents or siblings, as in The Composable Architecture.
  static func registrationIDs(of id: AnyHashableSendable) -> [AnyHashableSendable] {
    guard let scoped = id.base as? ScopedCancelID else { return [id] }
    var ids = [id, scoped.id]
    for length in 1..<scoped.path.count {
      ids.append(
        AnyHashableSendable(ScopedCancelID(id: scoped.id, path: Array(scoped.path.prefix(length)))))
    }
    return ids
  }
}

/// A cancellation id tied to a navigation place.
private struct ScopedCancelID: Hashable, Sendable {
  let id: AnyHashableSendable
  let path: [AnyHashableSendable]
}
