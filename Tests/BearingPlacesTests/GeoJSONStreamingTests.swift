import BearingLocation
import BearingProcessTesting
import Foundation
import Testing

@testable import BearingPlaces

/// The GeoJSON reader streams: it hands out places in bounded batches and reads the file a
/// window at a time, never going back to bytes it released, whatever the window's size; what
/// it hands out, or the error it throws, is what reading the whole document gives.
@Suite("Import: GeoJSON streamed a window at a time", .offPool)
struct GeoJSONStreamingTests {
  /// ``GeoJSONParallelTests/document(count:edit:)`` with names in several scripts, so that
  /// window edges fall beside escapes and multi-byte UTF-8 as well as between features.
  static func document(count: Int = 2_000, edit: (Int, String) -> String = { $1 }) -> Data {
    GeoJSONParallelTests.document(count: count) { i, text in
      edit(i, text.replacingOccurrences(of: "Café", with: i % 3 == 0 ? "Kahvila 日本 ☕️" : "Café"))
    }
  }

  /// What a streaming read of `data` hands out, batch by batch, with the offsets it released,
  /// each released byte overwritten at once: a reader that looked back at one would read
  /// `0xFF`, which is never JSON, and fail or find other places.
  static func stream(
    _ data: Data, windowBytes: Int, batchSize: Int = 10_000, parallel: Bool = true,
    stopAfter: Int = .max
  ) -> (batches: [[Place]], released: [Int], error: PlaceImportError?) {
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: data.count, alignment: 1)
    defer { buffer.deallocate() }
    data.withUnsafeBytes { buffer.copyMemory(from: $0) }
    var batches: [[Place]] = []
    var released: [Int] = []
    let reader = GeoJSONReader(
      source: "t.geojson", parallel: parallel, windowBytes: windowBytes, batchSize: batchSize)
    var error: PlaceImportError?
    do throws(PlaceImportError) {
      try reader.read(
        UnsafeRawBufferPointer(buffer),
        release: { offset in
          let from = released.last ?? 0
          if offset > from {
            UnsafeMutableRawBufferPointer(rebasing: buffer[from..<offset])
              .initializeMemory(as: UInt8.self, repeating: 0xFF)
          }
          released.append(offset)
        },
        deliver: { batch in
          batches.append(batch.places)
          return batches.count < stopAfter
        })
    } catch let failure {
      error = failure
    }
    return (batches, released, error)
  }

  func whole(_ data: Data) -> Result<[Place], PlaceImportError> {
    Result { () throws(PlaceImportError) in
      try GeoJSONReader(data: data, source: "t.geojson", parallel: false).read()
    }
  }

  @Test(
    "batches hold at most the batch size and join up to the places of the whole document",
    arguments: [1, 7, 500], [true, false])
  func boundedBatches(batchSize: Int, parallel: Bool) throws {
    let data = Self.document()
    let expected = try whole(data).get()
    let streamed = Self.stream(
      data, windowBytes: 4_096, batchSize: batchSize, parallel: parallel)
    #expect(streamed.error == nil)
    #expect(streamed.batches.allSatisfy { !$0.isEmpty && $0.count <= batchSize })
    #expect(Array(streamed.batches.joined()) == expected)
  }

  @Test(
    "windows of any size give the same places, never look back, and release as they go",
    arguments: [1, 37, 1_000, 65_536], [true, false])
  func releasedBehind(windowBytes: Int, parallel: Bool) throws {
    let data = Self.document()
    let expected = try whole(data).get()
    let streamed = Self.stream(data, windowBytes: windowBytes, parallel: parallel)
    #expect(streamed.error == nil)
    #expect(Array(streamed.batches.joined()) == expected)
    // Never more than a window and a feature held back: released offsets rise by at most
    // that, up to the last window of the array.
    let longestFeature = 600
    let steps = zip([0] + streamed.released, streamed.released).map { $1 - $0 }
    #expect(steps.allSatisfy { $0 >= 0 && $0 <= windowBytes + longestFeature })
    #expect((streamed.released.last ?? 0) >= data.count - windowBytes - longestFeature)
  }

  @Test(
    "small windows give the error the whole document read in order gives",
    arguments: [
      [1_321: #"{"type":"Feature","geometry":null}"#],
      [1_900: #"{"type":"Feature","geometry":null}"#, 200: #"{"type":"Way"}"#],
      [10: #"{"type":"Feature","geometry":null}"#, 1_000: #"{"type":"Feature",}"#],
      [1_500: #"{"type":"Feature","properties":{"name":"open}"#],
      [1_000: #"{"type":"Feature","properties":[}"#],
      [1_999: "\u{FEFF}{}"],
    ], [1, 300, 20_000])
  func sameError(edits: [Int: String], windowBytes: Int) {
    let data = Self.document { i, text in edits[i] ?? text }
    guard case .failure(let error) = whole(data) else {
      Issue.record("the edited document was read without an error")
      return
    }
    #expect(Self.stream(data, windowBytes: windowBytes).error == error)
    #expect(Self.stream(data, windowBytes: windowBytes, parallel: false).error == error)
  }

  @Test("a receiver that stops the read gets nothing more, and no error")
  func stopped() throws {
    let streamed = Self.stream(Self.document(), windowBytes: 1_000, batchSize: 10, stopAfter: 3)
    #expect(streamed.error == nil)
    #expect(streamed.batches.count == 3)
  }
}
