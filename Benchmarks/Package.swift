// swift-tools-version: 6.1

import PackageDescription

import struct Foundation.URL

// A path dependency is identified by its folder name, which differs between clones.
let bearing = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().lastPathComponent

// Benchmarks live in their own package so that `swift test` in the main package never builds
// package-benchmark. Run them with `swift package benchmark` from this directory.
let package = Package(
  name: "BearingBenchmarks",
  platforms: [.macOS(.v15)],
  dependencies: [
    .package(path: ".."),
    .package(
      url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
  ],
  targets: []
)

// One executable target per suite, under Benchmarks/<Suite>/.
func suite(_ name: String, _ products: [String]) -> Target {
  .executableTarget(
    name: name,
    dependencies: [.product(name: "Benchmark", package: "benchmark")]
      + products.map { .product(name: $0, package: bearing) },
    path: "Benchmarks/\(name)",
    swiftSettings: [.swiftLanguageMode(.v6)],
    plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
  )
}

package.targets += [
  suite("CoreBenchmarks", ["Bearing"]),
  suite("GPSDBenchmarks", ["BearingLocation", "BearingGPSD"]),
  suite("RegionBenchmarks", ["BearingLocation"]),
  suite("PlacesBenchmarks", ["BearingPlaces", "BearingPlaceStore"]),
  suite("MapBenchmarks", ["BearingLocation", "BearingMap", "BearingPlaceStore"]),
  suite("SharingBenchmarks", ["BearingSharing"]),
  suite("OpeningHoursBenchmarks", ["BearingOpeningHours"]),
  suite(
    "WalkingBenchmarks",
    ["BearingLocation", "BearingPlaces", "BearingPlaceStore", "BearingWalking"]),
]
