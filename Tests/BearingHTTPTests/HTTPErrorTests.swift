import Foundation
import Testing

@testable import BearingHTTP

@Suite("HTTPError")
struct HTTPErrorTests {
  @Test(
    "the server's message is found in common error body shapes",
    arguments: [
      (#"{"message": "Invalid API key"}"#, "Invalid API key"),
      (#"{"error": "quota exhausted"}"#, "quota exhausted"),
      (#"{"error": {"code": 7, "message": "nested"}}"#, "nested"),
      (#"{"detail": "not here"}"#, "not here"),
      (#"{"error_description": "token expired"}"#, "token expired"),
      ("plain words\n", "plain words"),
      // JSON that is not an object, or not JSON (RFC 8259 has no trailing comma), is shown as
      // the text it is.
      (#"["a list"]"#, #"["a list"]"#),
      (#"{"message": "x",}"#, #"{"message": "x",}"#),
    ])
  func serverMessage(body: String, message: String) {
    let error = HTTPError.status(of: HTTPResponse(status: 400, body: Data(body.utf8)))
    #expect(error == .status(400, message: message, retryAfter: nil))
  }

  @Test("no message from an empty body, an HTML page, or JSON without one")
  func noMessage() {
    for body in ["", "<html><body>Bad gateway</body></html>", #"{"code": 3}"#] {
      let error = HTTPError.status(of: HTTPResponse(status: 502, body: Data(body.utf8)))
      #expect(error == .status(502, message: nil, retryAfter: nil))
    }
  }

  @Test("control characters in a server message are escaped, long ones cut")
  func sanitizing() {
    let hostile = #"{"message": "bad\u001b[31mred\u0007"}"#
    let error = HTTPError.status(of: HTTPResponse(status: 400, body: Data(hostile.utf8)))
    #expect(!error.description.contains("\u{1b}"))
    #expect(error.description.contains(#"bad\u{1B}[31mred\u{7}"#))
    let long = HTTPError.status(
      of: HTTPResponse(status: 400, body: Data(String(repeating: "x", count: 1000).utf8)))
    #expect(long.description.count < 400)
  }

  @Test("a status error reads as a sentence with the code, reason and wait")
  func description() {
    let error = HTTPError.status(429, message: "slow down", retryAfter: .seconds(12))
    #expect(error.description == "HTTP 429 Too Many Requests: slow down (retry after 12 s)")
    #expect(
      HTTPError.status(HTTPResponse.Status(code: 599), message: nil, retryAfter: nil).description
        == "HTTP 599 Server Error")
    #expect(
      HTTPError.status(
        .init(code: 418, reasonPhrase: "I'm a teapot"), message: nil, retryAfter: nil
      )
      .description == "HTTP 418 I'm a teapot")
    #expect(
      HTTPError.transport(.hostNotFound("nowhere.invalid")).description
        == "network error: the host nowhere.invalid could not be found (DNS)")
  }

  @Test("a decoding error names the failing coding path")
  func decodingPath() throws {
    struct Page: Decodable {
      struct Item: Decodable { var latitude: Double }
      var results: [Item]
    }
    let body = Data(#"{"results": [{"latitude": 1}, {"latitude": "north"}]}"#.utf8)
    #expect {
      try HTTPClient.decode(Page.self, from: body)
    } throws: { error in
      guard case HTTPError.decoding(let type, let path, _) = error else { return false }
      return type == "Page" && path == "results[1].latitude"
    }
    let missing = Data(#"{"results": [{}]}"#.utf8)
    #expect {
      try HTTPClient.decode(Page.self, from: missing)
    } throws: { error in
      guard case HTTPError.decoding(_, let path, let reason) = error else { return false }
      return path == "results[0].latitude" && reason == "the key is missing"
    }
    #expect {
      try HTTPClient.decode(Page.self, from: Data("{\"results\": [".utf8))
    } throws: { error in
      guard case HTTPError.decoding(_, _, _) = error else { return false }
      return "\(error)".hasPrefix("could not decode Page")
    }
  }
}

@Suite("HTTPError from URLSession errors")
struct HTTPErrorTransportTests {
  @Test(
    "URL errors become transport failures a user can act on",
    arguments: [
      (URLError.Code.notConnectedToInternet, HTTPError.TransportFailure.offline),
      (.timedOut, .timedOut),
      (.cannotFindHost, .hostNotFound("api.example.com")),
      (.dnsLookupFailed, .hostNotFound("api.example.com")),
      (.cannotConnectToHost, .cannotConnect("api.example.com")),
      (.networkConnectionLost, .connectionLost),
      (.badServerResponse, .badResponse),
    ])
  func mapping(code: URLError.Code, expected: HTTPError.TransportFailure) {
    #expect(HTTPError.transport(URLError(code), host: "api.example.com") == .transport(expected))
  }

  @Test("curl's partial-transfer report is a lost connection")
  func partialTransfer() {
    let error = URLError(
      .unknown,
      userInfo: [NSLocalizedDescriptionKey: "transfer closed with 94 bytes remaining to read"])
    #expect(HTTPError.transport(error, host: "h") == .transport(.connectionLost))
  }
}
