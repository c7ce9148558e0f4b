import BearingProcessTesting
import Foundation
import Testing

/// Keeps ARCHITECTURE.md's word that `UserMessage` is the one place where an error or a warning
/// becomes the user's line: no other file of the app's features or of the executable throws,
/// sends or prints one that it words from a literal itself.
///
/// Argument-parser's `ValidationError`s are left out: they are usage errors (exit status 2),
/// which the issue leaves to the options that parse them, beside their help text, and
/// argument-parser prints with the usage.
///
/// Off the pool, with Foundation's regular expressions (fast in a debug build, where Swift's
/// `Regex` held a pool thread for tens of seconds), as `OneHomeTests`.
@Suite(.offPool) struct UserMessageHomeTests {
  /// What wording an error or a warning in place looks like: a failure made from a string
  /// literal (whitespace, a line break included, may come between), or a warning line's prefix.
  static let wordedInPlace = [
    #"CLIError\(\s*""#, #"Worded\(\s*""#, #"\.failed\(\s*""#, #"\.denied\(\s*""#,
    #"\.warning\(\s*""#, #"alert = ""#, #"failure = ""#, #""warning:"#, #""Could not "#,
  ]

  static var root: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
  }

  /// `file:line: code` for each code line (comments left out) of `directory` that matches one
  /// of ``wordedInPlace``; `UserMessage`'s own files are its home.
  static func wordingOutsideUserMessage(in directory: String) throws -> [String] {
    let folder = root.appendingPathComponent(directory)
    let names = try FileManager.default.subpathsOfDirectory(atPath: folder.path)
      .filter {
        $0.hasSuffix(".swift") && !($0 as NSString).lastPathComponent.hasPrefix("UserMessage")
      }
    #expect(names.count > 10, "the sources were not found at \(folder.path)")
    let patterns = try wordedInPlace.map { try NSRegularExpression(pattern: $0) }
    var found: Set<String> = []
    for name in names.sorted() {
      let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
      // Lines joined, comments left out, so that a literal on the line after the call counts.
      let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
      let code = lines.map { line in
        line.trimmingCharacters(in: .whitespaces).hasPrefix("//") ? "" : String(line)
      }
      let joined = code.joined(separator: "\n")
      for pattern in patterns {
        let whole = NSRange(joined.startIndex..., in: joined)
        for match in pattern.matches(in: joined, range: whole) {
          guard let range = Range(match.range, in: joined) else { continue }
          let line = joined[..<range.lowerBound].filter { $0 == "\n" }.count
          found.insert("\(directory)/\(name):\(line + 1): \(code[line])")
        }
      }
    }
    return found.sorted()
  }

  @Test(arguments: ["Sources/coffee-finder", "Sources/CoffeeFinder"])
  func errorsAndWarningsAreWordedInUserMessage(directory: String) throws {
    let found = try Self.wordingOutsideUserMessage(in: directory)
    #expect(found.isEmpty, "worded outside UserMessage: \(found)")
  }
}
