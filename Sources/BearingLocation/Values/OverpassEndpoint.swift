import Foundation

/// Where OpenStreetMap searches and area downloads go unless told otherwise: the one home of the
/// public Overpass API's address, beside ``GPSDEndpoint``, for the place clients and the app's
/// settings alike.
///
/// ```swift
/// OverpassEndpoint.publicInterpreter.host  // "overpass-api.de"
/// ```
public enum OverpassEndpoint {
  /// The main public instance's interpreter.
  public static let publicInterpreter = URL(string: "https://overpass-api.de/api/interpreter")!
}
