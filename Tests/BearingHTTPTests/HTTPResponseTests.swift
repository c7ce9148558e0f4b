import BearingHTTP
import Foundation
import Testing

@Suite("HTTPResponse")
struct HTTPResponseTests {
  @Test("Retry-After in seconds and as an HTTP date")
  func retryAfter() {
    let seconds = HTTPResponse(status: 429, headerFields: [.retryAfter: " 17 "])
    #expect(seconds.retryAfter() == .seconds(17))
    let now = Date(timeIntervalSince1970: 1_750_000_000)  // 2025-06-15T15:06:40Z
    let date = HTTPResponse(
      status: 503,
      headerFields: [HTTPField.Name("retry-after")!: "Sun, 15 Jun 2025 15:07:10 GMT"])
    #expect(date.retryAfter(now: now) == .seconds(30))
    let past = HTTPResponse(
      status: 503, headerFields: [.retryAfter: "Sun, 15 Jun 2025 15:00:00 GMT"])
    #expect(past.retryAfter(now: now) == .zero)
    #expect(HTTPResponse(status: 429, headerFields: [.retryAfter: "soon"]).retryAfter() == nil)
    #expect(HTTPResponse(status: 429, headerFields: [.retryAfter: "-3"]).retryAfter() == nil)
    #expect(HTTPResponse(status: 429).retryAfter() == nil)
    var twice = HTTPResponse(status: 429, headerFields: [.retryAfter: "5"])
    twice.headerFields.append(HTTPField(name: .retryAfter, value: "9"))
    #expect(twice.retryAfter() == .seconds(5))
  }

  /// Found by the `headers` fuzz target: Foundation's DateFormatter traps ("Incorrect range")
  /// when it stops parsing inside a character, as in "m" and a combining mark. Run in a process of
  /// its own, because before the fix the trap ended the process.
  @Test("Retry-After that is not ASCII is no date, and no crash")
  func retryAfterWithCombiningMarks() async {
    await #expect(processExitsWith: .success) {
      for value in ["m\u{0597}", "W\u{0301}", "Sun\u{0301}, 15 Jun 2025 15:07:10 GMT", "１７"] {
        let response = HTTPResponse(status: 429, headerFields: [.retryAfter: value])
        if response.retryAfter() != nil { exit(1) }
      }
    }
  }

  @Test("Link headers: the next relation among several, with commas inside URLs")
  func links() {
    let response = HTTPResponse(
      status: .ok,
      headerFields: [
        Self.link:
          #"<https://places-api.foursquare.com/places/search?ll=60.1,24.9&cursor=c2,x>; rel="next", "#
          + #"<https://example.com/first>; rel="first""#
      ])
    #expect(
      response.links(relation: "next").map(\.absoluteString) == [
        "https://places-api.foursquare.com/places/search?ll=60.1,24.9&cursor=c2,x"
      ])
    #expect(response.links(relation: "first").count == 1)
    #expect(response.links(relation: "prev").isEmpty)
    #expect(
      HTTPResponse(status: .ok, headerFields: [Self.link: "garbage"]).links(relation: "next")
        .isEmpty)
    let twoFields = HTTPResponse(
      status: .ok,
      headerFields: [
        Self.link: #"<https://example.com/2>; rel="next""#,
        HTTPField.Name("link")!: #"<https://example.com/3>; rel="next""#,
      ])
    #expect(
      twoFields.links(relation: "next").map(\.absoluteString) == [
        "https://example.com/2", "https://example.com/3",
      ])
  }

  @Test("success is a 2xx status")
  func success() {
    #expect(HTTPResponse(status: .ok).isSuccess)
    #expect(HTTPResponse(status: .noContent).isSuccess)
    #expect(!HTTPResponse(status: .notModified).isSuccess)
    #expect(!HTTPResponse(status: 404).isSuccess)
  }

  static let link = HTTPField.Name("Link")!
}
