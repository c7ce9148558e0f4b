import IssueReporting
import OrderedCollections

/// Identifies an element of a ``StackState``: `0`, `1`, … in the order elements were pushed.
///
/// ```swift
/// await store.send(\.path[id: 0].detail.editTapped)
/// ```
public struct StackElementID: Hashable, Sendable, Comparable, ExpressibleByIntegerLiteral,
  CustomDumpStringConvertible
{
  /// The element's place in the order of pushes.
  public let generation: Int

  /// The id of generation `value`: `0` is the first element pushed.
  public init(integerLiteral value: Int) {
    self.generation = value
  }

  /// The id of the element pushed `generation`-th (from 0).
  public init(generation: Int) {
    self.generation = generation
  }

  /// Whether `lhs` was handed out before `rhs`.
  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.generation < rhs.generation }

  /// Dumped as `#0`, `#1`, ….
  public var customDumpDescription: String { "#\(generation)" }
}

/// Hands out ``StackElementID``s: `0`, `1`, … per store.
///
/// A `TestStore` runs each assertion with a copy that continues from where the store's
/// generator stood before the action, so `$0.path.append(…)` in an assertion names the same
/// id that the reducer's append did.
public struct StackElementIDGenerator: Sendable {
  private let counter: LockIsolated<Int>

  /// A generator whose first id is `generation`.
  public init(startingAt generation: Int = 0) {
    self.counter = LockIsolated(generation)
  }

  /// The next id, and advances.
  public func callAsFunction() -> StackElementID {
    next()
  }

  /// The next id, and advances: `stackElementID.next()`, as TCA names it.
  public func next() -> StackElementID {
    StackElementID(
      generation: counter.withValue { next in
        defer { next += 1 }
        return next
      })
  }

  /// The id the next call will return.
  public func peek() -> StackElementID {
    StackElementID(generation: counter.value)
  }

  /// Makes sure the next id is after `id`.
  func skip(past id: StackElementID) {
    counter.withValue { $0 = max($0, id.generation + 1) }
  }

  /// A new generator that continues from this one's next id.
  public func incrementingCopy() -> Self {
    Self(startingAt: peek().generation)
  }
}

private enum StackElementIDKey: DependencyKey {
  static var liveValue: StackElementIDGenerator { StackElementIDGenerator() }
  static var testValue: StackElementIDGenerator { StackElementIDGenerator() }
}

extension DependencyValues {
  /// The generator of ``StackElementID``s that ``StackState/append(_:)`` uses.
  public var stackElementID: StackElementIDGenerator {
    get { self[StackElementIDKey.self] }
    set { self[StackElementIDKey.self] = newValue }
  }
}

/// The states of a navigation stack's screens, each with a ``StackElementID``.
///
/// ```swift
/// @ObservableState
/// struct State: Equatable {
///   var path = StackState<Path.State>()
/// }
/// state.path.append(.detail(Detail.State(contact: contact)))
/// ```
public struct StackState<Element> {
  var elements: OrderedDictionary<StackElementID, Element>
  /// The ids as the stack's reducer last saw them, so that it notices elements another reducer
  /// removed before it ran. Not part of the value: two stacks of the same elements are equal.
  @usableFromInline var mounted: OrderedSet<StackElementID> = []

  /// An empty stack.
  public init() {
    self.elements = [:]
  }

  /// A stack of `elements`, with ids from the current `stackElementID` generator.
  public init(_ elements: some Sequence<Element>) {
    self.init()
    for element in elements { append(element) }
  }

  /// The ids of the elements, bottom first.
  public var ids: OrderedSet<StackElementID> { elements.keys }

  /// The element with `id`, if it is on the stack. Setting it replaces the element, or pushes
  /// it with that id when there is none; setting `nil` removes that element alone.
  public subscript(id id: StackElementID) -> Element? {
    get { elements[id] }
    set { elements[id] = newValue }
  }

  /// The element with `id` in the case `case`: `$0.path[id: 0, case: \.detail]?.name = "Blob"`.
  public subscript<Case>(id id: StackElementID, case path: CaseKeyPath<Element, Case>) -> Case?
  where Element: CasePathable {
    get { self[id: id, case: AnyCasePath(path)] }
    set { self[id: id, case: AnyCasePath(path)] = newValue }
  }

