import IdentifiedCollections

/// A `Shared` of a collection is a collection of `Shared` elements, one per position, for
/// handing each element to a child feature.
///
/// ```swift
/// for item in $items { item.withLock { $0.isDone = true } }
/// ```
extension Shared: Sequence, Collection, BidirectionalCollection, RandomAccessCollection
where Value: MutableCollection & RandomAccessCollection {
  /// The wrapped collection's index: a position in the `Shared` is one in its value.
  public typealias Index = Value.Index
  /// Each element is a `Shared` of the wrapped collection's element.
  public typealias Element = Shared<Value.Element>
  /// The positions of the wrapped collection, from `startIndex` to `endIndex`.
  public typealias Indices = DefaultIndices<Self>
  /// Iterates by position, giving a `Shared` of each element in turn.
  public typealias Iterator = IndexingIterator<Self>
  /// A range of positions, whose elements are `Shared` too.
  public typealias SubSequence = Slice<Self>

  /// The wrapped collection's start index.
  public var startIndex: Index { wrappedValue.startIndex }
  /// The wrapped collection's end index.
  public var endIndex: Index { wrappedValue.endIndex }
  /// The wrapped collection's index after `i`.
  public func index(after i: Index) -> Index { wrappedValue.index(after: i) }
  /// The wrapped collection's index before `i`.
  public func index(before i: Index) -> Index { wrappedValue.index(before: i) }

  /// A `Shared` of the element at `position`, which reads and writes that offset of the parent's
  /// value.
  public subscript(position: Index) -> Shared<Value.Element> {
    let value = reference.read(expected: false)
    return Shared<Value.Element>(
      reference: SharedProjection(
        parent: reference,
        accessor: OffsetAccessor<Value>(
          offset: value.distance(from: value.startIndex, to: position)),
        initialValue: value[position]))
  }
}

/// An identified collection whose `Shared` gives a `Shared` of each element by id
/// (``Shared/elements``). `IdentifiedArray` is one.
public protocol _SharedIdentifiedCollection<_Element> {
  /// The type of an element's id.
  associatedtype _ID: Hashable
  /// The type of an element.
  associatedtype _Element
  /// The ids of the elements, in order.
  var _sharedIDs: [_ID] { get }
  /// The element with `id`, or `nil` when there is none; what a `Shared` of that element reads
  /// and writes.
  subscript(_sharedID id: _ID) -> _Element? { get set }
}

extension IdentifiedArray: _SharedIdentifiedCollection {
  /// The array's ids, in order.
  public var _sharedIDs: [ID] { Array(ids) }
  /// The element with `id`, or `nil` when there is none; setting `nil` leaves the array as it is.
  public subscript(_sharedID id: ID) -> Element? {
    get { self[id: id] }
    set { if let newValue { self[id: id] = newValue } }
  }
}

extension Shared where Value: _SharedIdentifiedCollection, Value._ID: Sendable {
  /// A `Shared` of each element, by id: an element's `Shared` follows it wherever it moves in
  /// the collection, and keeps its last value if it is removed.
  ///
  /// ```swift
  /// for $item in $items.elements { … }
  /// ```
  public var elements: [Shared<Value._Element>] {
    let value = reference.read(expected: false)
    return value._sharedIDs.compactMap { id in
      guard let initialValue = value[_sharedID: id] else { return nil }
      return Shared<Value._Element>(
        reference: SharedProjection(
          parent: reference, accessor: IDAccessor<Value>(id: id), initialValue: initialValue))
    }
  }
}

extension SharedReader where Value: _SharedIdentifiedCollection, Value._ID: Sendable {
  /// A reader of each element, by id.
  public var elements: [SharedReader<Value._Element>] {
    Shared(reference: reference).elements.map { SharedReader<Value._Element>($0) }
  }
}
