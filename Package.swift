// swift-tools-version: 6.2

import CompilerPluginSupport
import PackageDescription

let package = Package(
  name: "Bearing",
  platforms: [.macOS(.v15), .iOS(.v18)],
  products: [
    .library(name: "Bearing", targets: ["Bearing"]),
    .library(name: "BearingTesting", targets: ["BearingTesting"]),
    .library(name: "BearingSharing", targets: ["BearingSharing"]),
    .library(name: "BearingLocation", targets: ["BearingLocation"]),
    .library(name: "BearingGPSD", targets: ["BearingGPSD"]),
    .library(name: "BearingGeoClue", targets: ["BearingGeoClue"]),
    .library(name: "BearingHTTP", targets: ["BearingHTTP"]),
    .library(name: "BearingPlaces", targets: ["BearingPlaces"]),
    .library(name: "BearingSQLite", targets: ["BearingSQLite"]),
    .library(name: "BearingPersonalData", targets: ["BearingPersonalData"]),
    .library(name: "BearingPlaceStore", targets: ["BearingPlaceStore"]),
    .library(name: "BearingTelemetry", targets: ["BearingTelemetry"]),
    .library(name: "BearingText", targets: ["BearingText"]),
    .library(name: "BearingMap", targets: ["BearingMap"]),
    .library(name: "BearingStreets", targets: ["BearingStreets"]),
    .library(name: "BearingOpeningHours", targets: ["BearingOpeningHours"]),
    .library(name: "BearingWalking", targets: ["BearingWalking"]),
    // The app's own modules (CoffeeFinder, CoffeeFinderSettings) are not for other packages:
    // only the app uses them. CoffeeFinderSettings is a product only so that the fuzz package
    // (Fuzz/) can reach the config file's parser; it promises no stable API.
    .library(name: "CoffeeFinderSettings", targets: ["CoffeeFinderSettings"]),
    .executable(name: "coffee-finder", targets: ["coffee-finder"]),
  ],
  dependencies: [
    .package(url: "https://github.com/pointfreeco/swift-dependencies", from: "1.17.1"),
    .package(url: "https://github.com/pointfreeco/swift-case-paths", from: "1.10.0"),
    .package(url: "https://github.com/pointfreeco/swift-custom-dump", from: "1.7.3"),
    .package(url: "https://github.com/pointfreeco/swift-identified-collections", from: "1.1.1"),
    .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.1.1"),
    .package(url: "https://github.com/pointfreeco/swift-concurrency-extras", from: "1.4.3"),
    .package(url: "https://github.com/pointfreeco/xctest-dynamic-overlay", from: "1.13.1"),
    .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
    .package(url: "https://github.com/swiftlang/swift-syntax", "600.0.0"..<"605.0.0"),
    .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
    .package(url: "https://github.com/apple/swift-collections", from: "1.1.0"),
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
    .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
    // Combine's API on Linux, for `Effect.publisher` and `Store.publisher`; CombineSchedulers
    // (re-exported, as The Composable Architecture does) for scheduler-based timing.
    .package(url: "https://github.com/OpenCombine/OpenCombine", from: "0.14.0"),
    .package(url: "https://github.com/pointfreeco/combine-schedulers", from: "1.2.2"),
    // Tests only: golden frames of the map and the UI as snapshots.
    .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
  ],
  targets: [
    .macro(
      name: "BearingMacros",
      dependencies: [
        .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
        .product(name: "SwiftDiagnostics", package: "swift-syntax"),
        .product(name: "SwiftSyntax", package: "swift-syntax"),
        .product(name: "SwiftSyntaxBuilder", package: "swift-syntax"),
        .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
      ]
    ),
    .target(
      name: "BearingSharing",
      dependencies: [
        .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
        .product(name: "CustomDump", package: "swift-custom-dump"),
        .product(name: "Dependencies", package: "swift-dependencies"),
        .product(name: "IdentifiedCollections", package: "swift-identified-collections"),
        .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
        .product(
          name: "OpenCombine", package: "OpenCombine", condition: .when(platforms: [.linux])),
      ]
    ),
    // The calling thread's identity in one register read, for the store's send path.
    .target(name: "CBearingThread", path: "Sources/CBearingThread"),
    .target(
      name: "Bearing",
      dependencies: [
        "BearingMacros",
        "BearingSharing",
        "CBearingThread",
        .product(name: "CasePaths", package: "swift-case-paths"),
        .product(name: "Clocks", package: "swift-clocks"),
        .product(name: "CombineSchedulers", package: "combine-schedulers"),
        .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
        .product(name: "CustomDump", package: "swift-custom-dump"),
        .product(name: "Dependencies", package: "swift-dependencies"),
        .product(name: "DependenciesMacros", package: "swift-dependencies"),
        .product(name: "IdentifiedCollections", package: "swift-identified-collections"),
        .product(
          name: "OpenCombine", package: "OpenCombine", condition: .when(platforms: [.linux])),
        .product(name: "OrderedCollections", package: "swift-collections"),
        .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
        .product(name: "Logging", package: "swift-log"),
      ]
    ),
    // Adds BearingTesting's XCTest observer as a test process loads (Linux).
    .target(name: "CBearingTestingStart", path: "Sources/CBearingTestingStart"),
    .target(
      name: "BearingTesting",
      dependencies: [
        "Bearing", "BearingSharing",
        .target(name: "CBearingTestingStart", condition: .when(platforms: [.linux])),
        .product(name: "CasePaths", package: "swift-case-paths"),
        .product(name: "CustomDump", package: "swift-custom-dump"),
        .product(name: "Dependencies", package: "swift-dependencies"),
        .product(name: "Clocks", package: "swift-clocks"),
        .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
        .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
        // Not imported: IssueReporting finds it at run time to report issues to swift-testing.
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
        // Not imported: on Linux, Dependencies loads it at run time to reset its test values
        // before each XCTest test, as it does on Apple's systems by itself.
        .product(
          name: "DependenciesTestObserver", package: "swift-dependencies",
          condition: .when(platforms: [.linux])),
      ]
    ),
    .target(
      name: "BearingLocation",
      dependencies: [
        .product(name: "CasePaths", package: "swift-case-paths"),
        .product(name: "Dependencies", package: "swift-dependencies"),
        .product(name: "DependenciesMacros", package: "swift-dependencies"),
        .product(name: "Logging", package: "swift-log"),
      ]
    ),
    .target(
      name: "BearingGPSD",
      dependencies: [
        "BearingBackoff", "BearingLocation", "BearingText",
        .product(name: "Dependencies", package: "swift-dependencies"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
      ]
    ),
    // libdbus-1, the reference D-Bus client library, for GeoClue on the system bus: loaded at
    // run time (dlopen), declared by a header of our own, so that no libdbus package is needed
    // to build and only libdbus-1-3 to use GeoClue (ARCHITECTURE.md).
    .target(name: "CDBus"),
    .target(name: "BearingGeoClue", dependencies: ["BearingBackoff", "BearingLocation", "CDBus"]),
    // Test support: the programs tests start (posix_spawn without the test's descriptors or
    // signal mask, waited for without blocking), gpsfake, a loopback greeter standing in for
    // gpsd, and helper executables read line by line. Not a product.
    .target(name: "BearingProcessTesting"),
    // Test support: a real GeoClue on a private system bus. Not a product.
    .target(
      name: "BearingGeoClueTesting",
      dependencies: [
        "BearingGeoClue", "BearingLocation", "BearingLocationTesting", "BearingProcessTesting",
      ]
    ),
    .target(
      name: "BearingHTTP",
      dependencies: [
        "BearingBackoff", "BearingText",
        .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
        .product(name: "CustomDump", package: "swift-custom-dump"),
        .product(name: "Dependencies", package: "swift-dependencies"),
        .product(name: "DependenciesMacros", package: "swift-dependencies"),
        .product(name: "HTTPTypes", package: "swift-http-types"),
      ]
    ),
    // The one backoff formula: gpsd's and GeoClue's reconnects, HTTP's retries. Not a product.
    .target(name: "BearingBackoff"),
    // Untrusted text made safe for a terminal, the JSON-lines encoder for output, and the one
    // JSON string reader and JSON value type.
    .target(name: "BearingText"),
    // Street lines and their kinds: the values the readers give, the place store keeps and maps
    // draw.
    .target(name: "BearingStreets", dependencies: ["BearingLocation"]),
    // Maps in braille cells and SVG: a pure renderer of streets and marks.
    .target(
      name: "BearingMap", dependencies: ["BearingLocation", "BearingStreets", "BearingText"]),
    // OpenStreetMap's `opening_hours`: a parser and an evaluator; its calendar arithmetic is
    // BearingLocation's.
    .target(name: "BearingOpeningHours", dependencies: ["BearingLocation"]),
    // Walking: the graph of walkable ways, snapping to it, and one-to-many walks over it.
    .target(name: "BearingWalking", dependencies: ["BearingLocation"]),
    // Test helper: evaluates `opening_hours` values at given times and prints the answers as
    // JSON lines, for scripts/opening-hours-conformance. Built with the tests; not a product.
    .executableTarget(
      name: "opening-hours-probe", dependencies: ["BearingOpeningHours"],
      path: "Tests/OpeningHoursProbe"
    ),
    // Test helper: walks over an imported file's walking graph, as JSON lines, for
    // scripts/walking-conformance. Built with the tests; not a product.
    .executableTarget(
      name: "walking-probe", dependencies: ["BearingLocation", "BearingPlaces", "BearingWalking"],
      path: "Tests/WalkingProbe"
    ),
    .target(name: "BearingLocationTesting", dependencies: ["BearingLocation"]),
    .target(name: "BearingPlacesTesting"),
    .target(
      name: "BearingHTTPTesting",
      dependencies: [
        .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
        .product(name: "HTTPTypes", package: "swift-http-types"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
        .product(name: "NIOHTTP1", package: "swift-nio"),
      ]
    ),
    .systemLibrary(name: "CZlib", path: "Sources/CZlib"),
    .target(
      name: "BearingPlaces",
      dependencies: [
        "BearingHTTP", "BearingLocation", "BearingStreets", "BearingText", "BearingWalking",
        "CZlib",
        .product(name: "CustomDump", package: "swift-custom-dump"),
        .product(name: "Dependencies", package: "swift-dependencies"),
        .product(name: "DependenciesMacros", package: "swift-dependencies"),
      ],
      resources: [
        .copy("Resources/helsinki-cafes.json"), .copy("Resources/helsinki-streets.json"),
        .copy("Resources/ODbL-NOTICE.md"),
      ]
    ),
    // An SQLite file opened, checked and migrated through GRDB, and the one StorageError of the
    // two stores below.
    .target(name: "BearingSQLite", dependencies: [.product(name: "GRDB", package: "GRDB.swift")]),
    // The personal database: favourites, notes, monitored regions, recent searches.
    .target(
      name: "BearingPersonalData",
      dependencies: [
        "BearingLocation", "BearingSQLite",
        .product(name: "Dependencies", package: "swift-dependencies"),
        .product(name: "DependenciesMacros", package: "swift-dependencies"),
        .product(name: "GRDB", package: "GRDB.swift"),
      ]
    ),
    // The offline place store: areas, places, streets and walking graphs by grid cell.
    .target(
      name: "BearingPlaceStore",
      dependencies: [
        "BearingLocation", "BearingPlaces", "BearingSQLite", "BearingStreets", "BearingText",
        "BearingWalking",
        .product(name: "GRDB", package: "GRDB.swift"),
        .product(name: "GRDBSQLite", package: "GRDB.swift"),
      ]
    ),
    .target(
      name: "CoffeeFinderSettings",
      dependencies: ["BearingLocation", "BearingText"]
    ),
    .target(
      name: "BearingTelemetry",
      dependencies: [
        "BearingLocation", "BearingText",
        .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
        .product(name: "Dependencies", package: "swift-dependencies"),
        .product(name: "DependenciesMacros", package: "swift-dependencies"),
        .product(name: "Logging", package: "swift-log"),
      ]
    ),
    // Test helper: a separate process that the persistence tests lock a database with, or kill
    // in the middle of a batch. Built with the tests; not a product.
    .executableTarget(
      name: "persistence-test-helper",
      dependencies: [
        "BearingLocation", "BearingPersonalData", "BearingSQLite",
        .product(name: "GRDB", package: "GRDB.swift"),
      ],
      path: "Tests/PersistenceTestHelper"
    ),
    // Test helper: a separate process that reads, writes and watches file and app storage, for
    // the end-to-end tests of BearingSharing's persistence. Built with the tests; not a product.
    // Test helper: XCTest test cases run one to a process, so that each is the process's first,
    // for the tests of XCTExpectFailure on Linux. Built with the tests; not a product.
    .executableTarget(
      name: "bearing-expect-failure-probe",
      dependencies: [
        "BearingTesting", .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
      ],
      path: "Tests/ExpectFailureProbe"
    ),
    .executableTarget(
      name: "bearing-sharing-probe",
      dependencies: [
        "BearingSharing", .product(name: "Dependencies", package: "swift-dependencies"),
      ],
      path: "Tests/SharingProbe"
    ),
    .target(
      name: "CoffeeFinder",
      dependencies: [
        "Bearing", "BearingHTTP", "BearingLocation", "BearingMap", "BearingOpeningHours",
        "BearingPersonalData", "BearingPlaceStore", "BearingPlaces", "BearingSQLite",
        "BearingStreets", "CoffeeFinderSettings",
        "BearingTelemetry", "BearingText", "BearingWalking",
      ]
    ),
    .executableTarget(
      name: "coffee-finder",
      dependencies: [
        "CoffeeFinder", "Bearing", "BearingLocation", "BearingGPSD", "BearingGeoClue",
        "BearingHTTP", "BearingMap", "BearingOpeningHours",
        "BearingPlaces",
        "BearingPersonalData", "BearingPlaceStore", "BearingSQLite", "BearingStreets",
        "BearingTelemetry", "BearingText", "BearingWalking",
        "CoffeeFinderSettings",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "UnixSignals", package: "swift-service-lifecycle"),
      ]
    ),
    .testTarget(
      name: "BearingTests",
      dependencies: [
        "Bearing", "BearingProcessTesting", "BearingTesting",
        .product(name: "Clocks", package: "swift-clocks"),
        .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "OpenCombine", package: "OpenCombine"),
      ]
    ),
    .testTarget(
      name: "BearingSharingTests",
      dependencies: [
        "BearingProcessTesting", "BearingSharing",
        .product(name: "CustomDump", package: "swift-custom-dump"),
        .product(name: "Dependencies", package: "swift-dependencies"),
        .product(name: "IdentifiedCollections", package: "swift-identified-collections"),
        .product(
          name: "OpenCombine", package: "OpenCombine", condition: .when(platforms: [.linux])),
      ]
    ),
    .testTarget(
      name: "BearingMacrosTests",
      dependencies: [
        "BearingMacros",
        .product(name: "SwiftSyntaxMacroExpansion", package: "swift-syntax"),
        .product(name: "SwiftSyntaxMacrosGenericTestSupport", package: "swift-syntax"),
      ]
    ),
    // A TCA user's features and tests, as TCA's documentation writes them, with only the import
    // changed.
    .testTarget(name: "TCAParityTests", dependencies: ["Bearing", "BearingTesting"]),
    .testTarget(
      name: "BearingLocationTests",
      dependencies: [
        "Bearing", "BearingLocation", "BearingLocationTesting", "BearingProcessTesting",
        "BearingTesting",
        .product(name: "Clocks", package: "swift-clocks"),
        .product(name: "Dependencies", package: "swift-dependencies"),
        .product(name: "PropertyBased", package: "swift-property-based"),
      ]
    ),
    .testTarget(
      name: "BearingGPSDTests",
      dependencies: [
        "BearingGPSD", "BearingLocation", "BearingLocationTesting", "BearingProcessTesting",
        .product(name: "PropertyBased", package: "swift-property-based"),
      ]
    ),
    .testTarget(
      name: "BearingGeoClueTests",
      dependencies: ["BearingGeoClue", "BearingGeoClueTesting", "BearingLocation"]
    ),
    .testTarget(
      name: "BearingHTTPTests",
      dependencies: [
        "BearingHTTP", "BearingHTTPTesting", "BearingTesting", "BearingText",
        .product(name: "Clocks", package: "swift-clocks"),
        .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
        .product(name: "CustomDump", package: "swift-custom-dump"),
        .product(name: "Dependencies", package: "swift-dependencies"),
      ],
      resources: [.copy("Fixtures")]
    ),
    .testTarget(
      name: "BearingPlacesTests",
      dependencies: [
        "BearingPlaces", "BearingPlacesTesting", "BearingHTTP", "BearingHTTPTesting",
        "BearingLocation", "BearingOpeningHours", "BearingProcessTesting", "BearingStreets",
        "BearingText", .product(name: "Clocks", package: "swift-clocks"),
        .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
        .product(name: "CustomDump", package: "swift-custom-dump"),
        .product(name: "Dependencies", package: "swift-dependencies"),
      ],
      resources: [.copy("Fixtures")]
    ),
    .testTarget(
      name: "BearingPersistenceTests",
      dependencies: [
        "BearingLocation", "BearingPersonalData", "BearingPlaceStore", "BearingPlaces",
        "BearingProcessTesting", "BearingSQLite", "BearingStreets",
        .product(name: "Dependencies", package: "swift-dependencies"),
        .product(name: "GRDB", package: "GRDB.swift"),
      ]
    ),
    .testTarget(
      name: "BearingSharingStorageTests",
      dependencies: [
        "BearingProcessTesting", "BearingSharing",
        .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
        .product(name: "Dependencies", package: "swift-dependencies"),
      ]
    ),
    .testTarget(name: "BearingTextTests", dependencies: ["BearingText"]),
    .testTarget(name: "BearingBackoffTests", dependencies: ["BearingBackoff"]),
    .testTarget(name: "BearingWalkingTests", dependencies: ["BearingLocation", "BearingWalking"]),
    .testTarget(
      name: "BearingOpeningHoursTests", dependencies: ["BearingOpeningHours"],
      resources: [.copy("Fixtures")]
    ),
    .testTarget(
      name: "BearingMapTests",
      dependencies: [
        "BearingMap", "BearingLocation", "BearingStreets", "BearingText",
        .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
      ],
      exclude: ["__Snapshots__"]
    ),
    .testTarget(
      name: "CoffeeFinderSettingsTests", dependencies: ["BearingText", "CoffeeFinderSettings"]),
    .testTarget(
      name: "BearingTelemetryTests",
      dependencies: [
        "BearingLocation", "BearingTelemetry", "BearingText",
        .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
        .product(name: "Dependencies", package: "swift-dependencies"),
        .product(name: "Logging", package: "swift-log"),
      ]
    ),
    .testTarget(
      name: "CoffeeFinderTests",
      dependencies: [
        "BearingLocationTesting", "BearingGeoClueTesting",
        "CoffeeFinder", "Bearing", "BearingTesting", "BearingLocation", "BearingHTTPTesting",
        "BearingMap", "BearingPlaces", "BearingPlacesTesting", "BearingPersonalData",
        "BearingPlaceStore", "BearingSQLite",
        "BearingProcessTesting", "BearingStreets", "BearingTelemetry", "BearingText",
        "CoffeeFinderSettings", "BearingOpeningHours", "BearingWalking",
        .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
        .product(name: "InlineSnapshotTesting", package: "swift-snapshot-testing"),
      ]
    ),
  ]
)

