import BearingHTTPTesting
import Foundation
import Testing

/// `--near NAME` with the built binary: offline names, Nominatim, its cache, ambiguity.
@Suite("--near (built binary)", .serialized)
struct NearCommandTests {
  @Test(.timeLimit(.minutes(1))) func offlineNamesNeedNoNetwork() async throws {
    let box = try AreasCommandTests.Sandbox()
    let file = try box.write(
      "kallio.geojson",
      AreasCommandTests.features([("Kahvila Kallio", 60.1841, 24.9494), ("Sävy", 60.1845, 24.95)]))
    #expect(try await box.run(["import", file, "--area", "Kallio"]).status == 0)
    for name in ["kallio", "KAHVILA kallio", "sävy"] {
      let result = try await box.run(["nearby", "--near", name, "--json", "--limit", "1"])
      #expect(result.status == 0, "\(name): \(result.stderr)")
      #expect(result.stdout.contains("Kahvila Kallio") || result.stdout.contains("Sävy"))
      #expect(result.stderr.contains("near \"\(name)\""))
    }
    // The built-in area's name works too.
    let builtIn = try await box.run(["nearby", "--near", "Central Helsinki", "--limit", "1"])
    #expect(builtIn.status == 0, "\(builtIn.stderr)")
    // Unknown names offline: one line that says what --near knows offline.
    let unknown = try await box.run(["nearby", "--near", "Atlantis"])
    #expect(unknown.status == 1)
    #expect(unknown.stderr.contains("cannot find \"Atlantis\""))
    #expect(unknown.stderr.contains("Kallio"))
  }

  @Test(.timeLimit(.minutes(1))) func oneCaféStoredTwiceIsOnePlaceTwoAreListed() async throws {
    let box = try AreasCommandTests.Sandbox()
    // One list imported under two file names: each copy gets its own stable id.
    let list = AreasCommandTests.features([
      ("Kahvila Kallio", 60.1841, 24.9494), ("Chain Coffee", 60.1700, 24.9400),
      ("Chain Coffee", 60.1900, 24.9600),
    ])
    for name in ["kallio.geojson", "kallio-copy.geojson"] {
      let file = try box.write(name, list)
      #expect(try await box.run(["import", file]).status == 0)
    }
    let one = try await box.run(["nearby", "--near", "kahvila kallio", "--limit", "1"])
    #expect(one.status == 0, "\(one.stderr)")
    #expect(one.stderr.contains("near \"kahvila kallio\": Kahvila Kallio"), "\(one.stderr)")
    // Two cafés of one name 2.4 km apart, each stored twice: two places, listed.
    let two = try await box.run(["nearby", "--near", "chain coffee"])
    #expect(two.status == 1)
    #expect(two.stderr.contains("could be 2 places"), "\(two.stderr)")
  }

  @Test(.timeLimit(.minutes(1))) func nominatimOnceThenTheCache() async throws {
    let box = try AreasCommandTests.Sandbox()
    let answer = """
      [{"lat":"48.8566","lon":"2.3522","display_name":"Paris, France","importance":0.9}]
      """
    try await LoopbackHTTPServer.with({ _, _ in .json(.ok, answer) }) { server in
      let url = server.baseURL.appendingPathComponent("search").absoluteString
      let first = try await box.run(
        ["download", "--near", "Paris", "--radius", "1km"],
        extra: ["COFFEE_FINDER_NOMINATIM_URL": url])
      // Overpass is a closed port here: the name was found, the download was not.
      #expect(first.stderr.contains("near \"Paris\": Paris, France"), "\(first.stderr)")
      #expect(first.stderr.contains("Nothing was stored"))
      #expect(server.requests.count == 1)
      #expect(server.requests[0].headerFields[.userAgent]?.hasPrefix("coffee-finder/") == true)
    }
    // The server is gone: the answer comes from the place store's cache.
    let again = try await box.run(["nearby", "--near", "paris", "--provider", "offline"])
    #expect(
      again.stderr.contains("near \"paris\": Paris, France (48.85660,2.35220)"), "\(again.stderr)")
  }

  @Test(.timeLimit(.minutes(1))) func severalPlacesOfOneNameAreListed() async throws {
    let box = try AreasCommandTests.Sandbox()
    let answer = """
      [{"lat":"39.80","lon":"-89.64","display_name":"Springfield, Illinois","importance":0.62},
       {"lat":"37.21","lon":"-93.29","display_name":"Springfield, Missouri","importance":0.60},
       {"lat":"42.10","lon":"-72.59","display_name":"Springfield, Massachusetts","importance":0.59}]
      """
    try await LoopbackHTTPServer.with({ _, _ in .json(.ok, answer) }) { server in
      let url = server.baseURL.appendingPathComponent("search").absoluteString
      let result = try await box.run(
        ["nearby", "--near", "Springfield"], extra: ["COFFEE_FINDER_NOMINATIM_URL": url])
      #expect(result.status == 1)
      #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
      #expect(result.stderr.contains("\"Springfield\" could be 3 places"))
      #expect(result.stderr.contains("Springfield, Missouri (37.21000,-93.29000)"))
    }
  }
}
