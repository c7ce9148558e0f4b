import BearingHTTP
import Foundation

/// A model as an app would declare it: decodable, and knowing the request that fetches it.
struct Profile: FetchableModel, Equatable {
  static let defaultRequest = HTTPRequest(
    .get, path: "/v1/me", headerFields: [.accept: "application/json"], timeout: .seconds(5))

  var id: Int
  var name: String
  var email: String
  var favouriteCafes: [String]

  enum CodingKeys: String, CodingKey {
    case id, name, email
    case favouriteCafes = "favourite_cafes"
  }
}

enum Fixtures {
  /// The test bundle's copied `Fixtures` folder.
  static let directory = Bundle.module.resourceURL!.appendingPathComponent("Fixtures")

  static func text(_ name: String) throws -> String {
    try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
  }
}
