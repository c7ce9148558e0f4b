import BearingPlaces
import Foundation
import LibFuzzerDriver

// `coffee-finder import FILE` reads `.osm.pbf` extracts: length-prefixed blobs, zlib, and
// protocol buffers inside, all of them counts and offsets the file itself states.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPBF(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
  let data = Data(bytes: start, count: count)
  _ = try? OSMImporter.importData(data, format: .pbf, area: "fuzz")
  return 0
}

@_cdecl("fuzz_pbf_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>)
  -> CInt
{
  bearing_fuzz_main(argc, argv)
}
