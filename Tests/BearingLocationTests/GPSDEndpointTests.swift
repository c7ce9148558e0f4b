import BearingLocation
import Testing

@Suite struct GPSDEndpointTests {
  @Test func parsesHostAndPortForms() {
    #expect(GPSDEndpoint(parsing: "10.0.0.2:4000") == GPSDEndpoint(host: "10.0.0.2", port: 4000))
    #expect(GPSDEndpoint(parsing: "gps.local") == GPSDEndpoint(host: "gps.local", port: 2947))
    #expect(GPSDEndpoint(parsing: ":5000") == GPSDEndpoint(host: "127.0.0.1", port: 5000))
    #expect(GPSDEndpoint(parsing: "[::1]:6000") == GPSDEndpoint(host: "::1", port: 6000))
    #expect(GPSDEndpoint(parsing: "host:0") == nil)
    #expect(GPSDEndpoint(parsing: "host:http") == nil)
    #expect(GPSDEndpoint(host: "::1", port: 1).description == "[::1]:1")
  }

  @Test func readsTheEnvironment() {
    #expect(GPSDEndpoint.fromEnvironment([:]) == GPSDEndpoint())
    #expect(
      GPSDEndpoint.fromEnvironment(["BEARING_GPSD": "example:1234", "GPSD_PORT": "9"])
        == GPSDEndpoint(host: "example", port: 1234))
    #expect(
      GPSDEndpoint.fromEnvironment(["GPSD_HOST": "h", "GPSD_PORT": "47000"])
        == GPSDEndpoint(host: "h", port: 47000))
    #expect(
      GPSDEndpoint.fromEnvironment(["GPSD_PORT": "99999"]) == GPSDEndpoint())
  }
}

@Suite struct GPSDEndpointValidationTests {
  @Test(arguments: [
    ("localhost", "localhost:2947"), ("10.0.0.2:3000", "10.0.0.2:3000"),
    ("[::1]", "[::1]:2947"), ("[fe80::1]:5", "[fe80::1]:5"), (":80", "127.0.0.1:80"),
  ])
  func addressesParse(text: String, expected: String) throws {
    #expect(try GPSDEndpoint(validating: text).description == expected)
  }

  @Test(arguments: [
    ("host:0", "port"), ("::1", "brackets"), ("[::1", "]"), ("a b:1", "host"), ("host:x", "port"),
    ("hóst:1", "host"), ("host:١٢", "port"),
  ])
  func badAddressesAreRejectedWithTheReason(text: String, reason: String) {
    #expect(throws: GPSDEndpoint.ParseError.self) { try GPSDEndpoint(validating: text) }
    do {
      _ = try GPSDEndpoint(validating: text)
    } catch {
      #expect(error.description.contains(reason))
    }
  }
}
