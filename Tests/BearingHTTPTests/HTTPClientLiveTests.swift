import BearingHTTP
import BearingHTTPTesting
import Clocks
import Dependencies
import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The live URLSession client against a real HTTP server on 127.0.0.1.
@Suite("HTTPClient live (URLSession against a loopback server)")
struct HTTPClientLiveTests {
  static func client(_ server: LoopbackHTTPServer) -> HTTPClient {
    .urlSession(URLSession(configuration: .ephemeral), baseURL: server.baseURL)
  }

  @Test("success: the request arrives as sent and the body decodes")
  func success() async throws {
    let body = try Fixtures.text("profile.json")
    try await LoopbackHTTPServer.with({ _, _ in .json(200, body) }) { server in
      var request = Profile.defaultRequest
      request.query = [URLQueryItem(name: "fields", value: "name email")]
      request.headers["Authorization"] = "Bearer t0ken"
      let profile = try await withDependencies {
        $0.httpClient = Self.client(server)
      } operation: {
        try await Profile.fetch(request)
      }
      #expect(profile.name == "Aino Virtanen")
      #expect(profile.favouriteCafes == ["Café Regatta", "Johan & Nyström"])
      let received = try #require(server.requests.first)
      #expect(received.method == "GET")
      #expect(received.uri == "/v1/me?fields=name%20email")
      #expect(received.header("Authorization") == "Bearer t0ken")
      #expect(received.header("Accept") == "application/json")
    }
  }

  @Test("a POST body reaches the server")
  func postBody() async throws {
    try await LoopbackHTTPServer.with({ _, _ in .respond(status: 201) }) { server in
      let response = try await Self.client(server).send(
        HTTPRequest(
          .post, path: "/notes", headers: ["Content-Type": "application/json"],
          body: Data(#"{"text":"good flat white"}"#.utf8)))
      #expect(response.status == 201)
      #expect(server.requests.first?.body == Data(#"{"text":"good flat white"}"#.utf8))
    }
  }

  @Test("401: the server's message comes through")
  func unauthorized() async throws {
    try await LoopbackHTTPServer.with({ _, _ in .json(401, #"{"message": "Invalid API key."}"#) }) {
      server in
      await #expect(throws: HTTPError.status(401, message: "Invalid API key.", retryAfter: nil)) {
        try await Self.client(server).send(Profile.defaultRequest)
      }
      #expect(server.requests.count == 1)
    }
  }

  @Test("429 with Retry-After: waits what the server asked (on the injected clock), then succeeds")
  func rateLimitedThenOK() async throws {
    let body = try Fixtures.text("profile.json")
    try await LoopbackHTTPServer.with({ _, index in
      index == 0
        ? .json(429, #"{"message": "Rate limit exceeded"}"#, headers: [("Retry-After", "7")])
        : .json(200, body)
    }) { server in
      let clock = ImmediateClock()
      let start = clock.now
      let profile = try await withDependencies {
        $0.httpClient = Self.client(server)
        $0.continuousClock = clock
      } operation: {
        try await Profile.fetch()
      }
      #expect(profile.id == 4711)
      #expect(server.requests.count == 2)
      #expect(start.duration(to: clock.now) == .seconds(7))
    }
  }

  @Test("429 asking for longer than the cap: fails at once with the wait, no retry")
  func rateLimitedBeyondCap() async throws {
    try await LoopbackHTTPServer.with({ _, _ in
      .json(429, #"{"message": "Quota exceeded"}"#, headers: [("Retry-After", "900")])
    }) { server in
      await #expect(
        throws: HTTPError.status(429, message: "Quota exceeded", retryAfter: .seconds(900))
      ) {
        try await withDependencies {
          $0.continuousClock = ImmediateClock()
        } operation: {
          try await Self.client(server).send(Profile.defaultRequest)
        }
      }
      #expect(server.requests.count == 1)
    }
  }

  @Test("500: a status error with the plain-text body, not retried")
  func serverError() async throws {
    try await LoopbackHTTPServer.with({ _, _ in
      .respond(status: 500, headers: [("Content-Type", "text/plain")], body: Data("db down".utf8))
    }) { server in
      await #expect(throws: HTTPError.status(500, message: "db down", retryAfter: nil)) {
        try await withDependencies {
          $0.continuousClock = ImmediateClock()
        } operation: {
          try await Self.client(server).send(Profile.defaultRequest)
        }
      }
      #expect(server.requests.count == 1)
    }
  }

  @Test("503 every time: three attempts, then the error")
  func unavailable() async throws {
    try await LoopbackHTTPServer.with({ _, _ in .respond(status: 503) }) { server in
      await #expect(throws: HTTPError.status(503, message: nil, retryAfter: nil)) {
        try await withDependencies {
          $0.continuousClock = ImmediateClock()
        } operation: {
          try await Self.client(server).send(Profile.defaultRequest)
        }
      }
      #expect(server.requests.count == 3)
    }
  }

  @Test("a body cut short is a lost connection, not a decoding error or a success")
  func truncatedBody() async throws {
    let body = try Fixtures.text("profile.json")
    let half = Data(body.utf8.prefix(40))
    try await LoopbackHTTPServer.with({ _, _ in
      .truncated(status: 200, declaredLength: body.utf8.count, body: half)
    }) { server in
      await #expect(throws: HTTPError.transport(.connectionLost)) {
        try await withDependencies {
          $0.httpClient = Self.client(server)
        } operation: {
          try await Profile.fetch()
        }
      }
    }
  }

  @Test("a server that never answers: a timeout after the request's timeout")
  func timeout() async throws {
    try await LoopbackHTTPServer.with({ _, _ in .hang }) { server in
      var request = Profile.defaultRequest
      request.timeout = .seconds(1)
      let started = ContinuousClock.now
      await #expect(throws: HTTPError.transport(.timedOut)) {
        try await Self.client(server).send(request)
      }
      #expect(ContinuousClock.now - started < .seconds(15))
    }
  }

  @Test("cancelling the task cancels the request in flight at once")
  func cancellation() async throws {
    try await LoopbackHTTPServer.with({ _, _ in .hang }) { server in
      let client = Self.client(server)
      let task = Task { try await client.send(Profile.defaultRequest) }
      try await server.waitForRequests(1)
      let cancelled = ContinuousClock.now
      task.cancel()
      let result = await task.result
      #expect(throws: CancellationError.self) { try result.get() }
      // The request's own timeout is 5 s; cancellation must not wait for it.
      #expect(ContinuousClock.now - cancelled < .seconds(2))
    }
  }

  @Test("nothing listening: could not connect, naming the host")
  func refused() async throws {
    let server = try await LoopbackHTTPServer.start { _, _ in .hang }
    let client = Self.client(server)
    try await server.stop()
    await #expect {
      try await client.send(Profile.defaultRequest)
    } throws: { error in
      guard case HTTPError.transport(.cannotConnect(let host)) = error else { return false }
      return host == "127.0.0.1:\(server.port)"
    }
  }
}
