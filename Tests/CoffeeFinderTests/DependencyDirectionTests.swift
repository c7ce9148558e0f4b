import BearingProcessTesting
import Foundation
import Testing

/// Keeps the arrows between the package's modules pointing one way: every module of Package.swift
/// has a layer, and a module depends only on modules of lower layers (test targets may depend on
/// anything). ARCHITECTURE.md's "Where things live" names the layers in this order.
/// Off the pool: parsing the manifest character by character takes seconds in a debug build.
@Suite(.offPool) struct DependencyDirectionTests {
  /// The layers, lowest first: a module's layer is its index here. Each module of Package.swift
  /// that is not a test target is named exactly once.
  static let layers: [(name: String, modules: [String])] = [
    (
      "C libraries and the macro plug-in",
      ["BearingMacros", "CBearingTestingStart", "CBearingThread", "CDBus", "CZlib"]
    ),
    (
      "foundations: text, locations, backoff, shared state, SQLite files; test support that"
        + " needs none of the package",
      [
        "BearingBackoff", "BearingHTTPTesting", "BearingLocation", "BearingPlacesTesting",
        "BearingProcessTesting", "BearingSQLite", "BearingSharing", "BearingText",
      ]
    ),
    (
      "on the foundations alone: the store core, street lines, walking, opening hours, the"
        + " clients, logging and analytics, the personal database, the app's settings",
      [
        "Bearing", "BearingGPSD", "BearingGeoClue", "BearingHTTP", "BearingLocationTesting",
        "BearingOpeningHours", "BearingPersonalData", "BearingStreets", "BearingTelemetry",
        "BearingWalking", "CoffeeFinderSettings",
      ]
    ),
    (
      "data: places and their readers; test support over the core and the clients",
      ["BearingGeoClueTesting", "BearingPlaces", "BearingTesting"]
    ),
    ("the offline place store", ["BearingPlaceStore"]),
    // Above the data it draws, so that no data module can import it.
    ("the map renderer", ["BearingMap"]),
    ("the app's features", ["CoffeeFinder"]),
    (
      "programs: the app and the test helpers",
      [
        "bearing-expect-failure-probe", "bearing-sharing-probe", "coffee-finder",
        "opening-hours-probe", "persistence-test-helper", "walking-probe",
      ]
    ),
  ]

