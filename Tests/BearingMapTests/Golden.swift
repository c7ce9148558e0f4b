import Foundation
import Testing

/// Golden frames: the expected text of a frame lives in `Golden/NAME.txt`. With
/// `BEARING_RECORD_GOLDEN=1` a test writes what it rendered there instead of comparing, and a
/// person reads the file before committing it.
enum Golden {
  static func check(
    _ text: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("Golden")
    if ProcessInfo.processInfo.environment["BEARING_RECORD_GOLDEN"] == "1" {
      try (text + "\n").write(
        to: folder.appendingPathComponent("\(name).txt"), atomically: true, encoding: .utf8)
      return
    }
    let url = try #require(
      Bundle.module.url(forResource: name, withExtension: "txt", subdirectory: "Golden"),
      "no golden frame \(name).txt; record it with BEARING_RECORD_GOLDEN=1",
      sourceLocation: sourceLocation)
    let expected = try String(contentsOf: url, encoding: .utf8)
    let actualLines = (text + "\n").split(separator: "\n", omittingEmptySubsequences: false)
    let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let differing = zip(actualLines, expectedLines).enumerated().filter {
      $0.element.0 != $0.element.1
    }
    #expect(
      actualLines.count == expectedLines.count && differing.isEmpty,
      """
      frame differs from Golden/\(name).txt in rows \(differing.map(\.offset).prefix(20)) \
      (\(actualLines.count) lines, expected \(expectedLines.count)):
      \(text)
      """, sourceLocation: sourceLocation)
  }
}
