import BearingLocation
import BearingWalking
import LibFuzzerDriver

// An area's walking graph is read back from the place store as bytes (`WalkingGraph`'s stored
// form), where any damage to the file reaches it. Bytes that are no graph must be refused; a
// graph they give is walked as the app walks it (a router made, its first and last nodes
// snapped, a walk and a route between them) and written again, which must read back equal.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWalking(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
  let bytes = UnsafeRawBufferPointer(start: start, count: count)
  guard let graph = try? WalkingGraph(serialized: bytes) else { return 0 }
  let again = try? WalkingGraph(serialized: graph.serialized())
  precondition(again == graph, "a graph written again reads back otherwise")
  guard graph.nodeCount > 0 else { return 0 }
  let router = WalkRouter(graph)
  let first = graph.coordinate(ofNode: 0)
  let last = graph.coordinate(ofNode: graph.nodeCount - 1)
  _ = router.walks(from: first, to: [first, last], within: 5_000)
  _ = router.route(from: first, to: last, within: 5_000)
  return 0
}

@_cdecl("fuzz_walking_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>)
  -> CInt
{
  bearing_fuzz_main(argc, argv)
}
