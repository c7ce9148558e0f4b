import BearingHTTP
import Dependencies
import Foundation
import Testing

@Suite("HTTPClient.fixtures")
struct HTTPClientFixturesTests {
  let base = URL(string: "https://api.example.com")!

  @Test("a model fetches itself through the injected fixture client")
  func fetchFromFixture() async throws {
    let client = HTTPClient.fixtures(
      [HTTPFixture(.get, path: "/v1/me", file: "profile.json")],
      directory: Fixtures.directory, baseURL: base)
    let profile = try await withDependencies {
      $0.httpClient = client
    } operation: {
      try await Profile.fetch()
    }
    #expect(
      profile
        == Profile(
          id: 4711, name: "Aino Virtanen", email: "aino@example.fi",
          favouriteCafes: ["Café Regatta", "Johan & Nyström"]))
  }

  @Test("the prototype-style mock answers exactly its request")
  func mockForRequest() async throws {
    var request = Profile.defaultRequest
    request.query = [URLQueryItem(name: "fields", value: "name,email")]
    let client = HTTPClient.mock(
      request: request, jsonFileName: "profile", directory: Fixtures.directory)
    let profile = try await withDependencies {
      $0.httpClient = client
    } operation: {
      try await Profile.fetch(request)
    }
    #expect(profile.id == 4711)
    // Without the query item the fixture asks for, the request is not the mapped one.
    await #expect(throws: HTTPError.self) {
      try await withDependencies {
        $0.httpClient = client
      } operation: {
        try await Profile.fetch()
      }
    }
  }

  @Test("an unmapped request fails clearly, naming it and the fixtures there are")
  func unmapped() async throws {
    let client = HTTPClient.fixtures(
      [HTTPFixture(.get, path: "/v1/me", file: "profile.json")],
      directory: Fixtures.directory, baseURL: base)
    do {
      _ = try await client.send(HTTPRequest(.delete, path: "/v1/me/sessions"))
      Issue.record("an unmapped request succeeded")
    } catch let error as HTTPError {
      guard case .noFixture(let request, let known) = error else {
        Issue.record("unexpected \(error)")
        return
      }
      #expect(request == "DELETE /v1/me/sessions")
      #expect(known == ["GET /v1/me → profile.json (200)"])
      #expect("\(error)".contains("no fixture for DELETE /v1/me/sessions"))
    }
  }

  @Test("a fixture with an error status becomes a status error with the body's message")
  func errorStatusFixture() async throws {
    let client = HTTPClient.fixtures(
      [HTTPFixture(path: "/v1/me", file: "error-unauthorized.json", status: 401)],
      directory: Fixtures.directory, baseURL: base)
    await #expect(throws: HTTPError.status(401, message: "Invalid request token.", retryAfter: nil))
    {
      try await withDependencies {
        $0.httpClient = client
      } operation: {
        try await Profile.fetch()
      }
    }
  }

  @Test("a fixture that does not match the model fails with the coding path")
  func decodingFailure() async throws {
    let client = HTTPClient.fixtures(
      [HTTPFixture(path: "/v1/me", file: "profile-bad-type.json")],
      directory: Fixtures.directory, baseURL: base)
    await #expect {
      try await withDependencies {
        $0.httpClient = client
      } operation: {
        try await Profile.fetch()
      }
    } throws: { error in
      guard case HTTPError.decoding("Profile", "favourite_cafes[1]", _) = error else {
        return false
      }
      return true
    }
  }

  @Test("a missing fixture file is a clear error naming the file")
  func missingFile() async throws {
    let client = HTTPClient.fixtures(
      [HTTPFixture(path: "/v1/me", file: "nope.json")], directory: Fixtures.directory,
      baseURL: base)
    await #expect {
      try await client.send(Profile.defaultRequest)
    } throws: { error in
      "\(error)".contains("nope.json")
    }
  }
}
