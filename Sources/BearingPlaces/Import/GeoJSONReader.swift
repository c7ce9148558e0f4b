import BearingLocation
import BearingStreets
import BearingText
import Foundation

/// Reads the named cafés out of any GeoJSON FeatureCollection: as Overpass exports it
/// (overpass turbo's export, or `osmtogeojson`), or from any other tool. A document that is
/// one Feature is read as a collection of that one (RFC 7946 allows either at the top level),
/// and a feature whose `properties` is `null` has no tags, so it is no named café.
///
/// A feature from OpenStreetMap keeps its element id (the feature's `id` or its `@id`
/// property, `node/123`); any other feature gets a stable id made from `source`, its position
/// and its name (``stableID(source:coordinate:name:)``), so importing the same file again
/// gives the same ids. Tags are the properties themselves or, in older exports, a `tags`
/// property. Points stand where they are; lines and polygons stand at their centroid (a
/// multipolygon at the centroid of its polygons' outer rings, weighed by their areas).
/// Features that are not named cafés are skipped, unless `everyNamedFeature` (a file that lists
/// cafés already); a malformed feature fails the whole import, naming the feature's index,
/// unless ``skipsBadFeatures`` (then it is left out, and counted in the batches' `skipped`).
struct GeoJSONReader {
  /// The document, for ``read()``; a streaming read is given its bytes.
  var data = Data()
  /// Where the file comes from (its name), for the stable ids of features without one.
  var source = "geojson"
  var everyNamedFeature = false
  /// Whether the features are parsed on every core (the result is the same either way).
  var parallel = true
  /// How many bytes of the `features` array are parsed at a time: a window's pages are
  /// released once its places are handed out, so a file of any size keeps about this much of
  /// itself in memory (more only where one feature is larger).
  var windowBytes = 4 << 20
  /// The most places handed out at a time.
  var batchSize = 10_000
  /// Whether to read the features' street lines for maps too (``StreetReader``'s).
  var readsStreets = false
  /// Whether a feature that cannot be read (no geometry, a position off the globe) is left out
  /// and counted, the rest imported, rather than failing the import.
  var skipsBadFeatures = false

  /// What a streaming read hands out at a time, in the file's order.
  struct Batch {
    var places: [Place] = []
    var streets: [StreetLine] = []
    /// The features left out as unreadable (``skipsBadFeatures``).
    var skipped: [Skipped] = []
    /// How many features were neither a named café nor a line for maps (a restaurant, a
    /// nameless point), when ``readsStreets``.
    var otherCount = 0
  }

  /// A feature left out: its index in the `features` array, and why ("the feature named "B"
  /// has no geometry").
  struct Skipped: Equatable, Sendable {
    var index: Int
    var reason: String
  }

  /// The places of ``data``, all at once.
  func read() throws(PlaceImportError) -> [Place] {
    var places: [Place] = []
    let outcome = data.withUnsafeBytes { bytes in
      Result { () throws(PlaceImportError) in
        try read(bytes, release: { _ in }) { batch in
          places += batch.places
          return true
        }
      }
    }
    try outcome.get()
    return places
  }