  static var manifest: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Package.swift")
  }

  static func packageTargets() throws -> [PackageTarget] {
    try parsedManifest.get()
  }

  /// Package.swift, read and parsed once for every test of the suite.
  private static let parsedManifest = Result {
    try PackageTarget.read(String(contentsOf: manifest, encoding: .utf8))
  }

  /// What breaks the layer rule in `targets`, one line each; empty when nothing does.
  static func violations(
    of targets: [PackageTarget], layers: [(name: String, modules: [String])] = layers
  ) -> [String] {
    var layer: [String: Int] = [:]
    var problems: [String] = []
    for (index, entry) in layers.enumerated() {
      for module in entry.modules where layer.updateValue(index, forKey: module) != nil {
        problems.append("\(module) is given more than one layer")
      }
    }
    let own = Set(targets.map(\.name))
    for module in layer.keys.sorted() where !own.contains(module) {
      problems.append("\(module) has a layer but is not a target of Package.swift")
    }
    for target in targets where !target.isTest {
      guard let mine = layer[target.name] else {
        problems.append("\(target.name) (\(target.kind)) is given no layer")
        continue
      }
      for dependency in target.dependencies.sorted() where own.contains(dependency) {
        guard let theirs = layer[dependency] else { continue }  // reported as given no layer
        if theirs >= mine {
          problems.append(
            "\(target.name) (layer \(mine), \(layers[mine].name)) depends on \(dependency)"
              + " (layer \(theirs), \(layers[theirs].name))")
        }
      }
    }
    return problems
  }

  @Test func everyModuleDependsOnlyOnModulesOfLowerLayers() throws {
    let targets = try Self.packageTargets()
    #expect(targets.count > 40, "the manifest's targets were not found: \(targets.map(\.name))")
    let byName = Dictionary(targets.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    // The reader sees plain, `.target(name:condition:)` and product dependencies.
    #expect(byName["BearingGPSD"]?.dependencies.contains("BearingLocation") == true)
    #expect(byName["BearingTesting"]?.dependencies.contains("CBearingTestingStart") == true)
    #expect(byName["BearingGPSD"]?.products.contains("NIOCore") == true)
    #expect(byName["BearingTests"]?.isTest == true)
    let problems = Self.violations(of: targets)
    #expect(problems.isEmpty, "\n\(problems.joined(separator: "\n"))")
  }

  /// The rule itself fails: a dependency sideways or upwards, a module without a layer, a layer
  /// for a module that does not exist and a module given two layers are each reported.
  @Test func theRuleReportsEachWayOfBreakingIt() throws {
    let targets = try PackageTarget.read(
      """
      let package = Package(
        name: "P", products: [.library(name: "Low", targets: ["Low"])],
        targets: [
          .target(name: "Low", dependencies: [.product(name: "X", package: "x")]),
          .target(name: "Side", dependencies: ["Low"]),  // "Up" in a comment is not read
          .target(name: "High", dependencies: ["Low", .target(name: "Side", condition: nil)]),
          .target(name: "Wrong", dependencies: [.byName(name: "High"), "Unlayered"]),
          .target(name: "Unlayered"),
          .testTarget(name: "LowTests", dependencies: ["High", "Low"]),
        ]
      )
      """)
    #expect(targets.map(\.name) == ["Low", "Side", "High", "Wrong", "Unlayered", "LowTests"])
    let layers: [(name: String, modules: [String])] = [
      ("one", ["Low", "Wrong"]), ("two", ["Side", "High", "Gone"]), ("three", ["Side"]),
    ]
    #expect(
      Self.violations(of: targets, layers: layers) == [
        "Side is given more than one layer",
        "Gone has a layer but is not a target of Package.swift",
        "High (layer 1, two) depends on Side (layer 2, three)",
        "Wrong (layer 0, one) depends on High (layer 1, two)",
        "Unlayered (target) is given no layer",
      ])
  }

  /// The app's settings reach neither the gpsd client nor NIO, directly or through another of
  /// the package's targets, so that `GPSDEndpoint` stays in `BearingLocation` where both reach.
  @Test func theSettingsReachNeitherTheGPSDClientNorNIO() throws {
    let targets = Dictionary(
      try Self.packageTargets().map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    var reached: Set<String> = []
    var pending = ["CoffeeFinderSettings"]
    while let next = pending.popLast() {
      for name in targets[next]?.dependencies ?? [] where reached.insert(name).inserted {
        pending.append(name)
      }
      reached.formUnion(targets[next]?.products ?? [])
    }
    #expect(reached.contains("BearingLocation"), "CoffeeFinderSettings' dependencies not read")
    let wrong = reached.filter { $0 == "BearingGPSD" || $0.hasPrefix("NIO") }
    #expect(wrong.isEmpty, "CoffeeFinderSettings reaches \(wrong.sorted())")
  }
}

/// A target of Package.swift as its text declares it: name, kind, the package's targets it
/// depends on (by name, `.target(name:)` or `.byName(name:)`) and the products it uses.
struct PackageTarget: Equatable {
  var name: String
  var kind: String
  var dependencies: [String]
  var products: [String]
  var isTest: Bool { kind == "testTarget" }

  /// The targets of the `targets:` argument of `Package(...)` in `manifest`.
  static func read(_ manifest: String) throws -> [PackageTarget] {
    var parser = ManifestParser(tokens: ManifestParser.tokens(of: manifest))
    guard let start = parser.startOfPackageTargets() else {
      throw ManifestError(message: "no `targets:` argument of `Package(`")
    }
    parser.index = start
    guard case .list(let elements) = parser.value() else {
      throw ManifestError(message: "`targets:` is not a list")
    }
    return elements.compactMap { element in
      guard case .call(let kind, let arguments) = element,
        case .string(let name)? = arguments.first(where: { $0.label == "name" })?.value
      else { return nil }
      var target = PackageTarget(name: name, kind: kind, dependencies: [], products: [])
      if case .list(let dependencies)? = arguments.first(where: { $0.label == "dependencies" })?
        .value
      {
        for dependency in dependencies {
          switch dependency {
          case .string(let name):
            target.dependencies.append(name)
          case .call("target", let arguments), .call("byName", let arguments):
            if case .string(let name)? = arguments.first(where: { $0.label == "name" })?.value {
              target.dependencies.append(name)
            }
          case .call("product", let arguments):
            if case .string(let name)? = arguments.first(where: { $0.label == "name" })?.value {
              target.products.append(name)
            }
          default:
            break
          }
        }
      }
      return target
    }
  }
}

