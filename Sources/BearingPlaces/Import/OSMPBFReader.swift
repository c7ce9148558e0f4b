import BearingLocation
import BearingStreets
import BearingWalking
import Foundation

/// Reads the named cafés out of an OpenStreetMap `.osm.pbf` extract, and its streets when asked.
///
/// The file is a sequence of blocks, each a 4-byte big-endian header length, a `BlobHeader`
/// and a `Blob` (usually zlib-compressed) holding an `OSMHeader` or a `PrimitiveBlock`
/// (https://wiki.openstreetmap.org/wiki/PBF_Format). Nodes and ways count; a way stands at its
/// centroid, and a way whose nodes are not all in the extract is left out, as extracts cut
/// ways at their edge. A street (``StreetReader/streetKeys``) is cut where its nodes are missing
/// and simplified at 1 m, as the other formats' streets are. Errors give the byte offset of
/// the block and, inside a compressed block, the offset within its decompressed data.
struct OSMPBFReader {
  /// What a successful read found.
  struct Result {
    var places: [Place]
    /// The streets, simplified, when the read asked for them.
    var streets: [StreetLine] = []
    /// The walking graph of the streets, when the read asked for it.
    var walkingGraph: WalkingGraph?
    /// The data's replication timestamp, when the header has one.
    var timestamp: Date?
  }

  /// A named café way, waiting for its nodes' positions.
  struct CafeWay {
    var id: Int64
    var refs: [Int64]
    var tags: OSMTags
  }

  /// A way a map draws, waiting for its nodes' positions.
  struct StreetWay {
    var kind: StreetKind
    var refs: [Int64]
    /// How it may be walked (``WalkingRules``), `nil` when not at all.
    var walk: WalkDirection? = nil
    /// Its name, kept only for a way that may be walked.
    var name: String? = nil
  }

  static let maximumHeaderSize = 64 * 1024
  static let maximumBlobSize = 32 * 1024 * 1024
  static let supportedFeatures: Set<String> = ["OsmSchema-V0.6", "DenseNodes"]

  /// The file, usually mapped (``OSMImporter/importFile(at:area:source:everyNamedFeature:)``
  /// maps it): blocks are read from it in place, never copied.
  let data: Data

  init(_ data: Data) { self.data = data }

  /// Reads the file, decoding its blocks on every core when `parallel` (serially otherwise,
  /// with the same result: blocks are merged in file order, and an error is the one the first
  /// bad block in the file gives). With `streets` it also keeps the street ways and resolves
  /// their nodes in the pass that resolves the café ways' nodes.
  func read(parallel: Bool = true, streets: Bool = false, walking: Bool = false)
    throws(PlaceImportError) -> Result
  {
    var places: [Place] = []
    let outcome = data.withUnsafeBytes { file in
      Swift.Result { () throws(PlaceImportError) in
        try OSMPBFReader.read(
          file, parallel: parallel, streets: streets, walking: walking, release: { _ in },
          deliver: { batch in
            places += batch
            return true
          })
      }
    }
    guard let found = try outcome.get() else { return Result(places: places) }
    return Result(
      places: places, streets: found.streets, walkingGraph: found.walkingGraph,
      timestamp: found.timestamp)
  }

  /// What a streaming read found besides its places.
  struct Ending {
    var streets: [StreetLine]
    /// The streets' walking graph, when asked for (and `streets` was).
    var walkingGraph: WalkingGraph? = nil
    var timestamp: Date?
  }

