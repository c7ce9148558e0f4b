import BearingHTTPTesting
import CoffeeFinder
import Foundation
import Testing

/// `nearby --provider foursquare` from the built binary, against a real HTTP server on
/// loopback speaking the Places API: the results are listed, and the key goes to the server
/// and nowhere else.
@Suite(.serialized) struct FoursquareCommandTests {
  static let key = "fsq3TestKey0123456789abcdefSECRET"

  static let twoCafes = """
    {"results": [
      {"fsq_place_id": "4adcdaeff964a520f05d21e3", "name": "Café Regatta",
       "latitude": 60.17966, "longitude": 24.91152, "distance": 1500,
       "categories": [{"name": "Café"}], "location": {"address": "Merikannontie 8"}},
      {"fsq_place_id": "2cc3093d55259745c8ef0d32", "name": "Café Ekberg \\u001b[2J",
       "latitude": 60.16322, "longitude": 24.93929, "distance": 744,
       "categories": [{"name": "Café"}], "location": {"address": "Bulevardi 9"}}
    ]}
    """

  /// Runs `nearby --provider foursquare` against `server`, off the cooperative pool.
  static func nearby(_ arguments: [String], server: LoopbackHTTPServer) async throws
    -> BuiltBinary.Result
  {
    let directory = try BuiltBinary.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let extra = [
      "FOURSQUARE_API_KEY": key, "COFFEE_FINDER_FOURSQUARE_URL": server.baseURL.absoluteString,
    ]
    let arguments =
      ["nearby", "--provider", "foursquare", "--at", "60.1699,24.9384"] + arguments
      + ["--data-dir", directory.appendingPathComponent("data").path]
    let result = await onThread {
      Swift.Result { try BuiltBinary.run(arguments, dataDirectory: directory, extra: extra) }
    }
    return try result.get()
  }

  @Test(.timeLimit(.minutes(1))) func listsWhatTheServerFoundAndKeepsTheKeyToIt() async throws {
    try await LoopbackHTTPServer.with({ _, _ in .json(200, Self.twoCafes) }) { server in
      let json = try await Self.nearby(["--json"], server: server)
      #expect(json.status == 0, "\(json.stderr)")
      let places = try JSONDecoder().decode(
        CommandLineTests.NearbyJSON.self, from: Data(json.stdout.utf8)
      ).places
      #expect(places.map(\.name) == ["Café Ekberg \u{1B}[2J", "Café Regatta"])

      let table = try await Self.nearby([], server: server)
      #expect(table.status == 0, "\(table.stderr)")
      #expect(table.stdout.contains("Café Ekberg \\u{1B}[2J"))
      #expect(!table.stdout.unicodeScalars.contains("\u{1B}"))

      for output in [json.stdout, json.stderr, table.stdout, table.stderr] {
        #expect(!output.contains(Self.key))
      }
      #expect(server.requests.count == 2)
      #expect(
        server.requests.allSatisfy { $0.headerFields[.authorization]?.contains(Self.key) == true })
      #expect(server.requests.first?.uri.hasPrefix("/places/search?") == true)
    }
  }

  @Test(.timeLimit(.minutes(1))) func aRefusedKeyIsOneLineWithoutTheKey() async throws {
    let refusal = #"{"message": "Invalid request token \#(Self.key)"}"#
    try await LoopbackHTTPServer.with({ _, _ in .json(401, refusal) }) { server in
      let result = try await Self.nearby([], server: server)
      #expect(result.status == 1)
      #expect(result.stdout.isEmpty)
      #expect(result.stderr.lowercased().contains("the api key was refused"), "\(result.stderr)")
      #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
      #expect(!result.stderr.contains(Self.key))
    }
  }

  @Test func aServerAddressThatIsNotHTTPIsAClearError() async throws {
    let directory = try BuiltBinary.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let extra = [
      "FOURSQUARE_API_KEY": Self.key, "COFFEE_FINDER_FOURSQUARE_URL": "ftp://example.org",
    ]
    let result = try await onThread {
      Swift.Result {
        try BuiltBinary.run(
          ["nearby", "--provider", "foursquare", "--at", "60.1699,24.9384"],
          dataDirectory: directory, extra: extra)
      }
    }.get()
    #expect(result.status == 1)
    #expect(result.stderr.contains("COFFEE_FINDER_FOURSQUARE_URL is not an http(s) URL"))
  }
}
