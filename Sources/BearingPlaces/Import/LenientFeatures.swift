import BearingText

/// The features of a GeoJSON document and the elements of an Overpass answer, one at a time,
/// read leniently: for the readers of a file's other contents (its streets, its walkable ways)
/// after the places' reader has judged the document. A syntax error ends the walk quietly, and
/// what came before it stands.
enum LenientFeatures {
  /// Calls `body` with each feature of the GeoJSON document in `parser`: the elements of its
  /// `features` array, or the document itself when it is one Feature (RFC 7946 allows it).
  static func geoJSON(_ parser: JSONParser, _ body: (JSONValue) -> Void) {
    var parser = parser
    let start = parser
    var type: String?
    var features = 0
    try? parser.members { (parser, key) throws(JSONParser.Failure) in
      guard key == "features", parser.peek() == UInt8(ascii: "[") else {
        let value = try parser.value(depth: 1)
        if key == "type" { type = value.string }
        return
      }
      try parser.elements(depth: 1) { (parser, _) throws(JSONParser.Failure) in
        features += 1
        body(try parser.value(depth: 2))
      }
    }
    if type == "Feature", features == 0 {
      var whole = start
      if let feature = try? whole.value() { body(feature) }
    }
  }

  /// Calls `body` with each element of the `elements` array of the Overpass answer in `parser`.
  static func overpass(_ parser: JSONParser, _ body: (JSONValue) -> Void) {
    var parser = parser
    try? parser.members { (parser, key) throws(JSONParser.Failure) in
      guard key == "elements", parser.peek() == UInt8(ascii: "[") else {
        _ = try parser.value(depth: 1)
        return
      }
      try parser.elements(depth: 1) { (parser, _) throws(JSONParser.Failure) in
        body(try parser.value(depth: 2))
      }
    }
  }
}
