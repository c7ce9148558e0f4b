import BearingLocation
import Foundation
import Testing

/// `--wander` walks: the built binary's fixes, a second apart, are a walking step apart.
@Suite struct WanderTests {
  @Test(.timeLimit(.minutes(1))) func wanderMovesAtWalkingPace() async throws {
    let directory = try BuiltBinary.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let outcome = try await WatchProcess.run(
      ["--wander", "--data-dir", directory.appendingPathComponent("data").path],
      dataDirectory: directory, until: "fix", count: 4, deadline: 50)
    let fixes = outcome.lines.filter { $0["type"] == "fix" }.compactMap { line -> Coordinate? in
      guard let latitude = line["latitude"].flatMap(Double.init),
        let longitude = line["longitude"].flatMap(Double.init)
      else { return nil }
      return Coordinate(latitude: latitude, longitude: longitude)
    }
    try #require(fixes.count >= 3, "fixes: \(outcome.lines), stderr: \(outcome.stderr)")
    let steps = zip(fixes, fixes.dropFirst()).map { $0.distance(to: $1) }
    // A fix a second; a person walks about 1.4 m in that time (never 20 m).
    #expect(steps.allSatisfy { $0 <= 2 }, "steps: \(steps)")
    #expect(steps.contains { $0 > 0.5 }, "steps: \(steps)")
  }
}
