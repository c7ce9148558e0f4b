import BearingStreets
import BearingWalking
import Foundation
import Synchronization

/// An import whose places arrive in batches while a thread of its own reads the file, for a
/// store to write them as they come (`PlaceStore`'s streaming `add`).
///
/// Every format is read a part at a time, its pages released behind the reader: a GeoJSON file
/// a window of features at a time (``GeoJSONReader``, on every core), an Overpass answer an
/// element at a time (``OverpassReader``), an `.osm.pbf` file a block a core at a time
/// (``OSMPBFReader``, passing it again when ways need their nodes). At most ``queueDepth``
/// batches wait between the reader and the store: a file of any size is imported in bounded
/// memory, and reading overlaps storing.
///
/// Places come in the file's order (an `.osm.pbf` file's nodes, then its ways). When the file
/// turns out to be bad, ``next()`` throws the error the whole-file import throws, possibly
/// after some batches: the store's transaction drops them.
///
/// ```swift
/// let stream = try PlaceImportStream(fileAt: url, format: .geoJSON)
/// while let batch = try stream.next() { store(batch) }
/// print(stream.summary!.coverage)
/// ```
public final class PlaceImportStream: Sendable {
  /// What the import found, known once ``next()`` has returned `nil`.
  public struct Summary: Sendable {
    /// The area the places cover, with their count.
    public var coverage: DataCoverage
    /// The file's street lines for maps.
    public var streets: [StreetLine]
    /// The walking graph of its walkable ways; `nil` when it has none, or when
    /// ``WalkingWayReader/isEnabled`` is off.
    public var walkingGraph: WalkingGraph? = nil
    /// How many of a GeoJSON file's features were left out because they cannot be read (no
    /// geometry, a position off the globe), the rest imported.
    public var skippedCount = 0
    /// Why, for the first few: "feature 8: the feature named "B" has no geometry" (untrusted
    /// text: the file's names).
    public var skippedReasons: [String] = []
    /// How many of a GeoJSON file's features were neither a named café nor a line for maps and
    /// walks (a restaurant, a nameless point): read, and left out.
    public var otherCount = 0
  }

  /// The most places in one batch.
  public let batchSize: Int
  /// The most batches waiting between the reader and the store.
  public let queueDepth: Int
  /// How many places the file holds, when it is known before the first batch: a store can
  /// size its work to it. A streaming read never knows it.
  public var expectedCount: Int? { state.withLock { $0.expectedCount } }
  /// What the import found; `nil` until ``next()`` has returned `nil`.
  public var summary: Summary? { state.withLock { $0.summary } }

  private let queue: BoundedQueue<[Place]>
  /// Written by the reader's thread, read by the store's.
  private let state = Mutex(State())

  private struct State {
    var expectedCount: Int?
    var summary: Summary?
    var failure: (any Error)?
  }

  /// Starts reading the file at `url` on a thread of its own.
  ///
  /// - parameter area: what to call the covered area; defaults to the file's name.
  /// - parameter source: where the data is from; defaults as ``OSMImporter`` does.
  /// - parameter format: how to read the file; `nil` tells it from the contents.
  /// - throws: the file system's error when the file cannot be read.
  public init(
    fileAt url: URL, area: String? = nil, source: String? = nil,
    format: OSMImporter.Format? = nil, everyNamedFeature: Bool = false,
    batchSize: Int = 5_000, queueDepth: Int = 4
  ) throws {
    self.batchSize = max(1, batchSize)
    self.queueDepth = max(1, queueDepth)
    queue = BoundedQueue(capacity: self.queueDepth)
    let format = try format ?? OSMImporter.format(ofFileAt: url)
    let name = url.lastPathComponent
    let area = area ?? name.split(separator: ".").first.map(String.init) ?? name
    let job = Job(
      url: url, area: area, source: source, format: format,
      everyNamedFeature: everyNamedFeature)
    let thread = Thread { [self] in
      run(job)
    }
    thread.name = "place import"
    // Deep enough for a document nested `JSONParser.maximumDepth` levels.
    thread.stackSize = 16 << 20
    thread.start()
  }