  /// Reads the file in `bytes` a few blocks at a time, handing `deliver` its cafés in batches
  /// of at most `batchSize` (the nodes in file order, then the ways), so that a file of any
  /// size never has more than a window of ``windowBlocks(parallel:)`` blocks decoded at once.
  /// `release` is told each range of bytes the read has passed; when ways need their nodes'
  /// positions it passes the file again for them (its node blocks) and a third time for the
  /// café ways (the blocks that hold them). `deliver` returns `false` to stop the read, which
  /// then returns `nil` at once.
  ///
  /// What grows with the file besides the places handed out: the café and street ways' node
  /// ids and, in the second pass, the positions of those nodes (24 bytes each), and the street
  /// lines themselves. A café way's tags are read again from its block in a third pass, once
  /// its nodes' positions are known, rather than kept.
  ///
  /// - throws: ``PlaceImportError`` for the first bad block in file order; a file cut short is
  ///   found before any place goes out.
  static func read(
    _ bytes: UnsafeRawBufferPointer, parallel: Bool = true, streets: Bool = false,
    walking: Bool = false, batchSize: Int = 5_000, release: (Range<Int>) -> Void,
    deliver: ([Place]) -> Bool
  ) throws(PlaceImportError) -> Ending? {
    try FileReader(bytes: bytes, parallel: parallel, streets: streets, walking: walking)
      .read(batchSize: max(1, batchSize), release: release, deliver: deliver)
  }

  /// How many blocks are decoded at a time (a block holds up to 8,000 elements, 16 MiB
  /// decompressed at most): one for each core when `parallel`, one otherwise. A window's
  /// places are all in memory at once, about 7 MB a block of 8,000 cafés: two a core took a
  /// million-place file's peak from 146 MB to 164 MB on two cores, for no time.
  static func windowBlocks(parallel: Bool) -> Int {
    parallel ? max(1, ProcessInfo.processInfo.activeProcessorCount) : 1
  }
}

/// The reading of one file, over its bytes in place.
private struct FileReader {
  typealias CafeWay = OSMPBFReader.CafeWay
  typealias StreetWay = OSMPBFReader.StreetWay

  struct Block {
    var offset: Int
    var type: String
    var blob: Range<Int>
  }

  /// What one block of the first pass holds.
  enum Contents {
    case header(timestamp: Date?)
    case data(places: [Place], ways: [CafeWay], streets: [StreetWay], hasNodes: Bool)
    case skipped
  }

  let bytes: UnsafeRawBufferPointer
  let parallel: Bool
  /// Whether to keep street ways.
  let streets: Bool
  /// Whether to build the streets' walking graph (with `streets`).
  let walking: Bool

