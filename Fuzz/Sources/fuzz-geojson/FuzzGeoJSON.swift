import BearingPlaces
import Foundation
import LibFuzzerDriver

// `coffee-finder import FILE` reads GeoJSON exported by Overpass or written by anyone.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGeoJSON(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
  let data = Data(bytes: start, count: count)
  _ = try? OSMImporter.importData(data, format: .geoJSON, area: "fuzz")
  return 0
}

@_cdecl("fuzz_geojson_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>)
  -> CInt
{
  bearing_fuzz_main(argc, argv)
}