  private struct Job: Sendable {
    var url: URL
    var area: String
    var source: String?
    /// The credit the data's licence asks for; OpenStreetMap's when `nil`.
    var attribution: String?
    var format: OSMImporter.Format
    var everyNamedFeature: Bool
  }

  /// The next batch, waiting for the reader; `nil` at the end, when ``summary`` is known.
  ///
  /// - throws: ``PlaceImportError`` when the file is bad, as the whole-file import throws it
  ///   (but a GeoJSON feature that cannot be read is left out and counted in ``summary``, where
  ///   the whole-file import fails on it); `CocoaError` when it cannot be read.
  public func next() throws -> [Place]? {
    if let batch = queue.pop() { return batch }
    if let failure { throw failure }
    return nil
  }

  /// Why the file could not be imported, once ``next()`` has thrown it.
  public var failure: (any Error)? { state.withLock { $0.failure } }

  /// Stops the reader (the store failed): it ends at its next batch.
  public func cancel() { queue.close() }

  /// The reader's thread.
  private func run(_ job: Job) {
    do {
      let summary: Summary?
      switch job.format {
      case .geoJSON: summary = try readGeoJSON(job)
      case .overpassJSON: summary = try readOverpass(job)
      case .pbf: summary = try readPBF(job)
      }
      if let summary { state.withLock { $0.summary = summary } }
    } catch {
      state.withLock { $0.failure = error }
    }
    queue.finish()
  }

  /// A GeoJSON file, a window at a time; `nil` when the store stopped the read.
  private func readGeoJSON(_ job: Job) throws(PlaceImportError) -> Summary? {
    // The store's writer takes a core of its own: on two cores, features parsed on both took
    // 8.6 s for a million places where a parse on the other core took 7.4 s.
    // A feature that cannot be read is left out and counted, not the whole file refused.
    let reader = GeoJSONReader(
      source: job.url.lastPathComponent, everyNamedFeature: job.everyNamedFeature,
      parallel: ProcessInfo.processInfo.activeProcessorCount > 2, batchSize: batchSize,
      readsStreets: true, skipsBadFeatures: true)
    return try readJSON(job, format: .geoJSON, with: reader.read)
  }

  /// An Overpass answer, an element at a time; `nil` when the store stopped the read.
  private func readOverpass(_ job: Job) throws(PlaceImportError) -> Summary? {
    let reader = OverpassReader(everyNamedFeature: job.everyNamedFeature, batchSize: batchSize)
    return try readJSON(job, format: .overpassJSON, with: reader.read)
  }

  /// A JSON file read by `read` (a GeoJSON or an Overpass reader's): its batches pushed to the
  /// store, their extent and streets summed; `nil` when the store stopped the read.
  private func readJSON(
    _ job: Job, format: OSMImporter.Format,
    with read: (
      UnsafeRawBufferPointer, _ release: (Int) -> Void,
      _ deliver: (GeoJSONReader.Batch) -> Bool
    ) throws(PlaceImportError) -> Void
  ) throws(PlaceImportError) -> Summary? {
    let file = try MappedFile(path: job.url.path)
    var extent = Extent()
    var streets: [StreetLine] = []
    var skipped = (count: 0, reasons: [String]())
    var others = 0
    var stopped = false
    try read(file.bytes, file.release(below:)) { batch in
      extent.add(batch.places)
      streets += batch.streets
      skipped.count += batch.skipped.count
      others += batch.otherCount
      for skip in batch.skipped.prefix(max(0, 3 - skipped.reasons.count)) {
        skipped.reasons.append("feature \(skip.index + 1): \(skip.reason)")
      }
      stopped = !batch.places.isEmpty && !queue.push(batch.places)
      return !stopped
    }
    guard !stopped else { return nil }
    var job = job
    if format == .geoJSON, job.source == nil, !extent.hasOpenStreetMapIDs {
      (job.source, job.attribution) = OSMImporter.ownGeoJSON(fileName: job.url.lastPathComponent)
    }
    guard extent.count > 0 || skipped.count == 0 else {
      // Nothing imported because nothing could be read: say why, not "no café".
      let others = skipped.count - 1
      let more =
        others > 0 ? " (and \(others) more \(others == 1 ? "feature" : "features") like it)" : ""
      throw .malformed(skipped.reasons[0] + more)
    }
    var found = try summary(
      of: job, extent: &extent, streets: streets,
      walkingGraph: walkingGraph(file, format: format, hasStreets: !streets.isEmpty))
    found.skippedCount = skipped.count
    found.skippedReasons = skipped.reasons
    found.otherCount = others
    return found
  }

