import Foundation

extension HTTPClient {
  /// A client that answers from JSON files instead of the network, for tests and previews.
  ///
  /// Each request is matched against `fixtures` in order; the first match's file, read from
  /// `directory`, is the body. A request nothing matches fails with
  /// ``HTTPError/noFixture(request:known:)``, naming the request and the fixtures there are.
  ///
  /// ```swift
  /// let fixtures = Bundle.module.resourceURL!.appending(path: "Fixtures")
  /// let client = HTTPClient.fixtures(
  ///   [HTTPFixture(path: "/me", file: "profile.json")], directory: fixtures,
  ///   baseURL: URL(string: "https://api.example.com"))
  /// ```
  public static func fixtures(
    _ fixtures: [HTTPFixture], directory: URL, baseURL: URL? = nil
  ) -> Self {
    Self { request in
      // Path requests need some base to match against even when the test gave none.
      let url = try request.url(relativeTo: baseURL ?? URL(string: "https://fixtures.invalid"))
      guard let fixture = fixtures.first(where: { $0.matches(request, url: url) }) else {
        throw HTTPError.noFixture(
          request: request.description, known: fixtures.map(\.description))
      }
      let file = directory.appendingPathComponent(fixture.file)
      let body: Data
      do {
        body = try Data(contentsOf: file)
      } catch {
        throw HTTPError.invalidRequest(
          "the fixture file \(fixture.file) for \(request) could not be read from \(directory.path)"
        )
      }
      return HTTPResponse(
        status: fixture.status, headerFields: fixture.headerFields, body: body, url: url)
    }
  }

  /// A client that answers exactly `request` with the JSON file `jsonFileName` in `directory`
  /// (the prototype's `MockURLSession.mock(request:jsonFileName:)`).
  public static func mock(
    request: HTTPRequest, jsonFileName: String, directory: URL, baseURL: URL? = nil
  ) -> Self {
    let url = try? request.url(relativeTo: baseURL ?? URL(string: "https://fixtures.invalid"))
    let components = url.flatMap { URLComponents(url: $0, resolvingAgainstBaseURL: true) }
    var query: [String: String] = [:]
    for item in components?.queryItems ?? [] { query[item.name] = item.value ?? "" }
    let file = jsonFileName.hasSuffix(".json") ? jsonFileName : jsonFileName + ".json"
    return .fixtures(
      [HTTPFixture(request.method, path: components?.path ?? "/", query: query, file: file)],
      directory: directory, baseURL: baseURL)
  }
}