  /// Reads the document in one pass, a window of features at a time, handing `deliver` each
  /// feature's place in file order, in batches of at most ``batchSize``, so that a file of a
  /// million features never exists in memory, as a tree or as places. `release` is told each
  /// offset before which the read will not look at the bytes again. `deliver` returns `false`
  /// to stop the read, which then returns at once.
  ///
  /// Batches go out before the whole document is known to be a FeatureCollection: when the
  /// read throws, the caller drops what it was handed (the store does it in one transaction).
  ///
  /// When ``parallel``, each window of the `features` array is split into its elements by a
  /// quick scan and they are parsed on every core; a window where one of them does not parse
  /// is read again in order, and the rest of the array with it, for the error a reader in
  /// order meets first.
  ///
  /// - throws: ``PlaceImportError/malformed(_:)`` naming the byte offset of text that is not
  ///   JSON, or the index of the first bad feature.
  func read(
    _ bytes: UnsafeRawBufferPointer, release: (Int) -> Void, deliver: (Batch) -> Bool
  ) throws(PlaceImportError) {
    var parser = JSONParser(bytes)
    var type: JSONValue?
    var featuresKind: String?
    var featureArrays = 0
    var output = Output(batchSize: batchSize)
    do {
      guard parser.peek() == UInt8(ascii: "{") else {
        let document = try parser.value()
        try parser.finish()
        throw PlaceImportError.malformed(
          "the top level is \(document.kind), not a GeoJSON FeatureCollection or Feature")
      }
      try parser.members { (parser, key) throws(JSONParser.Failure) in
        switch key {
        case "type":
          type = try parser.value(depth: 1)
        case "features" where parser.peek() == UInt8(ascii: "["):
          featuresKind = "an array"
          featureArrays += 1
          try features(&parser, &output, release: release, deliver: deliver)
        case "features":
          featuresKind = try parser.value(depth: 1).kind
        default:
          _ = try parser.value(depth: 1)
        }
      }
      try parser.finish()
    } catch let error as JSONParser.Failure {
      if output.stopped { return }
      throw .malformed("not valid JSON: byte \(error.offset): \(error.reason)")
    } catch let error as PlaceImportError {
      throw error
    } catch {
      throw .malformed("not valid JSON: \(error)")
    }
    // RFC 7946's other top level that holds places: one Feature, a collection of one.
    if type?.string == "Feature", featureArrays == 0 {
      try single(bytes, &output, deliver: deliver)
      return
    }
    guard type?.string == "FeatureCollection" else {
      throw .malformed(
        "the top level is \(type?.string.map { "a \($0)" } ?? "an object"), "
          + "not a GeoJSON FeatureCollection or Feature")
    }
    guard featuresKind == "an array" else {
      throw .malformed("the FeatureCollection has no \"features\" array")
    }
    // Places already handed out cannot be taken back for a later array.
    guard featureArrays == 1 else {
      throw .malformed("the FeatureCollection has \(featureArrays) \"features\" arrays")
    }
    if let failure = output.failure {
      throw .malformed("feature \(failure.index + 1): \(failure.reason)")
    }
    _ = output.flush(deliver, final: true)
  }

  /// A document that is one Feature, read as feature 0 of a collection of one.
  private func single(
    _ bytes: UnsafeRawBufferPointer, _ output: inout Output, deliver: (Batch) -> Bool
  ) throws(PlaceImportError) {
    var parser = JSONParser(bytes)
    let feature: JSONValue
    do throws(JSONParser.Failure) {
      feature = try parser.value()
      try parser.finish()
    } catch {
      throw .malformed("not valid JSON: byte \(error.offset): \(error.reason)")
    }
    let place: Place?
    do throws(Failure) {
      place = try self.place(from: feature)
    } catch {
      throw .malformed("feature 1: \(error.reason)")
    }
    guard output.add(place, streets(of: feature), deliver) else { return }
    _ = output.flush(deliver, final: true)
  }

  /// The places on their way out of a streaming read.
  private struct Output {
    let batchSize: Int
    var pending = Batch()
    /// The first bad feature, reported once the whole document is known to be a collection;
    /// nothing more is handed out after it (unless bad features are skipped).
    var failure: (index: Int, reason: String)?
    /// Whether the receiver stopped the read.
    var stopped = false

    init(batchSize: Int) { self.batchSize = max(1, batchSize) }

    /// A feature that cannot be read: left out and counted when `skipping`, else the failure.
    mutating func bad(_ index: Int, _ reason: String, skipping: Bool) {
      if skipping {
        pending.skipped.append(Skipped(index: index, reason: reason))
      } else if failure == nil {
        failure = (index, reason)
      }
    }

    /// Adds a feature's place and street lines; `false` when the receiver stopped the read.
    mutating func add(
      _ place: Place?, _ streets: [StreetLine], _ deliver: (Batch) -> Bool
    ) -> Bool {
      if let place { pending.places.append(place) }
      pending.streets += streets
      if place == nil, streets.isEmpty { pending.otherCount += 1 }
      return pending.places.count < batchSize || flush(deliver)
    }

    /// Hands out what is pending: places or streets; the counts of features left out wait
    /// for them, or for the `final` flush.
    mutating func flush(_ deliver: (Batch) -> Bool, final: Bool = false) -> Bool {
      guard !stopped else { return false }
      guard
        !pending.places.isEmpty || !pending.streets.isEmpty
          || (final && (!pending.skipped.isEmpty || pending.otherCount > 0))
      else { return true }
      let batch = pending
      pending = Batch()
      stopped = !deliver(batch)
      return !stopped
    }
  }

