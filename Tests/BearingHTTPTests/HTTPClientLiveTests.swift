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
      request.headerFields[.authorization] = "Bearer t0ken"
      let profile = try await withDependencies {
        $0.httpClient = Self.client(server)
      } operation: {
        try await Profile.fetch(request)
      }
      #expect(profile.name == "Aino Virtanen")
      #expect(profile.favouriteCafes == ["Café Regatta", "Johan & Nyström"])
      let received = try #require(server.requests.first)
      #expect(received.method == .get)
      #expect(received.uri == "/v1/me?fields=name%20email")
      #expect(received.headerFields[.authorization] == "Bearer t0ken")
      #expect(received.headerFields[.accept] == "application/json")
    }
  }

  @Test("a POST body reaches the server; the answer's status and header fields come back")
  func postBody() async throws {
    let requestID = try #require(HTTPField.Name("X-Request-Id"))
    try await LoopbackHTTPServer.with({ _, _ in
      .respond(status: .created, headerFields: [requestID: "n-17"])
    }) { server in
      let response = try await Self.client(server).send(
        HTTPRequest(
          .post, path: "/notes", headerFields: [.contentType: "application/json"],
          body: Data(#"{"text":"good flat white"}"#.utf8)))
      #expect(response.status == .created)
      #expect(response.headerFields[try #require(HTTPField.Name("x-request-id"))] == "n-17")
      #expect(response.headerFields[.contentLength] == "0")
      #expect(server.requests.first?.method == .post)
      #expect(server.requests.first?.headerFields[.contentType] == "application/json")
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
        ? .json(429, #"{"message": "Rate limit exceeded"}"#, headerFields: [.retryAfter: "7"])
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
      .json(429, #"{"message": "Quota exceeded"}"#, headerFields: [.retryAfter: "900"])
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
      .respond(
        status: .internalServerError, headerFields: [.contentType: "text/plain"],
        body: Data("db down".utf8))
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
      // Far below URLSession's own 60 s default, which is what ignoring the timeout would give.
      #expect(ContinuousClock.now - started < .seconds(30))
    }
  }

  @Test("cancelling the task cancels the request in flight at once")
  func cancellation() async throws {
    try await LoopbackHTTPServer.with({ _, _ in .hang }) { server in
      let client = Self.client(server)
      // A timeout far beyond the test's: on a loaded machine the request may wait seconds before
      // the server sees it, and it must still be the cancellation that ends it.
      var request = Profile.defaultRequest
      request.timeout = .seconds(120)
      let task = Task { try await client.send(request) }
      try await server.waitForRequests(1)
      let cancelled = ContinuousClock.now
      task.cancel()
      let result = await task.result
      #expect(throws: CancellationError.self) { try result.get() }
      // Cancellation must not wait for the request's own timeout (120 s). The bound is half of
      // it, not "at once": the measured time includes waiting for a thread of the shared pool,
      // which CPU-bound tests elsewhere in a parallel run held for 9 s on CI.
      #expect(ContinuousClock.now - cancelled < .seconds(60))
    }
  }

  @Test("nothing listening: could not connect, naming the host")
  func refused() async throws {
    // A socket bound but never listening: connections are refused, and no other test can take
    // the port meanwhile (a stopped server's port could be reused by a concurrent test).
    let socket = ReservedPort()
    defer { socket.close() }
    let client = HTTPClient.urlSession(
      URLSession(configuration: .ephemeral),
      baseURL: URL(string: "http://127.0.0.1:\(socket.port)")!)
    await #expect {
      try await client.send(Profile.defaultRequest)
    } throws: { error in
      guard case HTTPError.transport(.cannotConnect(let host)) = error else { return false }
      return host == "127.0.0.1:\(socket.port)"
    }
  }

}

/// A loopback TCP port held by a bound socket that never listens.
struct ReservedPort {
  let descriptor: Int32
  let port: Int

  init() {
    #if canImport(Glibc)
      let descriptor = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
      let descriptor = Darwin.socket(AF_INET, SOCK_STREAM, 0)
    #endif
    self.descriptor = descriptor
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    _ = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        getsockname(descriptor, $0, &length)
      }
    }
    port = Int(UInt16(bigEndian: address.sin_port))
  }

  func close() {
    #if canImport(Glibc)
      _ = Glibc.close(descriptor)
    #else
      _ = Darwin.close(descriptor)
    #endif
  }
}
