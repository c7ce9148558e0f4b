import ConcurrencyExtras
import Dependencies

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

  /// The places the reducer runs in now, outermost first: the `navigationIDPath` dependency's,
  /// then the presentations and stack elements entered since.
  static var path: NavigationIDPath {
    var places: [NavigationID] = []
    var place = context.place
    while let current = place {
      places.append(NavigationID(current.id))
      place = current.outer
    }
    let outer = DependencyValues._current.navigationIDPath
    guard !places.isEmpty else { return outer }
    return NavigationIDPath(path: outer.path + places.reversed())
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

  /// A cancellation id as used where the reducer runs now: `id` at the navigation place the
  /// reducer runs in (the root's empty path outside any presentation or stack element).
  static func cancelID(_ id: some Hashable & Sendable) -> AnyHashableSendable {
    AnyHashableSendable(_CancelID(id: id, navigationIDPath: path))
  }
}

extension NavigationScope {
  /// The ids under which an effect made with `id` is registered: `id` at its place and at every
  /// place above it, up to the root. A reducer's `.cancel(id:)` thus reaches effects of that id
  /// made where it runs and in every feature it presents, not those of its parents or siblings,
  /// as in The Composable Architecture.
  static func registrationIDs(of id: AnyHashableSendable) -> [AnyHashableSendable] {
    guard let cancelID = id.base as? _CancelID, !cancelID.navigationIDPath.path.isEmpty else {
      return [id]
    }
    let places = cancelID.navigationIDPath.path
    var ids = [id]
    for length in (0..<places.count).reversed() {
      ids.append(
        AnyHashableSendable(
          _CancelID(
            cancelID, navigationIDPath: NavigationIDPath(path: Array(places.prefix(length))))))
    }
    return ids
  }
}

/// One place in the app's navigation: a presented feature or a stack element, by the id its
/// presentation or stack gives it.
struct NavigationID: Hashable, Sendable {
  /// The place's id; `nil` for a place that has none of its own (`NavigationID()`).
  let id: AnyHashableSendable?

  init() {
    self.id = nil
  }

  init(_ id: AnyHashableSendable) {
    self.id = id
  }
}

/// Where a reducer runs in the app's navigation, outermost place first; empty at the root.
///
/// Every cancellation id is made at a path (``_CancelID``): the same `CancelID` in two features
/// presented side by side names two different ids. The `navigationIDPath` dependency holds the
/// path outside the presentations the store itself enters, so that code running outside a
/// store's reducer (a test, an effect's stream) can make and cancel ids at a place.
struct NavigationIDPath: Hashable, Sendable {
  var path: [NavigationID]

  init(path: [NavigationID] = []) {
    self.path = path
  }
}

/// A cancellation id: the id a reducer or an effect names, at the navigation path where it was
/// named. What `.cancellable(id:)`, `.cancel(id:)`, `Task.cancel(id:)` and
/// `withTaskCancellation(id:)` register and look up.
struct _CancelID: Hashable, Sendable {
  /// The type of the id named: values of two types never match, and their hashes differ even
  /// where the values hash alike (every empty struct hashes the same).
  let discriminator: ObjectIdentifier
  let id: AnyHashableSendable
  let navigationIDPath: NavigationIDPath

  init(id: some Hashable & Sendable, navigationIDPath: NavigationIDPath) {
    let id = id as? AnyHashableSendable ?? AnyHashableSendable(id)
    self.discriminator = ObjectIdentifier(type(of: id.base))
    self.id = id
    self.navigationIDPath = navigationIDPath
  }

  /// The same id at another path.
  init(_ other: _CancelID, navigationIDPath: NavigationIDPath) {
    self.discriminator = other.discriminator
    self.id = other.id
    self.navigationIDPath = navigationIDPath
  }
}

private enum NavigationIDPathKey: DependencyKey {
  static let liveValue = NavigationIDPath()
  static let testValue = NavigationIDPath()
}

extension DependencyValues {
  /// The navigation path outside the places a store's reducer enters: empty unless set, as
  /// code that makes or cancels ids on behalf of a place does.
  var navigationIDPath: NavigationIDPath {
    get { self[NavigationIDPathKey.self] }
    set { self[NavigationIDPathKey.self] = newValue }
  }
}
