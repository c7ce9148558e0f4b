import Foundation
import Testing

/// Keeps ARCHITECTURE.md's "Where things live" true: every module under `Sources/` and every
/// test directory that is not a module's suite is named there, so that a new module cannot land
/// without a line that says what it is.
@Suite struct ArchitectureMapTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// The first code block of "Where things live", one path per line.
  static func map() throws -> [String] {
    let text = try String(
      contentsOf: root.appendingPathComponent("ARCHITECTURE.md"), encoding: .utf8)
    let section = try #require(text.range(of: "## Where things live"))
    let rest = text[section.upperBound...]
    let open = try #require(rest.range(of: "```\n"))
    let close = try #require(rest[open.upperBound...].range(of: "```"))
    return rest[open.upperBound..<close.lowerBound].split(separator: "\n").compactMap {
      $0.split(separator: " ", omittingEmptySubsequences: true).first.map(String.init)
    }
  }

  static func directories(_ name: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(
      at: root.appendingPathComponent(name), includingPropertiesForKeys: [.isDirectoryKey]
    )
    .filter { (try? $0.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true }
    .map(\.lastPathComponent).sorted()
  }

  @Test func everyModuleUnderSourcesIsNamed() throws {
    let map = try Self.map()
    let unnamed = try Self.directories("Sources").filter { module in
      !map.contains("Sources/\(module)/")
        && !(module.hasSuffix("Testing") && map.contains("Sources/*Testing/"))
    }
    #expect(unnamed.isEmpty, "name these in ARCHITECTURE.md's \"Where things live\": \(unnamed)")
  }

  @Test func everyTestDirectoryThatIsNotASuiteIsNamed() throws {
    let map = try Self.map()
    #expect(map.contains("Tests/<Module>Tests/"))
    let unnamed = try Self.directories("Tests").filter { directory in
      !directory.hasSuffix("Tests") && !map.contains("Tests/\(directory)/")
    }
    #expect(unnamed.isEmpty, "name these in ARCHITECTURE.md's \"Where things live\": \(unnamed)")
  }
}
