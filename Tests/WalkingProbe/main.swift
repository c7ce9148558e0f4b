import BearingLocation
import BearingPlaces
import BearingWalking
import Foundation

// walking-probe FILE [--nearest]: imports FILE's walking graph as `coffee-finder import`
// builds it, then answers one query a line on stdin, {"start":[lat,lon],"targets":[[lat,lon],…]},
// with one line {"lengths":[metres or null,…],"snaps":[metres from the way or null,…],
// "startSnap":metres or null} on stdout: the walks over the graph, unbounded. With --nearest a
// point snaps to the nearest edge, never to a main part of the network beside a stray piece
// (`WalkRouter.strayAllowance` 0). For scripts/walking-conformance. Built with the tests; not a
// product.

struct Query: Decodable {
  var start: [Double]
  var targets: [[Double]]
}

struct Answer: Encodable {
  var lengths: [Double?]
  var snaps: [Double?]
  var startSnap: Double?

  enum CodingKeys: String, CodingKey { case lengths, snaps, startSnap }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(lengths, forKey: .lengths)
    try container.encode(snaps, forKey: .snaps)
    try container.encode(startSnap, forKey: .startSnap)
  }
}

func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data("walking-probe: \(message)\n".utf8))
  exit(1)
}

let arguments = CommandLine.arguments
guard arguments.count == 2 || (arguments.count == 3 && arguments[2] == "--nearest") else {
  fail("usage: walking-probe FILE [--nearest]")
}
let stream: PlaceImportStream
do {
  stream = try PlaceImportStream(fileAt: URL(fileURLWithPath: arguments[1]))
  while try stream.next() != nil {}
} catch {
  fail("cannot import \(arguments[1]): \(error)")
}
guard let graph = stream.summary?.walkingGraph else { fail("no walking graph in the file") }
FileHandle.standardError.write(
  Data(
    "walking-probe: \(graph.nodeCount) nodes, \(graph.edgeCount) edges, \(graph.arcCount) arcs\n"
      .utf8))
let router = WalkRouter(
  graph, strayAllowance: arguments.count == 3 ? 0 : WalkRouter.defaultStrayAllowance)
let decoder = JSONDecoder()
let encoder = JSONEncoder()
func coordinate(_ pair: [Double]) -> Coordinate? {
  guard pair.count == 2 else { return nil }
  return try? Coordinate(validatingLatitude: pair[0], longitude: pair[1])
}
while let line = readLine() {
  guard let query = try? decoder.decode(Query.self, from: Data(line.utf8)),
    let start = coordinate(query.start)
  else { fail("not a query: \(line)") }
  let targets = query.targets.compactMap(coordinate)
  guard targets.count == query.targets.count else { fail("a target is no coordinate: \(line)") }
  let lengths = router.walks(from: start, to: targets, within: .infinity)
  let answer = Answer(
    lengths: lengths, snaps: targets.map { router.snap($0)?.offset },
    startSnap: router.snap(start)?.offset)
  guard let data = try? encoder.encode(answer) else { fail("cannot encode an answer") }
  print(String(decoding: data, as: UTF8.self))
}
