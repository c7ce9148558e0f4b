import BearingProcessTesting
import Foundation
import Testing

/// Keeps ARCHITECTURE.md's "one home" claims true (issue 25's twins): the code that spawns a
/// process, folds a name, joins a JSON string's surrogate pairs, escapes bidirectional controls,
/// lists secret names, names the default Overpass server, declares a JSON value or computes a
/// backoff appears in its home under `Sources/` and nowhere else.
///
/// Each concept is recognised by code only its home needs (comments left out); a second copy of
/// the concept would need it too, and fails here.
///
/// Off the pool, with Foundation's regular expressions: Swift's `Regex` over every source file
/// held one of the pool's two threads for 80 s in a debug build beside two busy processes, and
/// the tests that watch a screen in real time starved meanwhile.
@Suite(.offPool) struct OneHomeTests {
  /// A concept, what its code looks like, and the files allowed to hold it.
  struct Concept: CustomTestStringConvertible, Sendable {
    var name: String
    var pattern: String
    var homes: Set<String>
    var testDescription: String { name }
  }

  static let concepts: [Concept] = [
    Concept(
      name: "spawning a process", pattern: #"posix_spawn"#,
      homes: ["BearingProcessTesting/ChildProcess.swift"]),
    Concept(
      name: "folding names", pattern: #"\.folding\(|diacriticInsensitive|caseInsensitiveCompare"#,
      homes: ["BearingText/NameFolding.swift"]),
    Concept(
      name: "joining a JSON string's surrogate pairs", pattern: #"0xD800|0xDC00"#,
      homes: ["BearingText/JSONString.swift"]),
    Concept(
      name: "escaping bidirectional controls", pattern: #"0x202[A-E]|0x206[6-9]|u\{202[A-E]\}"#,
      homes: ["BearingText/TerminalText.swift"]),
    Concept(
      name: "the list of secret names", pattern: #""client_secret""#,
      homes: ["BearingText/SecretNames.swift"]),
    Concept(
      name: "the default Overpass server", pattern: #"overpass-api\.de"#,
      homes: ["BearingLocation/OverpassEndpoint.swift"]),
    // JSONParser's `Scalar` holds byte ranges of the text for gpsd's hot path: the reader's
    // view of a value it does not build, not a second value type.
    Concept(
      name: "a JSON value type", pattern: #"case null\b"#,
      homes: ["BearingText/JSONValue.swift", "BearingText/JSONParser.swift"]),
    // A reader of JSON text meets an object's and an array's opening bracket as one case, and
    // compares with an object's closing brace (a byte, a character, or 0x7D); a look at what
    // comes next (`peek()` for a "[") is a use of the reader, and writing a "}" is not reading.
    Concept(
      name: "reading JSON text",
      pattern:
        #"UInt8\(ascii: "[\[{]"\), UInt8\(ascii: "[\[{]"\)|(case|==|!=|,) *"\}"|ascii: "\}"|\b0x7[Dd]\b"#,
      homes: ["BearingText/JSONParser.swift"]),
    // Foundation's untyped reader would be a second reader beside ours (Codable answers go
    // through `JSONDecoder`, which reads into types).
    Concept(
      name: "reading untyped JSON with Foundation", pattern: #"JSONSerialization"#, homes: []),
    Concept(
      name: "a backoff formula", pattern: #"\*= *multiplier|multiplier *\*|pow\(multiplier"#,
      homes: ["BearingBackoff/Backoff.swift"]),
    Concept(name: "parsing XML with Foundation", pattern: #"XMLParser\("#, homes: []),
  ]

  static var sources: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Sources")
  }

  /// Every Swift file under `Sources/`, as its module's folder and its name (`Module/File.swift`,
  /// in whichever subfolder of the module), with its code (comments left out).
  static let code: [String: String] = {
    var code: [String: String] = [:]
    let root = sources.standardizedFileURL.path + "/"
    guard let files = FileManager.default.enumerator(atPath: root) else { return code }
    for case let path as String in files where path.hasSuffix(".swift") {
      guard let text = try? String(contentsOfFile: root + path, encoding: .utf8) else { continue }
      let parts = path.split(separator: "/")
      code["\(parts.first ?? "")/\(parts.last ?? "")"] =
        text.split(separator: "\n", omittingEmptySubsequences: false)
        .filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
        .joined(separator: "\n")
    }
    return code
  }()

  @Test(arguments: concepts)
  func eachConceptHasOneHome(_ concept: Concept) throws {
    #expect(Self.code.count > 100, "the sources were not found at \(Self.sources.path)")
    let pattern = try NSRegularExpression(pattern: concept.pattern)
    let holders = Set(
      Self.code.filter { _, text in
        pattern.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
      }.keys)
    #expect(
      holders.subtracting(concept.homes).isEmpty,
      "\(concept.name) outside its home: \(holders.subtracting(concept.homes).sorted())")
    #expect(
      concept.homes.isSubset(of: holders),
      "\(concept.name) not found in \(concept.homes.subtracting(holders).sorted()): update the table"
    )
  }
}