  /// Reads the `features` array at the parser, a window at a time.
  private func features(
    _ parser: inout JSONParser, _ output: inout Output, release: (Int) -> Void,
    deliver: (Batch) -> Bool
  ) throws(JSONParser.Failure) {
    let stop = JSONParser.Failure(offset: parser.position, reason: "the receiver stopped")
    guard var scan = parser.startElementScan() else { return }
    while parallel, !scan.ended {
      let window = scan
      guard let ranges = parser.nextElementRanges(&scan, maxBytes: windowBytes),
        let found = features(ranges, first: window.found, in: parser.bytes)
      else {
        scan = window
        break
      }
      for feature in found where output.failure == nil {
        switch feature {
        case .read(let place, let streets):
          guard output.add(place, streets, deliver) else { throw stop }
        case .bad(let index, let reason):
          output.bad(index, reason, skipping: skipsBadFeatures)
        }
      }
      guard output.flush(deliver) else { throw stop }
      release(scan.start)
    }
    guard !scan.ended else { return }
    // In order: without `parallel`, or from a window that did not parse on every core.
    var released = scan.start
    try parser.elements(from: scan) { (parser, index) throws(JSONParser.Failure) in
      let feature = try parser.value(depth: 2)
      if parser.position - released >= windowBytes {
        released = parser.position
        release(released)
      }
      guard output.failure == nil else { return }
      let place: Place?
      do throws(Failure) {
        place = try self.place(from: feature)
      } catch {
        output.bad(index, error.reason, skipping: skipsBadFeatures)
        return
      }
      guard output.add(place, streets(of: feature), deliver) else { throw stop }
    }
  }

  /// One feature of a window parsed on every core: its place (or `nil`) and street lines, or
  /// why it cannot be read.
  private enum ParsedFeature {
    case read(Place?, [StreetLine])
    case bad(index: Int, reason: String)
  }

  struct Failure: Error {
    var reason: String
  }

  /// Each feature at `ranges` of `bytes`, the array's `first`th feature and on, parsed on
  /// every core, in order; `nil` when one of them is not JSON.
  private func features(
    _ ranges: [Range<Int>], first: Int, in bytes: UnsafeRawBufferPointer
  ) -> [ParsedFeature]? {
    // Enough chunks that neither core waits long for the other at the end.
    let chunkSize = max(256, ranges.count / 64)
    let chunks = stride(from: 0, to: ranges.count, by: chunkSize)
    nonisolated(unsafe) let bytes = bytes  // Only read, by every chunk.
    let results = concurrentMap(chunks) { (start: Int) throws(JSONParser.Failure) in
      var features: [ParsedFeature] = []
      for index in start..<min(start + chunkSize, ranges.count) {
        var parser = JSONParser(
          UnsafeRawBufferPointer(rebasing: bytes[ranges[index]]), document: false)
        // A feature that is not JSON fails the window, even after a bad one: it wins.
        let feature = try parser.value(depth: 2)
        try parser.finish()
        do throws(Failure) {
          features.append(.read(try self.place(from: feature), streets(of: feature)))
        } catch {
          features.append(.bad(index: first + index, reason: error.reason))
        }
      }
      return features
    }
    var features: [ParsedFeature] = []
    features.reserveCapacity(ranges.count)
    for result in results {
      guard case .success(let found) = result else { return nil }
      features += found
    }
    return features
  }

  /// The feature's street lines for maps, when ``readsStreets``.
  private func streets(of feature: JSONValue) -> [StreetLine] {
    readsStreets ? StreetReader.streets(ofFeature: feature) : []
  }

  private func place(from feature: JSONValue) throws(Failure) -> Place? {
    guard feature["type"]?.string == "Feature" else {
      throw Failure(reason: "expected a Feature, found \(feature["type"]?.string ?? feature.kind)")
    }
    // RFC 7946: a feature's properties may be null, which is no properties (no name, no café).
    if case .null? = feature["properties"] { return nil }
    guard let properties = feature["properties"]?.object else {
      throw Failure(reason: "\"properties\" is missing or not an object")
    }
    let tagSource = properties["tags"]?.object ?? properties
    var tags: [String: String] = [:]
    for (key, value) in tagSource where !key.hasPrefix("@") {
      if let text = value.string {
        tags[key] = text
      } else if let number = value.number, number.isFinite {
        // A name or a number written as a JSON number (`"name": 12345`) is its text.
        tags[key] =
          number.rounded() == number && abs(number) < 1e15
          ? String(Int64(number)) : String(number)
      }
    }
    let osmTags = OSMTags(tags)
    guard everyNamedFeature || osmTags.isCafe,
      let name = tags["name"]?.trimmingCharacters(in: .whitespacesAndNewlines), !name.isEmpty
    else {
      return nil
    }
    let element = Self.elementID(feature: feature, properties: properties)
    let label = element ?? "the feature named \"\(name)\""
    guard let geometry = feature["geometry"], geometry != .null else {
      throw Failure(reason: "\(label) has no geometry")
    }
    let center = try Self.centroid(of: geometry, element: label)
    let id =
      element.map { "osm:\($0)" } ?? Self.stableID(source: source, coordinate: center, name: name)
    return osmTags.namedPlace(id: id, coordinate: center)
  }

