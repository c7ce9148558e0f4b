import Foundation

/// A distance as people write it on the command line, in the environment and in the config
/// file: metres (`800`, `800.5`), or with a unit (`800m`, `2km`, `2 km`, `1mi`, `500ft`); a sign
/// is read so
/// that a negative distance is refused by its range, not mistaken for something else.
/// Nothing else is a distance: not `0x10`, `1e3`, `nan` or `inf`.
///
/// ```swift
/// DistanceSetting.metres(from: "2km")  // 2000
/// DistanceSetting.searchRadius.check(-5, option: "--radius")  // "--radius must be …; got -5 m"
/// ```
public struct DistanceSetting: Sendable {
  /// The smallest distance allowed, in metres.
  public var minimum: Double
  /// The largest distance allowed, in metres.
  public var maximum: Double

  /// The distances from `minimum` to `maximum` metres, both included.
  public init(minimum: Double, maximum: Double) {
    self.minimum = minimum
    self.maximum = maximum
  }

  /// A search's radius: 50 m (the full-screen UI's smallest step; less finds next to nothing
  /// and is most likely a slip for kilometres) to 100 km (Foursquare's limit).
  public static let searchRadius = DistanceSetting(minimum: 50, maximum: 100_000)

  /// How a distance may be written, for a message refusing one.
  public static let accepted =
    "metres (800), or a number with m, km, mi or ft (800m, 2km, 1mi, 500ft)"

  /// The metres `text` says, or `nil` when it is not a distance.
  public static func metres(from text: String) -> Double? {
    var rest = Substring(text.lowercased().filter { $0 != " " })
    var scale = 1.0
    if rest.hasSuffix("km") {
      rest = rest.dropLast(2)
      scale = 1000
    } else if rest.hasSuffix("mi") {
      rest = rest.dropLast(2)
      scale = 1609.344
    } else if rest.hasSuffix("ft") {
      rest = rest.dropLast(2)
      scale = 0.3048
    } else if rest.hasSuffix("m") {
      rest = rest.dropLast()
    }
    var digits = rest
    if digits.first == "-" || digits.first == "+" { digits = digits.dropFirst() }
    let parts = digits.split(separator: ".", omittingEmptySubsequences: false)
    guard (1...2).contains(parts.count), parts.contains(where: { !$0.isEmpty }),
      parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
      let value = Double(rest), value.isFinite
    else { return nil }
    return value * scale
  }

  /// Why `metres` is out of range, as one sentence naming `option`; `nil` when it is in range.
  public func problem(with metres: Double, option: String) -> String? {
    guard metres < minimum || metres > maximum else { return nil }
    return "\(option) must be at least \(Self.text(minimum)) and at most \(Self.text(maximum)); "
      + "got \(Self.text(metres))"
  }

  /// `50 m`, `1.5 km`, `100 km`.
  static func text(_ metres: Double) -> String {
    if abs(metres) >= 1000 {
      return "\((metres / 1000).formatted(maximumFractionDigits: 3)) km"
    }
    // Below a metre, enough digits that a tiny distance does not read as 0 m.
    return "\(metres.formatted(maximumFractionDigits: abs(metres) < 1 ? 6 : 2)) m"
  }
}