  func read(
    batchSize: Int, release: (Range<Int>) -> Void, deliver: ([Place]) -> Bool
  ) throws(PlaceImportError) -> OSMPBFReader.Ending? {
    let blocks = try self.blocks()
    // The walk touched a page of every block's header.
    release(0..<bytes.count)
    guard let first = blocks.first else {
      throw .malformed("the file is empty: an .osm.pbf file starts with an OSMHeader block")
    }
    guard first.type == "OSMHeader" else {
      throw .malformed(
        "byte 0: the first block is \"\(first.type)\", not OSMHeader; is this an .osm.pbf file?")
    }
    var pending: [Place] = []
    func hand(_ places: [Place], flush: Bool = false) -> Bool {
      pending += places
      guard pending.count >= batchSize || flush else { return true }
      while !pending.isEmpty {
        let count = min(batchSize, pending.count)
        if count < batchSize, !flush { return true }
        let batch = Array(pending.prefix(count))
        pending.removeFirst(count)
        guard deliver(batch) else { return false }
      }
      return true
    }
    // A café way's tags wait in its block, read again once its nodes are known: only its node
    // ids are kept meanwhile (a dictionary of tags a way took most of a 1M-place file's peak).
    var cafeWayRefs: [Int64] = []
    var cafeWayBlocks: [Int] = []
    var streetWays = StreetWays()
    var nodeBlocks: [Int] = []
    var timestamp: Date?
    for window in windows(of: Array(blocks.indices)) {
      let firstPass = concurrentMap(window) { (i) throws(PlaceImportError) in
        try contents(blocks[i], streets: streets)
      }
      for (i, content) in zip(window, firstPass) {
        switch try content.get() {
        case .header(let stamp): timestamp = stamp ?? timestamp
        case .data(let blockPlaces, let blockWays, let blockStreets, let hasNodes):
          guard hand(blockPlaces) else { return nil }
          for way in blockWays { cafeWayRefs += way.refs }
          if !blockWays.isEmpty { cafeWayBlocks.append(i) }
          streetWays.append(blockStreets)
          if hasNodes { nodeBlocks.append(i) }
        case .skipped: continue
        }
      }
      release(Self.span(of: window, in: blocks))
    }
    guard !cafeWayBlocks.isEmpty || !streetWays.isEmpty else {
      guard hand([], flush: true) else { return nil }
      return .init(streets: [], timestamp: timestamp)
    }

    // Second pass, only for the nodes café and street ways need: most extracts are far too big
    // to keep every node's position in memory. Their ids sorted, without repeats, and their
    // positions beside them: 24 bytes a node, where a set and a dictionary took about 100.
    var wanted = cafeWayRefs + streetWays.refs
    cafeWayRefs = []
    wanted.sort()
    Self.removeRepeats(sorted: &wanted)
    var positions = NodePositions(ids: wanted)
    // The ids alone for the blocks' threads, never written: sharing them copies nothing.
    let ids = positions.ids
    wanted = []
    for window in windows(of: nodeBlocks) {
      let found = concurrentMap(window) { (i) throws(PlaceImportError) in
        let block = blocks[i]
        let payload = try decompress(block)
        let primitive = try located(block) { () throws(ProtobufFailure) in
          try PrimitiveBlock(payload)
        }
        return try located(block) { () throws(ProtobufFailure) in
          // A block's nodes come in id order: each search starts where the last one ended.
          var hint = 0
          return try primitive.positions {
            NodePositions.index(of: $0, in: ids, from: &hint) != nil
          }
        }
      }
      // In file order, so a node stored twice takes its last position, as a serial read would.
      for blockPositions in found {
        for (id, coordinate) in try blockPositions.get() { positions[id] = coordinate }
      }
      release(Self.span(of: window, in: blocks))
    }
    // Third pass, over the blocks that hold café ways: each at its nodes' centroid.
    for window in windows(of: cafeWayBlocks) {
      let found = concurrentMap(window) { (i) throws(PlaceImportError) in
        try contents(blocks[i], streets: false)
      }
      var wayPlaces: [Place] = []
      for content in found {
        guard case .data(_, let ways, _, _) = try content.get() else { continue }
        for way in ways {
          let points = way.refs.compactMap { positions[$0] }
          guard points.count == way.refs.count, let center = OSMTags.centroid(of: points),
            let place = way.tags.cafe(element: "way/\(way.id)", coordinate: center)
          else { continue }
          wayPlaces.append(place)
        }
      }
      guard hand(wayPlaces) else { return nil }
      release(Self.span(of: window, in: blocks))
    }
    guard hand([], flush: true) else { return nil }
    // Each street node's place among the positions, looked up once for the lines and the
    // walking graph both.
    let keys = streetWays.keys(in: positions)
    streetWays.refs = []
    return .init(
      streets: lines(of: streetWays, keys: keys, at: positions),
      walkingGraph: walking ? walkingGraph(of: streetWays, keys: keys, at: positions) : nil,
      timestamp: timestamp)
  }

  /// `indices` in windows of ``OSMPBFReader/windowBlocks(parallel:)``.
  private func windows(of indices: [Int]) -> [ArraySlice<Int>] {
    let size = OSMPBFReader.windowBlocks(parallel: parallel)
    return stride(from: 0, to: indices.count, by: size).map {
      indices[$0..<min($0 + size, indices.count)]
    }
  }

  /// The bytes from the first block of `window` to the end of its last.
  private static func span(of window: ArraySlice<Int>, in blocks: [Block]) -> Range<Int> {
    guard let first = window.first, let last = window.last else { return 0..<0 }
    return blocks[first].offset..<blocks[last].blob.upperBound
  }

