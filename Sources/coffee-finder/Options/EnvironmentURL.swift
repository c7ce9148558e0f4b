import CoffeeFinder
import Foundation

/// An http(s) URL that an environment variable may set, for another instance of a service or a
/// local test server: `COFFEE_FINDER_NOMINATIM_URL`, `COFFEE_FINDER_FOURSQUARE_URL`.
enum EnvironmentURL {
  /// The URL in `environment[name]`, or `fallback` when it is unset or empty.
  ///
  /// - throws: A ``CLIError`` worded by ``UserMessage/notAnHTTPURL(_:_:)`` when the variable
  ///   holds anything but an http(s) URL with a host.
  static func read(
    _ name: String, default fallback: URL,
    from environment: [String: String] = ProcessInfo.processInfo.environment
  ) throws(CLIError) -> URL {
    guard let text = environment[name], !text.isEmpty else { return fallback }
    guard let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased()),
      url.host?.isEmpty == false
    else {
      throw CLIError(UserMessage.notAnHTTPURL(name, text))
    }
    return url
  }
}
