import BearingLocation
import BearingProcessTesting
import Foundation
import Testing

@testable import BearingPlaces

/// Between the reader and the store at most a few batches wait; the stream hands out what the
/// whole-file import finds, batch by batch, or its error.
@Suite("Import: a file streamed to the store in bounded batches", .offPool)
struct PlaceImportStreamTests {
  @Test("the queue never holds more than its capacity, however far ahead the producer is")
  func boundedQueue() {
    let queue = BoundedQueue<Int>(capacity: 3)
    let producer = Thread {
      for i in 0..<200 where !queue.push(i) { return }
      queue.finish()
    }
    producer.start()
    var received: [Int] = []
    while let i = queue.pop() {
      // A slow consumer, so that an unbounded queue would fill up.
      if i % 20 == 0 { usleep(1_000) }
      received.append(i)
    }
    #expect(received == Array(0..<200))
    #expect(queue.peakCount <= 3)
  }

  @Test("closing the queue frees a producer that waits on it, and drops what is queued")
  func closedQueue() {
    let queue = BoundedQueue<Int>(capacity: 1)
    #expect(queue.push(1))
    let done = DispatchSemaphore(value: 0)
    let producer = Thread {
      // Waits: the queue is full.
      #expect(!queue.push(2))
      done.signal()
    }
    producer.start()
    queue.close()
    done.wait()
    #expect(queue.pop() == nil)
  }

  static func file(_ data: Data) throws -> URL {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("stream-\(UUID().uuidString).geojson")
    try data.write(to: url)
    return url
  }

  @Test("a GeoJSON file comes in batches of the batch size, the places and box of a whole import")
  func sameAsWholeImport() throws {
    let url = try Self.file(GeoJSONStreamingTests.document())
    defer { try? FileManager.default.removeItem(at: url) }
    let whole = try OSMImporter.importFile(at: url, area: "t")
    let stream = try PlaceImportStream(fileAt: url, area: "t", batchSize: 100, queueDepth: 2)
    var batches: [[Place]] = []
    while let batch = try stream.next() { batches.append(batch) }
    #expect(batches.allSatisfy { $0.count <= 100 })
    #expect(batches.dropLast().allSatisfy { $0.count == 100 })
    // In the file's order, where the whole import sorts by id.
    #expect(batches.joined().sorted { $0.id < $1.id } == whole.places)
    #expect(stream.summary?.coverage == whole.coverage)
  }

  @Test("a bad feature fails a whole import; a stream leaves it out, imports the rest, counts it")
  func badFeatureSkipped() throws {
    let bad = #"{"type":"Feature","geometry":null}"#
    let url = try Self.file(GeoJSONStreamingTests.document { i, text in i == 1_800 ? bad : text })
    defer { try? FileManager.default.removeItem(at: url) }
    let whole = #expect(throws: PlaceImportError.self) {
      try OSMImporter.importFile(at: url, area: "t")
    }
    #expect(whole == .malformed(#"feature 1801: "properties" is missing or not an object"#))
    let stream = try PlaceImportStream(fileAt: url, area: "t", batchSize: 100)
    var names: [String] = []
    while let batch = try stream.next() { names += batch.map(\.name) }
    let goodURL = try Self.file(GeoJSONStreamingTests.document { _, text in text })
    defer { try? FileManager.default.removeItem(at: goodURL) }
    let good = try PlaceImportStream(fileAt: goodURL, area: "t")
    var all: [String] = []
    while let batch = try good.next() { all += batch.map(\.name) }
    #expect(names.count == all.count - 1)
    #expect(stream.summary?.skippedCount == 1)
    #expect(
      stream.summary?.skippedReasons
        == [#"feature 1801: "properties" is missing or not an object"#])
  }

