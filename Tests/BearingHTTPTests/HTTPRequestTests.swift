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
      headerFields: [.authorization: "Bearer \(secret)", .cookie: "s=\(secret)", .accept: "*/*"])
    var dumped = ""
    dump(request, to: &dumped)
    var customDumped = ""
    customDump(request, to: &customDumped)
    let texts = [
      request.description, request.debugDescription, String(reflecting: request), dumped,
      customDumped, Redacted.description(of: request.headerFields),
    ]
    for text in texts {
      #expect(!text.contains(secret), "\(text)")
      #expect(!text.contains("SECRET"), "\(text)")
    }
    #expect(request.debugDescription.contains("Authorization: <redacted>"))
    #expect(request.debugDescription.contains("Accept: */*"))
    #expect(request.description.contains("q=1"))
    // The secret is still sent: redaction is for descriptions only.
    #expect(request.headerFields[HTTPField.Name("authorization")!] == "Bearer \(secret)")
  }

  @Test("header field names compare case-insensitively and setting replaces in place")
  func headerFields() throws {
    let one = try #require(HTTPField.Name("X-One"))
    var fields: HTTPFields = [.accept: "text/plain", one: "1"]
    fields[try #require(HTTPField.Name("accept"))] = "application/json"
    #expect(fields[try #require(HTTPField.Name("ACCEPT"))] == "application/json")
    #expect(fields.map(\.name.rawName) == ["accept", "X-One"])
    #expect(fields.map(\.value) == ["application/json", "1"])
    fields.append(HTTPField(name: try #require(HTTPField.Name("Link")), value: "<a>"))
    fields.append(HTTPField(name: try #require(HTTPField.Name("link")), value: "<b>"))
    #expect(fields[values: try #require(HTTPField.Name("LINK"))] == ["<a>", "<b>"])
    fields[try #require(HTTPField.Name("x-one"))] = nil
    #expect(fields[one] == nil)
  }

  @Test("the redacted description of header fields hides credentials, whatever their case")
  func redactedFields() throws {
    let fields: HTTPFields = [
      try #require(HTTPField.Name("authorization")): "Bearer s3cr3t",
      try #require(HTTPField.Name("X-API-KEY")): "k3y", .accept: "*/*",
    ]
    #expect(
      Redacted.description(of: fields)
        == "authorization: <redacted>, X-API-KEY: <redacted>, Accept: */*")
  }

  @Test("only idempotent methods are marked safe to retry")
  func idempotency() {
    #expect(HTTPRequest.Method.get.isIdempotent)
    #expect(HTTPRequest.Method.put.isIdempotent)
    #expect(HTTPRequest.Method.delete.isIdempotent)
    #expect(!HTTPRequest.Method.post.isIdempotent)
    #expect(!HTTPRequest.Method.patch.isIdempotent)
    #expect(HTTPRequest.Method("GET") == .get)
    // Methods are case-sensitive (RFC 9110 §9.1): "get" is an unknown method, not GET.
    #expect(HTTPRequest.Method("get") != .get)
  }
}
