import Foundation
import Testing

/// Keeps ARCHITECTURE.md's and issue 25's word on which way the arrows point: the app's settings
/// (`CoffeeFinderSettings`) reach neither the gpsd client nor NIO, directly or through another
/// of the package's targets, so that `GPSDEndpoint` stays in `BearingLocation` where both reach.
@Suite struct DependencyDirectionTests {
  static var manifest: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Package.swift")
  }

  /// Each target of Package.swift with the quoted names in its declaration (its dependencies,
  /// the products and packages they come from, its paths), comments left out.
  static func targets() throws -> [String: Set<String>] {
    let lines = try String(contentsOf: manifest, encoding: .utf8)
      .split(separator: "\n", omittingEmptySubsequences: false)
    let text = lines.map { line -> String in
      guard let comment = line.range(of: "//") else { return String(line) }
      return String(line[line.startIndex..<comment.lowerBound])
    }.joined(separator: "\n")
    let starts = text.ranges(of: #/\.(target|executableTarget|testTarget|macro|systemLibrary)\(/#)
    var targets: [String: Set<String>] = [:]
    for (index, start) in starts.enumerated() {
      let end = index + 1 < starts.count ? starts[index + 1].lowerBound : text.endIndex
      let block = text[start.upperBound..<end]
      let names = block.matches(of: #/"([^"]*)"/#).map { String($0.1) }
      guard let name = names.first else { continue }
      targets[name] = Set(names.dropFirst())
    }
    return targets
  }

  /// The names `target` reaches through the package's own targets.
  static func reach(of target: String, in targets: [String: Set<String>]) -> Set<String> {
    var reached: Set<String> = []
    var pending = [target]
    while let next = pending.popLast() {
      for name in targets[next] ?? [] where reached.insert(name).inserted {
        pending.append(name)
      }
    }
    return reached
  }

  @Test func theSettingsReachNeitherTheGPSDClientNorNIO() throws {
    let targets = try Self.targets()
    #expect(targets.count > 20, "the manifest's targets were not found: \(targets.keys.sorted())")
    let reached = Self.reach(of: "CoffeeFinderSettings", in: targets)
    #expect(reached.contains("BearingLocation"), "CoffeeFinderSettings' dependencies not read")
    let wrong = reached.filter { $0 == "BearingGPSD" || $0.hasPrefix("NIO") || $0 == "swift-nio" }
    #expect(wrong.isEmpty, "CoffeeFinderSettings reaches \(wrong.sorted())")
  }
}