  @Test("a file none of whose features can be read fails, saying why")
  func everyFeatureBad() throws {
    let bad = #"{"type":"Feature","properties":{"amenity":"cafe","name":"B"},"geometry":null}"#
    let url = try Self.file(
      Data(#"{"type":"FeatureCollection","features":[\#(bad),\#(bad)]}"#.utf8))
    defer { try? FileManager.default.removeItem(at: url) }
    let stream = try PlaceImportStream(fileAt: url, area: "t")
    let error = #expect(throws: PlaceImportError.self) { while try stream.next() != nil {} }
    #expect(
      error
        == .malformed(
          #"feature 1: the feature named "B" has no geometry (and 1 more feature like it)"#))
  }

  @Test("an .osm.pbf extract comes in batches: the places, box and streets of a whole import")
  func pbfSameAsWholeImport() throws {
    let url = OSMImporterTests.helsinkiURL
    let whole = try OSMImporter.importFileAndStreets(at: url, area: "t")
    let stream = try PlaceImportStream(fileAt: url, area: "t", batchSize: 10, queueDepth: 2)
    var batches: [[Place]] = []
    while let batch = try stream.next() { batches.append(batch) }
    #expect(batches.count == 9)
    #expect(batches.dropLast().allSatisfy { $0.count == 10 })
    #expect(batches.joined().sorted { $0.id < $1.id } == whole.dataset.places)
    #expect(stream.summary?.coverage == whole.dataset.coverage)
    #expect(stream.summary?.streets == whole.streets)
  }

  /// An Overpass answer of `count` elements: cafés, ways at their center, others, a repeat.
  static func overpassAnswer(count: Int, badAt: Int? = nil) -> Data {
    var elements: [String] = []
    for i in 0..<count {
      let lat = 60 + Double(i) * 0.0001
      if i == badAt {
        elements.append(#"{"type":"node","lat":1,"lon":2}"#)
      } else if i % 2 == 0 {
        elements.append(
          #"{"type":"node","id":\#(i + 1),"lat":\#(lat),"lon":24.9,"#
            + #""tags":{"amenity":"cafe","name":"K \#(i)"}}"#)
      } else if i % 3 == 0 {
        elements.append(
          #"{"type":"way","id":\#(i + 1),"center":{"lat":\#(lat),"lon":25.1},"#
            + #""tags":{"shop":"coffee","name":"P \#(i)"}}"#)
      } else {
        elements.append(#"{"type":"node","id":\#(i + 1),"lat":\#(lat),"lon":25,"tags":{}}"#)
      }
    }
    elements.append(elements[0])
    return Data(
      (#"{"version":0.6,"generator":"Overpass API","elements":["#
        + elements.joined(separator: ",\n") + "]}").utf8)
  }

  @Test("an Overpass answer comes in batches: the places and box of a whole import")
  func overpassSameAsWholeImport() throws {
    let url = try Self.file(Self.overpassAnswer(count: 1_000))
    defer { try? FileManager.default.removeItem(at: url) }
    let whole = try OSMImporter.importFile(at: url, area: "t", format: .overpassJSON)
    let stream = try PlaceImportStream(
      fileAt: url, area: "t", format: .overpassJSON, batchSize: 100, queueDepth: 2)
    var batches: [[Place]] = []
    while let batch = try stream.next() { batches.append(batch) }
    #expect(whole.places.count == 667)
    #expect(batches.allSatisfy { $0.count <= 100 })
    #expect(batches.joined().sorted { $0.id < $1.id } == whole.places)
    #expect(stream.summary?.coverage == whole.coverage)
  }

  @Test("a bad Overpass element fails the stream after the batches before it, naming it")
  func overpassBadElement() throws {
    let url = try Self.file(Self.overpassAnswer(count: 1_000, badAt: 900))
    defer { try? FileManager.default.removeItem(at: url) }
    let stream = try PlaceImportStream(
      fileAt: url, area: "t", format: .overpassJSON, batchSize: 100)
    var handedOut = 0
    let error = #expect(throws: PlaceImportError.self) {
      while let batch = try stream.next() { handedOut += batch.count }
    }
    #expect(handedOut > 0)
    #expect(
      error
        == .malformed(
          "not an Overpass JSON answer: element 901: \"id\" is missing or not a whole number"))
  }

  @Test("a corrupt last block fails the .osm.pbf stream after the batches before it")
  func pbfCorruptBlock() throws {
    var data = try Data(contentsOf: OSMImporterTests.helsinkiURL)
    // A byte of the last block's compressed data: its nodes' cafés have gone out by then.
    data[data.count - 50] ^= 0xFF
    let url = try Self.file(data)
    defer { try? FileManager.default.removeItem(at: url) }
    let whole = #expect(throws: PlaceImportError.self) {
      try OSMImporter.importFile(at: url, area: "t")
    }
    let stream = try PlaceImportStream(fileAt: url, area: "t", format: .pbf, batchSize: 10)
    var handedOut = 0
    let streamed = #expect(throws: PlaceImportError.self) {
      while let batch = try stream.next() { handedOut += batch.count }
    }
    #expect(handedOut > 0)
    #expect(streamed == whole)
    #expect(
      streamed?.description.contains("OSMData block") == true, "\(String(describing: streamed))")
  }
}