  /// Keeps the first of each run of equal ids, in place (a second array of a large file's ids
  /// would double their memory).
  private static func removeRepeats(sorted ids: inout [Int64]) {
    var kept = 0
    for index in ids.indices where kept == 0 || ids[kept - 1] != ids[index] {
      ids[kept] = ids[index]
      kept += 1
    }
    ids.removeLast(ids.count - kept)
  }

  /// The street ways of a file, their node ids in one array: a way's own array cost 48 bytes
  /// more than its ids.
  struct StreetWays {
    var kinds: [StreetKind] = []
    /// Where each way's ids end in ``refs``.
    var ends: [Int] = []
    var refs: [Int64] = []
    /// The ways that may be walked: their index, direction and name.
    var walkable: [(way: Int32, direction: WalkDirection, name: String?)] = []

    var isEmpty: Bool { kinds.isEmpty }

    /// Where each of ``refs`` is in `positions`, −1 for a node the file lacks.
    func keys(in positions: NodePositions) -> [Int32] {
      refs.map { positions.key(of: $0).map(Int32.init) ?? -1 }
    }

    /// The range of way `way`'s nodes in ``refs`` (and its keys).
    func range(ofWay way: Int) -> Range<Int> {
      (way == 0 ? 0 : ends[way - 1])..<ends[way]
    }

    mutating func append(_ ways: [StreetWay]) {
      for way in ways {
        if let direction = way.walk {
          walkable.append((Int32(kinds.count), direction, way.name))
        }
        kinds.append(way.kind)
        refs += way.refs
        ends.append(refs.count)
      }
    }
  }

  /// The positions of the nodes that ways need, found by binary search in their sorted ids.
  struct NodePositions {
    let ids: [Int64]
    /// Beside ``ids``; NaN stands for a node not found (yet).
    private var latitudes: [Double]
    private var longitudes: [Double]

    init(ids: [Int64]) {
      self.ids = ids
      latitudes = Array(repeating: .nan, count: ids.count)
      longitudes = latitudes
    }

    static func index(of id: Int64, in ids: [Int64]) -> Int? {
      var hint = 0
      return index(of: id, in: ids, from: &hint)
    }

    /// ``index(of:in:)`` for ids that mostly come in ascending order: a search that gallops
    /// from `hint` (where the last one ended, which it moves) before it halves, so a run of
    /// nearby ids costs a few steps each, not a search of the whole array.
    static func index(of id: Int64, in ids: [Int64], from hint: inout Int) -> Int? {
      var low = hint > 0 && hint <= ids.count && ids[hint - 1] < id ? hint : 0
      var step = 1
      while low + step < ids.count, ids[low + step - 1] < id {
        low += step
        step *= 2
      }
      var high = min(low + step, ids.count)
      while low < high {
        let middle = (low + high) / 2
        if ids[middle] < id { low = middle + 1 } else { high = middle }
      }
      hint = low
      return low < ids.count && ids[low] == id ? low : nil
    }

    /// Where node `id` is, when the file had its position.
    func key(of id: Int64) -> Int? {
      guard let index = Self.index(of: id, in: ids), !latitudes[index].isNaN else { return nil }
      return index
    }

    /// The position at `key` (``key(of:)``).
    func coordinate(at key: Int) -> Coordinate {
      Coordinate(latitude: latitudes[key], longitude: longitudes[key])
    }

    subscript(id: Int64) -> Coordinate? {
      get {
        guard let index = Self.index(of: id, in: ids), !latitudes[index].isNaN else {
          return nil
        }
        return Coordinate(latitude: latitudes[index], longitude: longitudes[index])
      }
      set {
        guard let index = Self.index(of: id, in: ids), let newValue else { return }
        latitudes[index] = newValue.latitude
        longitudes[index] = newValue.longitude
      }
    }
  }

