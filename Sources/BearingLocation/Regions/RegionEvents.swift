/// What one ``RegionMonitor/update(with:)`` changed: a collection of ``RegionEvent`` values,
/// exits first, then entries, then determinations.
///
/// Each event's region is read from the monitor's storage when the event is accessed, so that
/// a fix that leaves and enters hundreds of regions copies none of them until they are read.
/// The events share that storage (copy-on-write): starting or stopping monitoring while
/// holding them makes that call copy the monitor's regions once. To keep a fix's events for
/// longer, keep `Array(events)`.
///
/// ```swift
/// for event in monitor.update(with: fix) {
///   if case .didEnter(let region) = event { print("entered \(region.identifier)") }
/// }
/// ```
public struct RegionEvents: RandomAccessCollection, Equatable, Sendable {
  private let regions: [Region]
  /// The slots in `regions` of the exited, entered, then determined regions.
  private let slots: [Int32]
  private let exitCount: Int
  private let entryCount: Int

  /// No events.
  public init() {
    regions = []
    slots = []
    exitCount = 0
    entryCount = 0
  }

  /// The events of `slots` in `regions`: the first `exitCount` exits, the next `entryCount`
  /// entries, the rest determinations.
  init(regions: [Region], slots: [Int32], exitCount: Int, entryCount: Int) {
    self.regions = regions
    self.slots = slots
    self.exitCount = exitCount
    self.entryCount = entryCount
  }

  public var startIndex: Int { 0 }
  public var endIndex: Int { slots.count }

  /// The event at `position`: an exit, an entry or an inside determination, in that order.
  public subscript(position: Int) -> RegionEvent {
    let region = regions[Int(slots[position])]
    if position < exitCount { return .didExit(region) }
    if position < exitCount + entryCount { return .didEnter(region) }
    return .didDetermineState(.inside, region)
  }

  /// Whether both hold the same events in the same order, wherever their regions are stored.
  public static func == (lhs: RegionEvents, rhs: RegionEvents) -> Bool {
    lhs.elementsEqual(rhs)
  }

  /// Whether `events` are `expected`, in order.
  public static func == (events: RegionEvents, expected: [RegionEvent]) -> Bool {
    events.elementsEqual(expected)
  }
}

extension RegionEvents: CustomStringConvertible, CustomReflectable {
  /// The events printed as an array, such as `[.didEnter(...)]`.
  public var description: String { Array(self).description }

  /// The events, not the storage they are read from.
  public var customMirror: Mirror {
    Mirror(self, unlabeledChildren: Array(self), displayStyle: .collection)
  }
}