struct ManifestError: Error, CustomStringConvertible {
  var message: String
  var description: String { "Package.swift: \(message)" }
}

/// Just enough of Swift's grammar for a manifest's target list: string literals, lists, calls
/// with labelled arguments and `.member`s; anything else is read as `.other`.
struct ManifestParser {
  indirect enum Value: Equatable {
    case string(String)
    case list([Value])
    case call(String, [Argument])
    case member(String)
    case other
  }

  struct Argument: Equatable {
    var label: String?
    var value: Value
  }

  enum Token: Equatable {
    case string(String)
    case word(String)
    case symbol(Character)
  }

  var tokens: [Token]
  var index = 0

  /// `text` as tokens, comments left out.
  static func tokens(of text: String) -> [Token] {
    var tokens: [Token] = []
    var rest = Substring(text)
    while let first = rest.first {
      if first.isWhitespace {
        rest = rest.dropFirst()
      } else if rest.hasPrefix("//") {
        rest = rest.drop { $0 != "\n" }
      } else if rest.hasPrefix("/*") {
        rest = rest.dropFirst(2)
        rest = rest.range(of: "*/").map { rest[$0.upperBound...] } ?? ""
      } else if first == "\"" {
        var literal = ""
        rest = rest.dropFirst()
        while let character = rest.first, character != "\"" {
          if character == "\\", !rest.dropFirst().isEmpty {
            rest = rest.dropFirst()
          }
          literal.append(rest.first ?? character)
          rest = rest.dropFirst()
        }
        rest = rest.dropFirst()
        tokens.append(.string(literal))
      } else if first.isLetter || first == "_" || first.isNumber {
        let word = rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
        tokens.append(.word(String(word)))
        rest = rest.dropFirst(word.count)
      } else {
        tokens.append(.symbol(first))
        rest = rest.dropFirst()
      }
    }
    return tokens
  }

  /// The index of the value of `targets:` directly inside `Package(`.
  func startOfPackageTargets() -> Int? {
    guard
      let package = tokens.indices.first(where: {
        tokens[$0] == .word("Package") && $0 + 1 < tokens.count && tokens[$0 + 1] == .symbol("(")
      })
    else { return nil }
    var depth = 0
    for index in package + 1..<tokens.count - 2 {
      switch tokens[index] {
      case .symbol("("), .symbol("["): depth += 1
      case .symbol(")"), .symbol("]"):
        depth -= 1
        if depth == 0 { return nil }
      case .word("targets") where depth == 1 && tokens[index + 1] == .symbol(":"):
        return index + 2
      default: break
      }
    }
    return nil
  }

  var next: Token? { index < tokens.count ? tokens[index] : nil }

  mutating func value() -> Value {
    switch next {
    case .string(let text)?:
      index += 1
      return .string(text)
    case .symbol("[")?:
      index += 1
      return .list(elements(until: "]").map(\.value))
    case .symbol(".")?:
      guard index + 1 < tokens.count, case .word(let name) = tokens[index + 1] else {
        index += 1
        return .other
      }
      index += 2
      if next == .symbol("(") {
        index += 1
        return .call(name, elements(until: ")"))
      }
      return .member(name)
    default:
      skipOperand()
      return .other
    }
  }

  /// The comma-separated, optionally labelled elements up to the closing `close`, which is read.
  mutating func elements(until close: Character) -> [Argument] {
    var arguments: [Argument] = []
    while let token = next, token != .symbol(close) {
      if token == .symbol(",") {
        index += 1
        continue
      }
      var label: String?
      if case .word(let word) = token, index + 1 < tokens.count,
        tokens[index + 1] == .symbol(":")
      {
        label = word
        index += 2
      }
      arguments.append(Argument(label: label, value: value()))
      // Whatever follows the value in the same element (an operator and its operand) is skipped.
      while let rest = next, rest != .symbol(","), rest != .symbol(close) {
        skipOperand()
      }
    }
    index += 1
    return arguments
  }

  /// One token, or a bracketed group whole.
  mutating func skipOperand() {
    var depth = 0
    repeat {
      switch next {
      case .symbol("(")?, .symbol("[")?: depth += 1
      case .symbol(")")?, .symbol("]")?: depth -= 1
      case nil: return
      default: break
      }
      index += 1
    } while depth > 0
  }
}