  /// The streets' lines, cut where a node is missing (the extract cut the way), simplified.
  private func lines(of streetWays: StreetWays, keys: [Int32], at positions: NodePositions)
    -> [StreetLine]
  {
    var lines: [StreetLine] = []
    for (way, kind) in streetWays.kinds.enumerated() {
      var run: [Coordinate] = []
      for key in keys[streetWays.range(ofWay: way)] {
        if key >= 0 {
          run.append(positions.coordinate(at: Int(key)))
          continue
        }
        if run.count >= 2 { lines.append(StreetLine(kind: kind, points: run).simplified()) }
        run = []
      }
      if run.count >= 2 { lines.append(StreetLine(kind: kind, points: run).simplified()) }
    }
    return lines
  }

  /// The walking graph of the walkable street ways, each cut where a node is missing (the
  /// extract cut the way), joined at the nodes they share: their places among the positions
  /// are the graph builder's node numbers.
  private func walkingGraph(of streetWays: StreetWays, keys: [Int32], at positions: NodePositions)
    -> WalkingGraph
  {
    var builder = WalkingGraphBuilder(nodeNumbers: positions.ids.count)
    var points: [Coordinate] = []
    for (way, direction, name) in streetWays.walkable {
      let range = streetWays.range(ofWay: Int(way))
      var runStart = range.lowerBound
      for index in range {
        let key = keys[index]
        if key >= 0 {
          points.append(positions.coordinate(at: Int(key)))
          continue
        }
        builder.addWay(
          nodes: keys[runStart..<index], points: points, direction: direction, name: name)
        points.removeAll(keepingCapacity: true)
        runStart = index + 1
      }
      builder.addWay(
        nodes: keys[runStart..<range.upperBound], points: points, direction: direction,
        name: name)
      points.removeAll(keepingCapacity: true)
    }
    return builder.build()
  }

  /// `transform` of every element, in order, on every core when `parallel`.
  private func concurrentMap<T>(
    _ elements: some RandomAccessCollection<Int>,
    _ transform: (Int) throws(PlaceImportError) -> T
  ) -> [Swift.Result<T, PlaceImportError>] {
    BearingPlaces.concurrentMap(elements, parallel: parallel, transform)
  }

  /// A first-pass block: the header's timestamp, or a data block's cafés and café ways.
  private func contents(_ block: Block, streets: Bool) throws(PlaceImportError) -> Contents {
    switch block.type {
    case "OSMHeader":
      let payload = try decompress(block)
      return .header(
        timestamp: try located(block) { () throws(ProtobufFailure) in
          try Self.checkHeader(payload)
        })
    case "OSMData":
      let payload = try decompress(block)
      return try located(block) { () throws(ProtobufFailure) in
        var primitive = try PrimitiveBlock(payload)
        var places: [Place] = []
        var ways: [CafeWay] = []
        var streetWays: [StreetWay]? = streets ? [] : nil
        try primitive.collect(
          places: &places, ways: &ways, streets: &streetWays, walking: walking)
        return .data(
          places: places, ways: ways, streets: streetWays ?? [], hasNodes: primitive.hasNodes)
      }
    default:
      return .skipped  // The format says readers skip block types they do not know.
    }
  }

  /// Walks the block headers without decompressing anything.
  private func blocks() throws(PlaceImportError) -> [Block] {
    var blocks: [Block] = []
    var offset = 0
    while offset < bytes.count {
      guard bytes.count - offset >= 4 else {
        throw .malformed("byte \(offset): the file ends inside a block's length prefix")
      }
      let headerSize = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
      let headerStart = offset + 4
      guard headerSize <= OSMPBFReader.maximumHeaderSize else {
        throw .malformed(
          "byte \(offset): block header length \(headerSize) is over the 64 KiB limit; "
            + "is this an .osm.pbf file?")
      }
      guard bytes.count - headerStart >= headerSize else {
        throw .malformed("byte \(offset): the file ends inside a block header (cut short?)")
      }
      var type: String?
      var dataSize: Int?
      do {
        var header = ProtobufReader(bytes, range: headerStart..<headerStart + headerSize)
        while let field = try header.next() {
          switch field.number {
          case 1: type = header.string(try field.bytes())
          case 3: dataSize = Int(truncatingIfNeeded: Int32(truncatingIfNeeded: try field.varint()))
          default: continue
          }
        }
      } catch {
        throw .malformed("byte \(error.offset): block header: \(error.reason)")
      }
      guard let type, let dataSize else {
        throw .malformed("byte \(offset): block header lacks its type or data size")
      }
      guard (0...OSMPBFReader.maximumBlobSize).contains(dataSize) else {
        throw .malformed("byte \(offset): block size \(dataSize) is outside 0…32 MiB")
      }
      let blobStart = headerStart + headerSize
      guard bytes.count - blobStart >= dataSize else {
        throw .malformed(
          "byte \(offset): the \(type) block needs \(dataSize) bytes but the file ends after "
            + "\(bytes.count - blobStart) (cut short?)")
      }
      blocks.append(Block(offset: offset, type: type, blob: blobStart..<blobStart + dataSize))
      offset = blobStart + dataSize
    }
    return blocks
  }

