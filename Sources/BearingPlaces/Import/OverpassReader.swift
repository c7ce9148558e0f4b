import BearingStreets
import BearingText

/// Reads an Overpass answer (``OverpassResponse``'s JSON) an element at a time, for an import
/// of any size: the places and street lines of each element go out in batches as it is read,
/// and the pages read are handed back, so neither the document nor its tree is ever whole in
/// memory.
///
/// It takes what ``OverpassResponse/decode(_:)`` and ``OverpassResponse/cafés(everyNamedPlace:)``
/// take, and the street lines ``StreetReader`` takes from `out geom;`. An element seen before
/// (a node, way or relation of the same id) counts once: that costs a set of the elements with
/// a position, 8 bytes each (``SeenElements``), the one part of the read that grows with the
/// file.
///
/// ```swift
/// try OverpassReader(everyNamedFeature: false).read(bytes, release: { _ in }) { batch in
///   store(batch.places)
///   return true
/// }
/// ```
struct OverpassReader {
  /// Take every named element as a café (the file lists cafés already).
  var everyNamedFeature = false
  /// The most places handed out at a time.
  var batchSize = 5_000
  /// How many bytes are read between two hand-backs of pages.
  var releaseBytes = 4 << 20

  /// Reads the answer in `bytes`, handing `deliver` its places in the answer's order, in
  /// batches of at most ``batchSize``, with its street lines; `release` is told each offset
  /// before which the read will not look at the bytes again. `deliver` returns `false` to stop
  /// the read, which then returns at once.
  ///
  /// Batches go out before the answer is known to be whole: when the read throws, the caller
  /// drops what it was handed (the store does it in one transaction).
  ///
  /// - throws: ``PlaceImportError/malformed(_:)`` naming the byte offset of text that is not
  ///   JSON, the index of an element that is not an OpenStreetMap element, a missing
  ///   `elements` array, or the server's runtime error (`remark`), which means the answer is
  ///   incomplete.
  func read(
    _ bytes: UnsafeRawBufferPointer, release: (Int) -> Void,
    deliver: (GeoJSONReader.Batch) -> Bool
  ) throws(PlaceImportError) {
    var parser = JSONParser(bytes)
    var remark: String?
    var elementArrays = 0
    var pending = GeoJSONReader.Batch()
    var stopped = false
    var seen = SeenElements()
    var badElement: String?
    func flush() -> Bool {
      guard !stopped, !pending.places.isEmpty || !pending.streets.isEmpty else { return !stopped }
      stopped = !deliver(pending)
      pending = GeoJSONReader.Batch()
      return !stopped
    }
    do {
      guard parser.peek() == UInt8(ascii: "{") else {
        let document = try parser.value()
        try parser.finish()
        throw PlaceImportError.malformed(
          "not an Overpass JSON answer: the top level is \(document.kind), not an object")
      }
      try parser.members { (parser, key) throws(JSONParser.Failure) in
        switch key {
        case "elements" where parser.peek() == UInt8(ascii: "["):
          elementArrays += 1
          var released = parser.position
          try parser.elements(depth: 1) { (parser, index) throws(JSONParser.Failure) in
            let value = try parser.value(depth: 2)
            if parser.position - released >= releaseBytes {
              released = parser.position
              release(released)
            }
            let element: OverpassResponse.Element
            do throws(ElementFailure) {
              element = try Self.element(value)
            } catch {
              badElement = "element \(index + 1): \(error.reason)"
              throw JSONParser.Failure(offset: parser.position, reason: error.reason)
            }
            if let key = element.key, element.coordinate != nil, seen.insert(key),
              let place = element.place(everyNamedPlace: everyNamedFeature)
            {
              pending.places.append(place)
            }
            pending.streets += StreetReader.streets(ofOverpassElement: value)
            if pending.places.count >= batchSize, !flush() {
              throw JSONParser.Failure(offset: parser.position, reason: "the receiver stopped")
            }
          }
        case "remark":
          let value = try parser.value(depth: 1)
          remark = value.string ?? remark
        default:
          _ = try parser.value(depth: 1)
        }
      }
      try parser.finish()
    } catch let error as JSONParser.Failure {
      if stopped { return }
      if let badElement { throw .malformed("not an Overpass JSON answer: \(badElement)") }
      throw .malformed("not valid JSON: byte \(error.offset): \(error.reason)")
    } catch let error as PlaceImportError {
      throw error
    } catch {
      throw .malformed("not valid JSON: \(error)")
    }
    guard elementArrays == 1 else {
      throw .malformed(
        "not an Overpass JSON answer: "
          + (elementArrays == 0 ? "no \"elements\" array" : "\(elementArrays) \"elements\" arrays"))
    }
    if let remark, let failure = OverpassResponse(elements: [], remark: remark).runtimeError {
      throw .malformed("the Overpass answer is incomplete: \(failure)")
    }
    _ = flush()
  }

  /// The elements read so far, as ``OverpassResponse/Element/Key``s packed into 8 bytes (an
  /// id and its type in 2 bits) where the id allows, which every OpenStreetMap id does: a set of
  /// keys took twice the memory, 22 MB more at a million elements.
  struct SeenElements {
    private var packed = Set<Int64>()
    private var wide = Set<OverpassResponse.Element.Key>()

    /// Adds `key`; whether it was not there yet.
    mutating func insert(_ key: OverpassResponse.Element.Key) -> Bool {
      let limit: Int64 = 1 << 60
      guard key.id > -limit, key.id < limit else { return wide.insert(key).inserted }
      return packed.insert(key.id << 2 | Int64(key.type)).inserted
    }
  }

  struct ElementFailure: Error {
    var reason: String
  }

  /// The element a parsed JSON object is, as decoding it as an ``OverpassResponse/Element``
  /// gives it (members of other types than decoding takes are refused the same way).
  static func element(_ value: JSONValue) throws(ElementFailure) -> OverpassResponse.Element {
    guard let object = value.object else {
      throw ElementFailure(reason: "expected an object, found \(value.kind)")
    }
    guard let type = object["type"]?.string else {
      throw ElementFailure(reason: "\"type\" is missing or not a string")
    }
    guard let number = object["id"]?.number, let id = Int64(exactly: number) else {
      throw ElementFailure(reason: "\"id\" is missing or not a whole number")
    }
    func member(_ key: String, in object: [String: JSONValue]) throws(ElementFailure) -> Double? {
      switch object[key] {
      case nil, .null?: return nil
      case .number(let value)?: return value
      case let other?: throw ElementFailure(reason: "\"\(key)\" is \(other.kind), not a number")
      }
    }
    var center: OverpassResponse.Element.Center?
    switch object["center"] {
    case nil, .null?: break
    case .object(let members)?:
      guard let lat = try member("lat", in: members), let lon = try member("lon", in: members)
      else { throw ElementFailure(reason: "\"center\" lacks its lat or lon") }
      center = .init(lat: lat, lon: lon)
    case let other?: throw ElementFailure(reason: "\"center\" is \(other.kind), not an object")
    }
    var tags: [String: String]?
    switch object["tags"] {
    case nil, .null?: break
    case .object(let members)?:
      var strings: [String: String] = [:]
      for (key, tag) in members {
        guard let text = tag.string else {
          throw ElementFailure(reason: "tag \"\(key)\" is \(tag.kind), not a string")
        }
        strings[key] = text
      }
      tags = strings
    case let other?: throw ElementFailure(reason: "\"tags\" is \(other.kind), not an object")
    }
    return OverpassResponse.Element(
      type: type, id: id, lat: try member("lat", in: object), lon: try member("lon", in: object),
      center: center, tags: tags)
  }
}
