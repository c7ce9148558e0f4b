// swift-tools-version: 6.1

// libFuzzer targets for Bearing's parsers of untrusted input: one executable per parser, each
// defining `LLVMFuzzerTestOneInput`. Build and run them with `scripts/fuzz`, which sets
// BEARING_FUZZ=1 so that Bearing's Package.swift instruments the parsers' modules too, not only
// these harnesses.

import PackageDescription

// A package found by path is known by its directory's name (the clone's, not "Bearing").
let bearing = String(Context.packageDirectory.split(separator: "/").dropLast().last ?? "Bearing")

/// A fuzz target: `Sources/fuzz-NAME`, linked with libFuzzer's runtime.
func fuzzTarget(_ name: String, _ products: [String], others: [Target.Dependency] = [])
  -> Target
{
  .executableTarget(
    name: "fuzz-\(name)",
    dependencies: ["LibFuzzerDriver"] + products.map { .product(name: $0, package: bearing) }
      + others,
    swiftSettings: [
      .swiftLanguageMode(.v6),
      .enableUpcomingFeature("ExistentialAny"),
      // Coverage instrumentation of the harness; the entry point is `fuzz_NAME_main`, below.
      .unsafeFlags(["-parse-as-library", "-sanitize=fuzzer"]),
    ],
    // libFuzzer's runtime, linked by lld: gold refuses its `main` beside SwiftPM's
    // `--defsym main=fuzz_NAME_main`, which lld keeps (see LibFuzzerDriver.h).
    linkerSettings: [.unsafeFlags(["-sanitize=fuzzer", "-use-ld=lld"])]
  )
}

let package = Package(
  name: "BearingFuzz",
  platforms: [.macOS(.v15)],
  dependencies: [
    .package(path: ".."),
    .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
  ],
  targets: [
    .target(name: "LibFuzzerDriver"),
    fuzzTarget(
      "gpsd", ["BearingGPSD", "BearingLocation"],
      others: [.product(name: "Logging", package: "swift-log")]),
    fuzzTarget("nmea", ["BearingLocation"]),
    fuzzTarget("gpx", ["BearingLocation"]),
    fuzzTarget("geojson", ["BearingPlaces"]),
    fuzzTarget("pbf", ["BearingPlaces"]),
    fuzzTarget("foursquare", ["BearingHTTP", "BearingLocation", "BearingPlaces", "BearingText"]),
    fuzzTarget("overpass", ["BearingHTTP", "BearingLocation", "BearingPlaces", "BearingText"]),
    fuzzTarget("config", ["CoffeeFinderSettings"]),
    fuzzTarget("headers", ["BearingHTTP"]),
    fuzzTarget("hours", ["BearingOpeningHours"]),
    fuzzTarget("walking", ["BearingLocation", "BearingWalking"]),
  ]
)
