import CoffeeFinderSettings
import Foundation
import LibFuzzerDriver

// The config file is the user's own, but it is edited by hand and by other programs: its values
// go through the same loader as the app's, from a real file.
private let path = FileManager.default.temporaryDirectory
  .appendingPathComponent("bearing-fuzz-config-\(getpid()).json").path
private let loader = SettingsLoader(file: ConfigFile(path: path), environment: [:])

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzConfig(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
  guard FileManager.default.createFile(atPath: path, contents: Data(bytes: start, count: count))
  else { fatalError("cannot write \(path)") }
  if let loaded = try? loader.load() {
    _ = loaded.settings.gpsdAddress.description
  }
  return 0
}

@_cdecl("fuzz_config_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>)
  -> CInt
{
  bearing_fuzz_main(argc, argv)
}