  /// An id for a place that has none: `geo:` and 16 hex digits of an FNV-1a hash of `source`,
  /// the position to 7 decimals (about 1 cm) and the name.
  static func stableID(source: String, coordinate: Coordinate, name: String) -> String {
    let position = String(format: "%.7f,%.7f", coordinate.latitude, coordinate.longitude)
    let key = "\(source)\n\(position)\n\(name)"
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in key.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01b3
    }
    let hex = String(hash, radix: 16)
    return "geo:" + String(repeating: "0", count: 16 - hex.count) + hex
  }

  /// The feature's OpenStreetMap element (`node/123`), or `nil` when it has none.
  private static func elementID(
    feature: JSONValue, properties: [String: JSONValue]
  ) -> String? {
    let candidates = [
      feature["id"]?.string, properties["@id"]?.string,
      properties["type"]?.string.flatMap { type in
        // A number that is not a whole Int64 (1e19, 2.5) is no OpenStreetMap id: never a trap.
        properties["id"]?.number.flatMap { Int64(exactly: $0) }.map { "\(type)/\($0)" }
      },
    ]
    for case let id? in candidates {
      let parts = id.split(separator: "/")
      if parts.count == 2, ["node", "way", "relation"].contains(parts[0]),
        let number = Int64(parts[1]), number > 0
      {
        return "\(parts[0])/\(number)"
      }
    }
    return nil
  }

  private static func centroid(of geometry: JSONValue, element: String) throws(Failure)
    -> Coordinate
  {
    let type = geometry["type"]?.string ?? "(none)"
    let coordinates = geometry["coordinates"]
    let points: [Coordinate]
    switch type {
    case "Point":
      return try position(coordinates, element: element)
    case "LineString", "MultiPoint":
      points = try positions(coordinates, element: element)
    case "Polygon":
      guard let ring = coordinates?.array?.first else {
        throw Failure(reason: "\(element): the Polygon has no rings")
      }
      points = try positions(ring, element: element)
    case "MultiPolygon":
      // Each polygon's outer ring, weighed by its area.
      guard let polygons = coordinates?.array, !polygons.isEmpty else {
        throw Failure(reason: "\(element): the MultiPolygon has no polygons")
      }
      var rings: [[Coordinate]] = []
      for polygon in polygons {
        guard let ring = polygon.array?.first else {
          throw Failure(reason: "\(element): a polygon of the MultiPolygon has no rings")
        }
        rings.append(try positions(ring, element: element))
      }
      guard let center = OSMTags.centroid(ofRings: rings) else {
        throw Failure(reason: "\(element): the MultiPolygon has no positions")
      }
      return center
    default:
      throw Failure(reason: "\(element): geometry type \"\(type)\" is not supported")
    }
    guard let center = OSMTags.centroid(of: points) else {
      throw Failure(reason: "\(element): the \(type) has no positions")
    }
    return center
  }

  private static func positions(_ value: JSONValue?, element: String) throws(Failure)
    -> [Coordinate]
  {
    guard let array = value?.array, !array.isEmpty else {
      throw Failure(reason: "\(element): expected an array of positions")
    }
    var result: [Coordinate] = []
    for item in array { result.append(try position(item, element: element)) }
    return result
  }

  private static func position(_ value: JSONValue?, element: String) throws(Failure) -> Coordinate {
    guard let array = value?.array, array.count >= 2, let longitude = array[0].number,
      let latitude = array[1].number
    else {
      throw Failure(reason: "\(element): a position is not [longitude, latitude]")
    }
    do {
      return try Coordinate(validatingLatitude: latitude, longitude: longitude)
    } catch {
      throw Failure(reason: "\(element): \(error)")
    }
  }
}