  private func decompress(_ block: Block) throws(PlaceImportError) -> [UInt8] {
    var raw: Range<Int>?
    var zlib: Range<Int>?
    var rawSize: Int?
    var compression: String?
    do {
      var blob = ProtobufReader(bytes, range: block.blob)
      while let field = try blob.next() {
        switch field.number {
        case 1: raw = try field.bytes()
        case 2: rawSize = Int(truncatingIfNeeded: try field.varint())
        case 3: zlib = try field.bytes()
        case 4: compression = "LZMA"
        case 5: compression = "bzip2"
        case 6: compression = "LZ4"
        case 7: compression = "Zstandard"
        default: continue
        }
      }
    } catch {
      throw .malformed("byte \(error.offset): \(block.type) blob: \(error.reason)")
    }
    if let raw { return Array(bytes[raw]) }  // Uncompressed blocks are rare: tests, tools.
    if let zlib {
      guard let rawSize, (1...OSMPBFReader.maximumBlobSize).contains(rawSize) else {
        throw .malformed(
          "byte \(block.offset): \(block.type) block: missing or invalid decompressed size")
      }
      do {
        return try Inflate.zlib(
          UnsafeRawBufferPointer(rebasing: bytes[zlib]), expectedSize: rawSize)
      } catch {
        switch error {
        case .corrupt(let reason):
          throw .malformed("byte \(block.offset): \(block.type) block: \(reason)")
        case .sizeMismatch(let expected, let actual):
          throw .malformed(
            "byte \(block.offset): \(block.type) block inflates to \(actual) bytes, "
              + "not the declared \(expected)")
        }
      }
    }
    if let compression {
      throw .unsupported(
        "byte \(block.offset): \(compression)-compressed blocks; convert the file with zlib "
          + "compression (for example `osmium cat -o out.osm.pbf in.osm.pbf`)")
    }
    throw .malformed("byte \(block.offset): \(block.type) block holds no data")
  }

  /// Runs `body` on a block's decompressed data, turning its failures into errors that say
  /// where in the file they happened.
  private func located<T>(
    _ block: Block, _ body: () throws(ProtobufFailure) -> T
  ) throws(PlaceImportError) -> T {
    do {
      return try body()
    } catch {
      throw .malformed(
        "byte \(block.offset): \(block.type) block, byte \(error.offset) of its decompressed "
          + "data: \(error.reason)")
    }
  }

  /// Rejects files that need features this reader lacks; returns the replication timestamp.
  private static func checkHeader(_ payload: [UInt8]) throws(ProtobufFailure) -> Date? {
    var reader = ProtobufReader(payload)
    var timestamp: Date?
    while let field = try reader.next() {
      switch field.number {
      case 4:
        let feature = reader.string(try field.bytes())
        guard OSMPBFReader.supportedFeatures.contains(feature) else {
          throw .init(
            offset: field.offset,
            reason: "the file requires the unsupported feature \"\(feature)\"")
        }
      case 32:
        let seconds = Int64(bitPattern: try field.varint())
        timestamp = Date(timeIntervalSince1970: TimeInterval(seconds))
      default:
        continue
      }
    }
    return timestamp
  }
}
