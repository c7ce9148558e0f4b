import BearingLocation
import BearingProcessTesting
import Foundation
import Testing

@testable import BearingPlaces

/// The GeoJSON reader parses a large `features` array on every core; what it returns, or the
/// error it throws, must be what reading in order gives.
@Suite("Import: GeoJSON read on every core, as if in order", .offPool)
struct GeoJSONParallelTests {
  /// `count` features (enough for several chunks), points and polygons, with names full of
  /// what a quick scan could take for syntax; `edit` changes the text of feature `i`.
  static func document(count: Int = 5_000, edit: (Int, String) -> String = { $1 }) -> Data {
    var features: [String] = []
    for i in 0..<count {
      let longitude = 24.9 + Double(i % 100) * 0.001
      let latitude = 60.1 + Double(i / 100) * 0.001
      let geometry =
        i % 5 == 0
        ? #"{"type":"Polygon","coordinates":[[[\#(longitude),\#(latitude)],[\#(longitude + 0.0002),\#(latitude)],[\#(longitude),\#(latitude + 0.0002)],[\#(longitude),\#(latitude)]]]}"#
        : #"{"type":"Point","coordinates":[\#(longitude),\#(latitude)]}"#
      let name = #"Café \"\#(i)\", [{ ]} \\ \u00e9"#
      let tags = i % 7 == 0 ? #""shop":"books""# : #""amenity":"cafe""#
      features.append(
        edit(
          i,
          #"{"type":"Feature","properties":{"name":"\#(name)",\#(tags)},"geometry":\#(geometry)}"#
        ))
    }
    return Data(
      (#"{"type":"FeatureCollection","features":[ "# + features.joined(separator: ",\n") + " ]}")
        .utf8)
  }

  func read(_ data: Data, parallel: Bool) -> Result<[Place], PlaceImportError> {
    Result { () throws(PlaceImportError) in
      try GeoJSONReader(data: data, source: "t.geojson", parallel: parallel).read()
    }
  }

  @Test("a large file gives the same places, in the same order, on every core as in order")
  func samePlaces() throws {
    let data = Self.document()
    let parallel = try read(data, parallel: true).get()
    let serial = try read(data, parallel: false).get()
    #expect(parallel.count == 5_000 - 715)
    #expect(parallel == serial)
    #expect(parallel[0].name == #"Café "1", [{ ]} \ é"#)
  }

  @Test(
    "a bad feature, or text that is not JSON, gives the error reading in order gives",
    arguments: [
      // A feature without properties, late in the file.
      [4_321: #"{"type":"Feature","geometry":null}"#],
      // Two bad features: the first in the file wins, though another chunk meets its own.
      [4_900: #"{"type":"Feature","geometry":null}"#, 1_200: #"{"type":"Way"}"#],
      // A bad feature early and text that is not JSON late: not JSON wins, as in order.
      [10: #"{"type":"Feature","geometry":null}"#, 4_000: #"{"type":"Feature",}"#],
      // A string that swallows the separator, and a value the scan cannot end.
      [2_500: #"{"type":"Feature","properties":{"name":"open}"#],
      [3_000: #"{"type":"Feature","properties":[}"#],
      [4_999: "\u{FEFF}{}"],
    ])
  func sameError(edits: [Int: String]) {
    let data = Self.document { i, text in edits[i] ?? text }
    let parallel = read(data, parallel: true)
    let serial = read(data, parallel: false)
    guard case .failure(let error) = serial else {
      Issue.record("the edited document was read in order without an error")
      return
    }
    #expect(parallel == .failure(error))
  }
}