// CDBus is C: Swift's settings do not apply to it.
for target in package.targets where target.type != .system && target.name != "CDBus" {
  var settings = target.swiftSettings ?? []
  settings.append(.swiftLanguageMode(.v6))
  settings.append(.enableUpcomingFeature("ExistentialAny"))
  // Zero warnings in the project's own code, kept so (dependencies are not the project's:
  // SwiftPM builds them with their warnings suppressed).
  settings.append(.treatAllWarnings(as: .error))
  target.swiftSettings = settings
}
for target in package.targets where target.name == "CDBus" {
  target.cSettings = [.treatAllWarnings(as: .error)]
}

// Fuzzing (Fuzz/, scripts/fuzz): with BEARING_FUZZ=1 the modules that parse untrusted input are
// built with libFuzzer's coverage instrumentation, and testable so that the harnesses reach
// internal parsers (GPSDSession). Only they are: swift-syntax and the macro plug-ins are built for
// the host, and a plug-in linked with libFuzzer's runtime gets libFuzzer's `main`.
if Context.environment["BEARING_FUZZ"] == "1" {
  let parsers: Set = [
    "BearingGPSD", "BearingHTTP", "BearingLocation", "BearingOpeningHours", "BearingPlaces",
    "BearingText", "BearingWalking", "CoffeeFinderSettings",
  ]
  for target in package.targets where parsers.contains(target.name) {
    target.swiftSettings =
      (target.swiftSettings ?? []) + [
        .unsafeFlags(["-sanitize=fuzzer", "-enable-testing"])
      ]
  }
}
