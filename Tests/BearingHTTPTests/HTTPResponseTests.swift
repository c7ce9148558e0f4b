import BearingHTTP
import Foundation
import Testing

@Suite("HTTPResponse")
struct HTTPResponseTests {
  @Test("Retry-After in seconds and as an HTTP date")
  func retryAfter() {
    let seconds = HTTPResponse(status: 429, headers: ["Retry-After": " 17 "])
    #expect(seconds.retryAfter() == .seconds(17))
    let now = Date(timeIntervalSince1970: 1_750_000_000)  // 2025-06-15T15:06:40Z
    let date = HTTPResponse(status: 503, headers: ["retry-after": "Sun, 15 Jun 2025 15:07:10 GMT"])
    #expect(date.retryAfter(now: now) == .seconds(30))
    let past = HTTPResponse(status: 503, headers: ["Retry-After": "Sun, 15 Jun 2025 15:00:00 GMT"])
    #expect(past.retryAfter(now: now) == .zero)
    #expect(HTTPResponse(status: 429, headers: ["Retry-After": "soon"]).retryAfter() == nil)
    #expect(HTTPResponse(status: 429, headers: ["Retry-After": "-3"]).retryAfter() == nil)
    #expect(HTTPResponse(status: 429).retryAfter() == nil)
  }

  @Test("Link headers: the next relation among several, with commas inside URLs")
  func links() {
    let response = HTTPResponse(
      status: 200,
      headers: [
        "Link":
          #"<https://places-api.foursquare.com/places/search?ll=60.1,24.9&cursor=c2,x>; rel="next", "#
          + #"<https://example.com/first>; rel="first""#
      ])
    #expect(
      response.links(relation: "next").map(\.absoluteString) == [
        "https://places-api.foursquare.com/places/search?ll=60.1,24.9&cursor=c2,x"
      ])
    #expect(response.links(relation: "first").count == 1)
    #expect(response.links(relation: "prev").isEmpty)
    #expect(HTTPResponse(status: 200, headers: ["Link": "garbage"]).links(relation: "next").isEmpty)
  }
}