  /// A GeoJSON file's or an Overpass answer's walking graph, read again for it, when it has
  /// streets and graphs are built.
  private func walkingGraph(_ file: MappedFile, format: OSMImporter.Format, hasStreets: Bool)
    -> WalkingGraph?
  {
    guard hasStreets, WalkingWayReader.isEnabled else { return nil }
    let graph = WalkingWayReader.graph(in: file.bytes, format: format)
    file.release(0..<file.bytes.count)
    return graph
  }

  /// An `.osm.pbf` file, a few blocks at a time; `nil` when the store stopped the read.
  private func readPBF(_ job: Job) throws(PlaceImportError) -> Summary? {
    let file = try MappedFile(path: job.url.path)
    var extent = Extent()
    // Blocks are inflated on every core, even on two where the store's writer takes one.
    let ending = try OSMPBFReader.read(
      file.bytes, parallel: true, streets: true, walking: WalkingWayReader.isEnabled,
      batchSize: batchSize, release: file.release(_:)
    ) { places in
      extent.add(places)
      return queue.push(places)
    }
    guard let ending else { return nil }
    var job = job
    if job.source == nil, let timestamp = ending.timestamp {
      job.source = "OpenStreetMap " + timestamp.formatted(.iso8601.year().month().day())
    }
    return try summary(
      of: job, extent: &extent, streets: ending.streets, walkingGraph: ending.walkingGraph)
  }

  /// What an import found, once its reader has handed out every place.
  private func summary(
    of job: Job, extent: inout Extent, streets: [StreetLine], walkingGraph: WalkingGraph?
  ) throws(PlaceImportError) -> Summary {
    guard let box = extent.box() else {
      throw .noPlaces(OSMImporter.noCafés(everyNamedFeature: job.everyNamedFeature))
    }
    let coverage = DataCoverage(
      area: job.area, source: job.source ?? "OpenStreetMap",
      attribution: job.attribution ?? DataCoverage.openStreetMapAttribution, south: box.south,
      west: box.west, north: box.north, east: box.east, placeCount: extent.count)
    return Summary(
      coverage: coverage, streets: streets,
      walkingGraph: walkingGraph.flatMap { $0.edgeCount > 0 ? $0 : nil })
  }

  /// The box around the places seen so far, as ``PlaceDataset`` finds it for a whole list:
  /// only the longitudes are kept (8 bytes a place), for the widest gap between them.
  private struct Extent {
    var count = 0
    var south = Double.infinity
    var north = -Double.infinity
    var longitudes: [Double] = []

    /// Whether any place had an OpenStreetMap id (`osm:node/…`).
    var hasOpenStreetMapIDs = false

    mutating func add(_ places: [Place]) {
      count += places.count
      for place in places {
        if !hasOpenStreetMapIDs, OSMImporter.isOpenStreetMapID(place.id) {
          hasOpenStreetMapIDs = true
        }
        south = min(south, place.coordinate.latitude)
        north = max(north, place.coordinate.latitude)
        longitudes.append(place.coordinate.longitude)
      }
    }

    mutating func box() -> (south: Double, west: Double, north: Double, east: Double)? {
      guard count > 0 else { return nil }
      longitudes.sort()
      let (west, east) = PlaceDataset.longitudeSpan(ofSorted: longitudes)
      return (south, west, north, east)
    }
  }
}
