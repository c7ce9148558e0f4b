import Foundation
import Testing

/// Keeps ARCHITECTURE.md's "Where things live" true: every module under `Sources/` and every
/// test directory that is not a module's suite is named there, so that a new module cannot land
/// without a line that says what it is.
@Suite struct ArchitectureMapTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// The paths in the first column of the tables of "Where things live", one a row
  /// (`| `Sources/Bearing/` | … |`).
  static func map() throws -> [String] {
    let text = try String(
      contentsOf: root.appendingPathComponent("ARCHITECTURE.md"), encoding: .utf8)
    let section = try #require(text.range(of: "## Where things live\n"))
    let rest = text[section.upperBound...]
    let end = rest.range(of: "\n## ")?.lowerBound ?? rest.endIndex
    return rest[..<end].split(separator: "\n").compactMap { line in
      line.firstMatch(of: /^\| `([^`]+)` +\|/).map { String($0.1) }
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

  /// The targets ARCHITECTURE.md's "Fuzzing" table (target, what it reads, entry point)
  /// names, one a row.
  static func fuzzTable() throws -> [String] {
    let text = try String(
      contentsOf: root.appendingPathComponent("ARCHITECTURE.md"), encoding: .utf8)
    let header = try #require(text.range(of: "| target | what it reads | entry point |\n"))
    return text[header.upperBound...].split(separator: "\n").prefix { $0.hasPrefix("|") }
      .compactMap { line in line.firstMatch(of: /^\| `([a-z]+)` \|/).map { String($0.1) } }
      .sorted()
  }

  /// Every parser the "Fuzzing" table names has its harness (`Fuzz/Sources/fuzz-NAME`), seed
  /// corpus and dictionary, and every harness is in the table.
  @Test func everyFuzzTargetIsInTheTableWithItsCorpusAndDictionary() throws {
    let table = try Self.fuzzTable()
    #expect(table.count >= 9, "the Fuzzing table was not read: \(table)")
    let harnesses = try Self.directories("Fuzz/Sources").filter { $0.hasPrefix("fuzz-") }
      .map { String($0.dropFirst("fuzz-".count)) }
    #expect(harnesses == table, "Fuzz/Sources against ARCHITECTURE.md's Fuzzing table")
    #expect(try Self.directories("Fuzz/Corpus") == table, "Fuzz/Corpus against the table")
    let dictionaries = try FileManager.default.contentsOfDirectory(
      atPath: Self.root.appendingPathComponent("Fuzz/Dictionaries").path
    ).filter { $0.hasSuffix(".dict") }.map { String($0.dropLast(".dict".count)) }.sorted()
    #expect(dictionaries == table, "Fuzz/Dictionaries against the table")
  }
}
