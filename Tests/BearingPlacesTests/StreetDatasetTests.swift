import BearingStreets
import Foundation
import Testing

@testable import BearingPlaces

@Suite("Street geometry data")
struct StreetDatasetTests {
  @Test func theBuiltInHelsinkiStreetsLoad() throws {
    let dataset = try StreetDataset.helsinki.get()
    #expect(dataset.lines.count == 2_849)
    #expect(dataset.lines.reduce(0) { $0 + $1.points.count } == 7_729)
    #expect(Set(dataset.lines.map(\.kind)) == Set(StreetKind.allCases))
    for line in dataset.lines {
      for point in line.points {
        #expect((60.1...60.2).contains(point.latitude) && (24.8...25.0).contains(point.longitude))
      }
    }
    #expect(dataset.attribution.contains("OpenStreetMap contributors"))
  }

  @Test func decodesDifferencesFromTheFirstPoint() throws {
    let json = """
      {"format":"bearing-streets","version":1,"source":"s","attribution":"a",
       "lines":[[5,60000000,25000000,1000,-2000,-500,0]]}
      """
    let dataset = try StreetDataset.decode(Data(json.utf8), name: "t.json")
    #expect(dataset.lines.first?.kind == .major)
    #expect(dataset.lines.first?.points.map(\.latitude) == [60, 60.001, 60.0005])
    #expect(dataset.lines.first?.points.map(\.longitude) == [25, 24.998, 24.998])
  }

  @Test(arguments: [
    #"{"format":"bearing-places","version":1,"source":"s","attribution":"a","lines":[]}"#,
    #"{"format":"bearing-streets","version":1,"source":"s","attribution":"a","lines":[[9,0,0,1,1]]}"#,
    #"{"format":"bearing-streets","version":1,"source":"s","attribution":"a","lines":[[4,0,0]]}"#,
    #"{"format":"bearing-streets","version":1,"source":"s","attribution":"a","lines":[[4,0,0,1]]}"#,
    #"{"format":"bearing-streets","version":1,"source":"s","attribution":"a","lines":[[4,90000000,0,1,0]]}"#,
    #"{"format":"bearing-streets","version":1,"source":"s","attribution":"a","lines":[[4,0,0,9223372036854775807,0]]}"#,
  ])
  func rejectsWhatIsNotStreets(json: String) {
    #expect(throws: PlaceImportError.self) {
      try StreetDataset.decode(Data(json.utf8), name: "t.json")
    }
  }
}

/// The package's two JSON data files (places, streets) are read by one
/// `PlaceImportError.decodeJSON`, and say what is wrong in the same words: the file's name, then
/// where in the JSON.
@Suite struct DataFileDecodingTests {
  @Test func aMissingFieldIsNamedWithTheFileFirst() {
    let missing = PlaceImportError.malformed("t.json: at the top level: missing \"format\"")
    #expect(throws: missing) { try StreetDataset.decode(Data("{}".utf8), name: "t.json") }
    #expect(throws: missing) { try PlaceDataset.decode(Data("{}".utf8), name: "t.json") }
  }

  @Test func textThatIsNotJSONIsMalformedWithTheFileFirst() {
    #expect {
      _ = try StreetDataset.decode(Data("nope".utf8), name: "t.json")
    } throws: { error in
      guard case .malformed(let detail) = error as? PlaceImportError else { return false }
      return detail.hasPrefix("t.json: at the top level: ")
    }
  }
}
