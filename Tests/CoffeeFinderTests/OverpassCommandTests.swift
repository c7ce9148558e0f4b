import BearingHTTPTesting
import Foundation
import Testing

/// `nearby` anywhere on Earth without a key: the built binary against a loopback server that
/// answers as an Overpass instance does.
@Suite("nearby through Overpass (built binary)", .serialized)
struct OverpassCommandTests {
  /// Three Paris cafés (a node, a way with its center, a relation), a bakery without coffee.
  static let paris = """
    {"version":0.6,"generator":"Overpass API 0.7.62.1","elements":[
    {"type":"node","id":7001,"lat":48.8570,"lon":2.3530,
     "tags":{"amenity":"cafe","name":"Café \\u001b[31mRouge","addr:city":"Paris"}},
    {"type":"way","id":7002,"center":{"lat":48.8590,"lon":2.3500},
     "tags":{"shop":"coffee","name":"Brûlerie des Halles"}},
    {"type":"relation","id":7003,"center":{"lat":48.8540,"lon":2.3480},
     "tags":{"amenity":"cafe","name":"Le Café du Parvis"}}
    ]}
    """

  static func nearby(
    _ arguments: [String], overpass: String, extraEnvironment: [String: String] = [:]
  ) async throws -> BuiltBinary.Result {
    let directory = try BuiltBinary.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let extra = ["COFFEE_FINDER_OVERPASS_URL": overpass].merging(extraEnvironment) { $1 }
    let arguments =
      ["nearby", "--at", "48.8566,2.3522"] + arguments
      + ["--data-dir", directory.appendingPathComponent("data").path]
    return try await onThread {
      Swift.Result { try BuiltBinary.run(arguments, dataDirectory: directory, extra: extra) }
    }.get()
  }

  @Test(.timeLimit(.minutes(1))) func parisWithoutAKeyAsksOverpass() async throws {
    try await LoopbackHTTPServer.with({ _, _ in .json(.ok, Self.paris) }) { server in
      let url = server.baseURL.appendingPathComponent("api/interpreter").absoluteString
      let json = try await Self.nearby(["--json"], overpass: url)
      #expect(json.status == 0, "\(json.stderr)")
      let report = try JSONDecoder().decode(
        CommandLineTests.NearbyJSON.self, from: Data(json.stdout.utf8))
      #expect(
        report.places.map(\.name) == [
          "Café \u{1B}[31mRouge", "Brûlerie des Halles", "Le Café du Parvis",
        ])
      // Escaped on the wire, as every --json output is.
      #expect(!json.stdout.unicodeScalars.contains("\u{1B}"))
      #expect(json.stdout.contains(#""dataSource":"overpass""#))

      let table = try await Self.nearby([], overpass: url)
      #expect(table.status == 0, "\(table.stderr)")
      #expect(table.stdout.contains("Brûlerie des Halles"))
      #expect(table.stdout.contains("OpenStreetMap via Overpass (127.0.0.1)"))
      #expect(table.stdout.contains("© OpenStreetMap contributors"))
      #expect(!table.stdout.unicodeScalars.contains("\u{1B}"))
      #expect(table.stderr.isEmpty, "\(table.stderr)")

      #expect(server.requests.count == 2)
      for request in server.requests {
        #expect(request.headerFields[.userAgent]?.hasPrefix("coffee-finder/0.1.0") == true)
        #expect(request.uri.hasPrefix("/api/interpreter?data="))
      }
    }
  }

  @Test(.timeLimit(.minutes(1))) func inHelsinkiTheOfflineDataAnswersWithoutTheNetwork()
    async throws
  {
    try await LoopbackHTTPServer.with({ _, _ in .json(.ok, Self.paris) }) { server in
      let url = server.baseURL.appendingPathComponent("api/interpreter").absoluteString
      let directory = try BuiltBinary.temporaryDirectory()
      defer { try? FileManager.default.removeItem(at: directory) }
      let result = try await onThread {
        Swift.Result {
          try BuiltBinary.run(
            ["nearby", "--at", "60.1699,24.9384", "--json", "--data-dir", directory.path],
            dataDirectory: directory, extra: ["COFFEE_FINDER_OVERPASS_URL": url])
        }
      }.get()
      #expect(result.status == 0, "\(result.stderr)")
      #expect(result.stdout.contains(#""dataSource":"offline""#))
      #expect(server.requests.isEmpty)
    }
  }

  @Test(.timeLimit(.minutes(1))) func providerOverpassAndItsRuntimeError() async throws {
    let remark = #"""
      {"version":0.6,"elements":[],
       "remark":"runtime error: Query ran out of memory in \"query\" at line 3. It would need at least 0 MB of RAM to continue."}
      """#
    try await LoopbackHTTPServer.with({ _, _ in .json(.ok, remark) }) { server in
      let url = server.baseURL.appendingPathComponent("api/interpreter").absoluteString
      // Even inside the offline data's area, --provider overpass asks the server.
      let directory = try BuiltBinary.temporaryDirectory()
      defer { try? FileManager.default.removeItem(at: directory) }
      let result = try await onThread {
        Swift.Result {
          try BuiltBinary.run(
            [
              "nearby", "--at", "60.1699,24.9384", "--provider", "overpass", "--data-dir",
              directory.path,
            ],
            dataDirectory: directory, extra: ["COFFEE_FINDER_OVERPASS_URL": url])
        }
      }.get()
      #expect(result.status == 1)
      #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
      #expect(result.stderr.contains("Overpass could not finish the search"))
      #expect(result.stderr.contains("Query ran out of memory"))
      #expect(server.requests.count == 1)
    }
  }

  @Test func anOverpassAddressThatIsNotHTTPIsAClearError() async throws {
    let result = try await Self.nearby([], overpass: "gopher://example.org")
    #expect(result.status == 1)
    #expect(result.stderr.contains("overpass_url"))
    #expect(result.stderr.contains("COFFEE_FINDER_OVERPASS_URL"))
    #expect(result.stderr.contains("must be an http(s) URL"))
  }
}
