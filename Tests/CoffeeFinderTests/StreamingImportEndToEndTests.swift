import BearingProcessTesting
import Foundation
import Testing

/// Overpass JSON and `.osm.pbf` imports through the built binary, which reads them as streams
/// (issue 22): the places stored are the ones a whole-file read stored, and a file that turns
/// out bad after batches have gone to the store fails with its cause and leaves the store as
/// it was.
/// Off the pool: building a many-batch Overpass answer takes seconds in a debug build.
@Suite("streaming import of Overpass JSON and .osm.pbf (built binary)", .serialized, .offPool)
struct StreamingImportEndToEndTests {
  typealias Sandbox = AreasCommandTests.Sandbox

  static let helsinki = BuiltBinary.packageRoot
    .appendingPathComponent("Tests/BearingPlacesTests/Fixtures/Helsinki.osm.pbf")

  /// An Overpass answer of `count` elements on a grid south of Helsinki (more than one batch of
  /// the import's): every third a café node, every fifth a café way with a center, the rest
  /// unnamed or not cafés, one café repeated, a street with `out geom`, then `tail` (the
  /// closing of the document by default) in place of the end.
  struct OverpassAnswer {
    var text = ""
    var cafés = 0
    var south = Double.infinity
    var north = -Double.infinity
    var west = Double.infinity
    var east = -Double.infinity