  /// The element with `id`, in one case, named by an `AnyCasePath` (`/Element.detail`): `nil`
  /// when it is another case; writing `nil` pops that element alone. Writing to an element in
  /// another case changes nothing and is reported.
  public subscript<Case>(id id: StackElementID, case path: AnyCasePath<Element, Case>) -> Case? {
    get { elements[id].flatMap(path.extract(from:)) }
    // A modify accessor, so that optional chaining on another case (`…?.name = "Blob"`) is
    // reported too, not skipped.
    _modify {
      var value = elements[id].flatMap(path.extract(from:))
      let matched = value != nil
      yield &value
      guard let element = elements[id] else { return }
      guard matched else {
        reportIssue("Can't modify unrelated case \"\(caseName(of: element))\"")
        return
      }
      elements[id] = value.map(path.embed)
    }
  }

  /// Pushes `element` with the next id from `@Dependency(\.stackElementID)`.
  public mutating func append(_ element: Element) {
    @Dependency(\.stackElementID) var nextID
    elements[nextID()] = element
  }

  /// Pushes `element` with `id`.
  mutating func append(_ element: Element, id: StackElementID) {
    elements[id] = element
  }

  /// Pops the element with `id` and every element above it.
  public mutating func pop(from id: StackElementID) {
    guard let index = elements.index(forKey: id) else { return }
    elements.removeSubrange(index...)
  }

  /// Pops every element above the one with `id`.
  public mutating func pop(to id: StackElementID) {
    guard let index = elements.index(forKey: id) else { return }
    elements.removeSubrange((index + 1)...)
  }

  /// Pops the top element.
  @discardableResult
  public mutating func popLast() -> Element? {
    elements.isEmpty ? nil : elements.removeLast().value
  }

  /// Pops the top `count` elements.
  public mutating func removeLast(_ count: Int = 1) {
    elements.removeLast(count)
  }

  /// Pops every element.
  public mutating func removeAll() {
    elements.removeAll()
  }
}

extension StackState: RandomAccessCollection {
  /// The bottom element's position, 0.
  public var startIndex: Int { 0 }
  /// One past the top element's position: the number of elements.
  public var endIndex: Int { elements.count }
  /// The element at `position`, counted from the bottom of the stack.
  public subscript(position: Int) -> Element { elements.values[position] }
}

extension StackState: ExpressibleByArrayLiteral {
  /// A stack of `elements`, bottom first, with ids from the current `stackElementID` generator.
  public init(arrayLiteral elements: Element...) {
    self.init(elements)
  }
}

extension StackState: Equatable where Element: Equatable {
  /// Whether both hold equal elements under the same ids, in the same order.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.elements == rhs.elements
  }
}

extension StackState: Hashable where Element: Hashable {
  /// Hashes the ids and elements, as `==` compares them.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(elements)
  }
}

extension StackState: Sendable where Element: Sendable {}

extension StackState: CustomDumpReflectable {
  /// Dumped as a dictionary from id to element, bottom first.
  public var customDumpMirror: Mirror {
    Mirror(self, unlabeledChildren: Array(elements), displayStyle: .dictionary)
  }
}

/// The name of an enum value's case: `int` for `.int(42)`.
func caseName(of value: Any) -> String {
  Mirror(reflecting: value).children.first?.label ?? String(describing: value)
}

extension StackState {
  /// The stack as a navigation stack's binding reads and writes it. A navigation binding's
  /// internals, under `@_spi(Internals)` as in The Composable Architecture.
  @_spi(Internals)
  public typealias PathView = StackPathView<Element>

  /// The stack as a ``PathView``.
  @_spi(Internals)
  public var path: PathView {
    var view = PathView()
    view.components = elements.map { PathView.Component(id: $0.key, element: $0.value) }
    return view
  }
}

/// A stack's screens with their ids, bottom first: ``StackState/PathView``.
@_spi(Internals)
public struct StackPathView<Screen>: RandomAccessCollection, RangeReplaceableCollection {
  /// One screen of the path.
  public struct Component {
    /// The screen's id in the stack.
    public let id: StackElementID
    /// The screen's state.
    public var element: Screen

    /// A screen with its id.
    public init(id: StackElementID, element: Screen) {
      self.id = id
      self.element = element
    }
  }

  var components: [Component]

  /// An empty path.
  public init() {
    self.components = []
  }

  public var startIndex: Int { components.startIndex }
  public var endIndex: Int { components.endIndex }
  /// The screen at `position`, counted from the bottom of the stack, with its id.
  public subscript(position: Int) -> Component { components[position] }

  /// Replaces the screens in `subrange`, as a navigation binding does on a push or pop.
  public mutating func replaceSubrange(
    _ subrange: Range<Int>, with newElements: some Collection<Component>
  ) {
    components.replaceSubrange(subrange, with: newElements)
  }
}

@_spi(Internals) extension StackPathView: Sendable where Screen: Sendable {}
@_spi(Internals) extension StackPathView.Component: Sendable where Screen: Sendable {}
