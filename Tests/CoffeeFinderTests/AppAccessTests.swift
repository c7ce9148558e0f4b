import Foundation
import Testing

/// Keeps ARCHITECTURE.md's word that the app's feature module is the app's own: nothing in
/// `Sources/CoffeeFinder` is `public` (`package` is as far as it reaches), so no other package
/// can come to depend on it.
@Suite struct AppAccessTests {
  static var sources: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Sources/CoffeeFinder")
  }

  @Test func theFeatureModuleDeclaresNothingPublic() throws {
    let files = try FileManager.default.subpathsOfDirectory(atPath: Self.sources.path)
      .filter { $0.hasSuffix(".swift") }
    #expect(files.count > 10, "the module's sources were not found at \(Self.sources.path)")
    var publicLines: [String] = []
    for file in files.sorted() {
      let text = try String(
        contentsOf: Self.sources.appendingPathComponent(file), encoding: .utf8)
      for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false)
        .enumerated()
      {
        let code = line.drop(while: { $0 == " " })
        if code.hasPrefix("//") { continue }
        if code.split(separator: " ").contains("public") {
          publicLines.append("\(file):\(number + 1): \(code)")
        }
      }
    }
    #expect(publicLines.isEmpty, "public declarations in CoffeeFinder: \(publicLines)")
  }
}