    init(count: Int, tail: String = "\n]}\n", badAt: Int? = nil) {
      text = #"{"version":0.6,"generator":"Overpass API","osm3s":{"copyright":"ODbL"},"#
      text += "\"elements\":[\n"
      var elements: [String] = []
      for index in 0..<count {
        if index == badAt {
          elements.append(#"{"type":"node","id":9,"lat":60.1,"lon":}"#)
          continue
        }
        let latitude = 59.0 + Double(index / 200) * 0.001
        let longitude = 24.0 + Double(index % 200) * 0.001
        let position = String(format: "%.4f", latitude) + "," + String(format: "%.4f", longitude)
        let lat = String(format: "%.4f", latitude)
        let lon = String(format: "%.4f", longitude)
        if index % 3 == 0 {
          elements.append(
            #"{"type":"node","id":\#(index + 1),"lat":\#(lat),"lon":\#(lon),"#
              + #""tags":{"amenity":"cafe","name":"Kahvila \#(index)"}}"#)
          add(position)
        } else if index % 5 == 0 {
          elements.append(
            #"{"type":"way","id":\#(index + 1),"center":{"lat":\#(lat),"lon":\#(lon)},"#
              + #""nodes":[1,2,3],"tags":{"shop":"coffee","name":"Paahtimo \#(index)"}}"#)
          add(position)
        } else if index % 7 == 0 {
          elements.append(
            #"{"type":"node","id":\#(index + 1),"lat":\#(lat),"lon":\#(lon),"#
              + #""tags":{"amenity":"cafe"}}"#)
        } else {
          elements.append(
            #"{"type":"node","id":\#(index + 1),"lat":\#(lat),"lon":\#(lon),"#
              + #""tags":{"amenity":"bench","name":"Penkki \#(index)"}}"#)
        }
      }
      // The first café again, as an answer of two overlapping queries has it: stored once.
      elements.append(
        #"{"type":"node","id":1,"lat":59.0000,"lon":24.0000,"#
          + #""tags":{"amenity":"cafe","name":"Kahvila 0"}}"#)
      elements.append(
        #"{"type":"way","id":900000001,"nodes":[1,2],"#
          + #""geometry":[{"lat":59.0,"lon":24.0},{"lat":59.01,"lon":24.0}],"#
          + #""tags":{"highway":"residential"}}"#)
      text += elements.joined(separator: ",\n") + tail
    }

    private mutating func add(_ position: String) {
      let parts = position.split(separator: ",").map { Double($0)! }
      cafés += 1
      south = min(south, parts[0])
      north = max(north, parts[0])
      west = min(west, parts[1])
      east = max(east, parts[1])
    }
  }

  /// The stored area called `name`, from `areas list --json`.
  static func area(_ name: String, in box: Sandbox) async throws -> [String: Any]? {
    let list = try await box.run(["areas", "list", "--json"])
    for line in list.stdout.split(separator: "\n") {
      let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
      if object?["name"] as? String == name { return object }
    }
    return nil
  }

  static func names(near position: String, in box: Sandbox) async throws -> [String] {
    let nearby = try await box.run([
      "nearby", "--at", position, "--json", "--provider", "offline", "--radius", "50",
    ])
    guard
      let object = try? JSONSerialization.jsonObject(with: Data(nearby.stdout.utf8))
        as? [String: Any]
    else { return ["(no answer: \(nearby.stderr))"] }
    let places = object["places"] as? [[String: Any]] ?? []
    return places.compactMap { $0["name"] as? String }
  }

  @Test(.timeLimit(.minutes(2))) func anOverpassAnswerOfManyBatchesStoresEachCaféOnce()
    async throws
  {
    let box = try Sandbox()
    let answer = OverpassAnswer(count: 24_000)
    let file = try box.write("south.json", answer.text)
    let imported = try await box.run(["import", file, "--area", "South"])
    #expect(imported.status == 0, "\(imported.stderr)")
    #expect(
      imported.stdout.hasPrefix("Imported \(answer.cafés) places covering South"),
      "\(imported.stdout)")
    #expect(imported.stdout.contains("Stored 1 street line for maps."), "\(imported.stdout)")

    let area = try #require(try await Self.area("South", in: box))
    #expect(area["placeCount"] as? Int == answer.cafés)
    #expect(abs((area["south"] as? Double ?? 0) - answer.south) < 1e-9)
    #expect(abs((area["north"] as? Double ?? 0) - answer.north) < 1e-9)
    #expect(abs((area["west"] as? Double ?? 0) - answer.west) < 1e-9)
    #expect(abs((area["east"] as? Double ?? 0) - answer.east) < 1e-9)
    // A node café, a way café at its center; an unnamed café and a bench are not places.
    #expect(try await Self.names(near: "59.0000,24.0000", in: box) == ["Kahvila 0"])
    #expect(try await Self.names(near: "59.0000,24.0050", in: box) == ["Paahtimo 5"])
    #expect(try await Self.names(near: "59.1190,24.1970", in: box) == ["Kahvila 23997"])
    #expect(try await Self.names(near: "59.0000,24.0070", in: box).isEmpty)
  }

  @Test(.timeLimit(.minutes(2))) func anOverpassAnswerBadAfterManyBatchesChangesNothing()
    async throws
  {
    let box = try Sandbox()
    let good = try box.write("south.json", OverpassAnswer(count: 300).text)
    #expect(try await box.run(["import", good, "--area", "South"]).status == 0)
    let before = try #require(try await Self.area("South", in: box))

    // Not JSON at element 20,000: four batches of places have gone to the store by then.
    let bad = try box.write("bad.json", OverpassAnswer(count: 24_000, badAt: 20_000).text)
    let failed = try await box.run(["import", bad, "--area", "South"])
    #expect(failed.status != 0)
    #expect(failed.stdout.isEmpty, "\(failed.stdout)")
    #expect(failed.stderr.contains("cannot import \(bad)"), "\(failed.stderr)")
    #expect(failed.stderr.contains("not valid JSON: byte "), "\(failed.stderr)")

    // Cut off inside the elements, and ended by a runtime error: both fail the same way.
    let cut = try box.write(
      "cut.json", String(OverpassAnswer(count: 24_000).text.prefix(2_000_000)))
    let cutShort = try await box.run(["import", cut, "--area", "South"])
    #expect(cutShort.status != 0)
    #expect(cutShort.stderr.contains("cannot import \(cut)"), "\(cutShort.stderr)")
    let remark = try box.write(
      "remark.json",
      OverpassAnswer(
        count: 24_000,
        tail: "\n],\"remark\":\"runtime error: Query timed out in \\\"query\\\" at line 1\"}\n"
      ).text)
    let timedOut = try await box.run(["import", remark, "--area", "South"])
    #expect(timedOut.status != 0)
    #expect(timedOut.stderr.contains("the Overpass answer is incomplete"), "\(timedOut.stderr)")

    let after = try #require(try await Self.area("South", in: box))
    #expect(after["placeCount"] as? Int == before["placeCount"] as? Int)
    #expect(after["origin"] as? String == before["origin"] as? String)
    #expect(try await Self.names(near: "59.0000,24.0000", in: box) == ["Kahvila 0"])
    let list = try await box.run(["areas", "list"])
    #expect(!list.stdout.contains("bad"), "\(list.stdout)")

    // `areas update` of a file that went bad keeps the area as it was.
    try FileManager.default.removeItem(atPath: good)
    try FileManager.default.copyItem(atPath: bad, toPath: good)
    let update = try await box.run(["areas", "update", "South"])
    #expect(update.status != 0)
    #expect(update.stderr.contains("The stored area is unchanged."), "\(update.stderr)")
    let updated = try #require(try await Self.area("South", in: box))
    #expect(updated["placeCount"] as? Int == before["placeCount"] as? Int)
  }

  @Test(.timeLimit(.minutes(2))) func theHelsinkiExtractStoresTheBuiltInCafésAndStreets()
    async throws
  {
    let box = try Sandbox()
    let imported = try await box.run(["import", Self.helsinki.path, "--area", "Helsinki"])
    #expect(imported.status == 0, "\(imported.stderr)")
    #expect(imported.stdout.hasPrefix("Imported 86 places covering Helsinki"), "\(imported.stdout)")
    #expect(imported.stdout.contains("Stored 2849 street lines for maps."), "\(imported.stdout)")
    // The cafés scripts/derive_osm_cafes.py derived from the same file for the built-in area:
    // the same count and the same box, to the last digit the store keeps.
    let area = try #require(try await Self.area("Helsinki", in: box))
    #expect(area["placeCount"] as? Int == 86)
    #expect(abs((area["south"] as? Double ?? 0) - 60.1641739) < 1e-9)
    #expect(abs((area["north"] as? Double ?? 0) - 60.1778761) < 1e-9)
    #expect(abs((area["west"] as? Double ?? 0) - 24.9353956) < 1e-9)
    #expect(abs((area["east"] as? Double ?? 0) - 24.9533177) < 1e-9)
    let data = try await box.run(["nearby", "--at", "60.1699,24.9384", "--json", "--limit", "3"])
    #expect(data.stdout.contains("\"data\":\"offline data: Helsinki"), "\(data.stdout)")
    #expect(data.stdout.contains("osm:node/1381017836"), "\(data.stdout)")
  }

  @Test(.timeLimit(.minutes(2))) func aTruncatedExtractFailsAndChangesNothing() async throws {
    let box = try Sandbox()
    #expect(try await box.run(["import", Self.helsinki.path, "--area", "Helsinki"]).status == 0)
    let before = try #require(try await Self.area("Helsinki", in: box))

    let whole = try Data(contentsOf: Self.helsinki)
    for fraction in [0.3, 0.7, 0.99] {
      let cut = box.directory.appendingPathComponent("cut-\(fraction).osm.pbf")
      try whole.prefix(Int(Double(whole.count) * fraction)).write(to: cut)
      let failed = try await box.run(["import", cut.path, "--area", "Helsinki"])
      #expect(failed.status != 0, "\(fraction)")
      #expect(failed.stdout.isEmpty, "\(failed.stdout)")
      #expect(failed.stderr.contains("cannot import \(cut.path)"), "\(failed.stderr)")
      #expect(failed.stderr.contains("cut short"), "\(failed.stderr)")
    }

    // Whole but corrupt in its last block, found after the blocks before it were read.
    var corrupt = whole
    corrupt[corrupt.count - 50] ^= 0xFF
    let bad = box.directory.appendingPathComponent("corrupt.osm.pbf")
    try corrupt.write(to: bad)
    let failed = try await box.run(["import", bad.path, "--area", "Helsinki"])
    #expect(failed.status != 0)
    #expect(failed.stderr.contains("cannot import \(bad.path)"), "\(failed.stderr)")
    #expect(failed.stderr.contains("OSMData block"), "\(failed.stderr)")

    let after = try #require(try await Self.area("Helsinki", in: box))
    #expect(after["placeCount"] as? Int == 86)
    #expect(after["origin"] as? String == before["origin"] as? String)
  }
}
