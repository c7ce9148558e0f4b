import BearingHTTP
import CustomDump
import Foundation
import Testing

@Suite("HTTPRequest")
struct HTTPRequestTests {
  let base = URL(string: "https://api.example.com/v2/")!

  @Test("a path joins the base URL's path with exactly one slash")
  func pathAgainstBase() throws {
    let request = HTTPRequest(path: "/places/search")
    #expect(
      try request.url(relativeTo: base).absoluteString
        == "https://api.example.com/v2/places/search")
    let noSlash = HTTPRequest(path: "places")
    #expect(
      try noSlash.url(relativeTo: URL(string: "https://api.example.com/v2")!).absoluteString
        == "https://api.example.com/v2/places")
  }

  @Test("query values are strictly percent-encoded, so + and & cannot change their meaning")
  func queryEncoding() throws {
    let request = HTTPRequest(
      path: "/search",
      query: [
        URLQueryItem(name: "query", value: "tea & coffee+cake"),
        URLQueryItem(name: "ll", value: "60.1699,24.9384"),
      ])
    let url = try request.url(relativeTo: base)
    #expect(
      url.absoluteString
        == "https://api.example.com/v2/search?query=tea%20%26%20coffee%2Bcake&ll=60.1699,24.9384")
    let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems
    #expect(items?.first?.value == "tea & coffee+cake")
  }

  @Test("an absolute URL keeps its own query and ignores the base URL")
  func absoluteURL() throws {
    let request = HTTPRequest(
      url: URL(string: "https://other.example.org/next?cursor=abc")!,
      query: [URLQueryItem(name: "limit", value: "5")])
    #expect(
      try request.url(relativeTo: base).absoluteString
        == "https://other.example.org/next?cursor=abc&limit=5")
  }

  @Test("a path without a base URL is a clear error, not a crash")
  func pathWithoutBase() {
    #expect(throws: HTTPError.self) { try HTTPRequest(path: "/me").url(relativeTo: nil) }
    do {
      _ = try HTTPRequest(path: "/me").url(relativeTo: nil)
    } catch {
      #expect("\(error)".contains("/me needs a base URL"))
    }
  }

  @Test("descriptions, debug descriptions, dumps and reflection never show credentials")
  func redaction() {
    let secret = "fsq3-SECRET-0123456789"
    let request = HTTPRequest(
      url: URL(string: "https://api.example.com/x?api_key=\(secret)&q=1")!,
      query: [URLQueryItem(name: "token", value: secret)],
      headers: ["Authorization": "Bearer \(secret)", "Cookie": "s=\(secret)", "Accept": "*/*"])
    var dumped = ""
    dump(request, to: &dumped)
    var customDumped = ""
    customDump(request, to: &customDumped)
    let texts = [
      request.description, request.debugDescription, String(reflecting: request), dumped,
      customDumped, "\(request.headers)",
    ]
    for text in texts {
      #expect(!text.contains(secret), "\(text)")
      #expect(!text.contains("SECRET"), "\(text)")
    }
    #expect(request.debugDescription.contains("Authorization: <redacted>"))
    #expect(request.debugDescription.contains("Accept: */*"))
    #expect(request.description.contains("q=1"))
    // The secret is still sent: redaction is for descriptions only.
    #expect(request.headers["authorization"] == "Bearer \(secret)")
  }

  @Test("headers compare names case-insensitively and setting replaces in place")
  func headers() {
    var headers: HTTPHeaders = ["Accept": "text/plain", "X-One": "1"]
    headers["accept"] = "application/json"
    #expect(headers["ACCEPT"] == "application/json")
    #expect(headers.fields.map(\.name) == ["accept", "X-One"])
    headers.add(name: "Link", value: "<a>")
    headers.add(name: "link", value: "<b>")
    #expect(headers.values(for: "LINK") == ["<a>", "<b>"])
    headers["x-one"] = nil
    #expect(headers["X-One"] == nil)
  }

  @Test("only idempotent methods are marked safe to retry")
  func idempotency() {
    #expect(HTTPMethod.get.isIdempotent)
    #expect(HTTPMethod.put.isIdempotent)
    #expect(HTTPMethod.delete.isIdempotent)
    #expect(!HTTPMethod.post.isIdempotent)
    #expect(!HTTPMethod.patch.isIdempotent)
    #expect(HTTPMethod(rawValue: "get") == .get)
  }
}
