/// A scale bar: the longest round distance (1, 2 or 5 × a power of ten metres, or of feet and
/// miles) that fits in a number of terminal columns, drawn `├──┤ 200 m`.
///
/// ```swift
/// ScaleBar(metresPerDot: 5, maximumColumns: 20)?.text  // "├────────┤ 100 m"
/// ScaleBar(metresPerDot: 5, maximumColumns: 20, imperial: true)?.text  // "├───────┤ 200 ft"
/// ```
public struct ScaleBar: Hashable, Sendable {
  /// The distance the bar stands for, in metres.
  public let metres: Double
  /// The bar's length in terminal columns, ends included.
  public let columns: Int
  /// The distance as the bar's label: `50 m`, `1 km`, `2.5 km`; `200 ft`, `0.5 mi`, `2 mi`.
  public let label: String

  /// Metres in a foot and in a mile: the one home of these for every distance the app shows.
  public static let metresPerFoot = 0.3048
  /// Metres in an international mile.
  public static let metresPerMile = 1609.344

  /// The bar for a scale, in feet and miles when `imperial`, or `nil` when not even a bar of
  /// 3 columns fits.
  public init?(metresPerDot: Double, maximumColumns: Int, imperial: Bool = false) {
    guard maximumColumns >= 3, metresPerDot.isFinite, metresPerDot > 0 else { return nil }
    let metresPerColumn = metresPerDot * 2
    var best: (metres: Double, columns: Int, label: String)?
    for (metres, label) in imperial ? Self.imperialSteps : Self.metricSteps {
      let columns = Int((metres / metresPerColumn).rounded())
      if columns >= 3, columns <= maximumColumns { best = (metres, columns, label) }
    }
    guard let best else { return nil }
    metres = best.metres
    columns = best.columns
    label = best.label
  }

  /// Round metric distances, shortest first, with their labels.
  static let metricSteps: [(Double, String)] = powers(from: 0.01, to: 1e8).map { metres in
    if metres >= 1000 {
      let km = metres / 1000
      return (metres, km == km.rounded() ? "\(Int(km)) km" : "\(km) km")
    }
    return (metres, metres >= 1 ? "\(Int(metres)) m" : "\(Int((metres * 100).rounded())) cm")
  }

  /// Round imperial distances, shortest first: feet up to 1,000, then miles from 0.2.
  static let imperialSteps: [(Double, String)] =
    powers(from: 1, to: 1000).map { ($0 * metresPerFoot, "\(Int($0)) ft") }
    + powers(from: 0.1, to: 1e5).filter { $0 >= 0.2 }.map { miles in
      (
        miles * metresPerMile,
        miles == miles.rounded() ? "\(Int(miles)) mi" : "\(miles.formatted1()) mi"
      )
    }

  /// 1, 2 and 5 × each power of ten from `low` up to `high`.
  private static func powers(from low: Double, to high: Double) -> [Double] {
    var values: [Double] = []
    var power = low
    while power <= high {
      for step in [1.0, 2.0, 5.0] where step * power <= high {
        // Rounded so that 0.1 × 2 reads 0.2, not 0.20000000000000001.
        values.append(((step * power) * 1e6).rounded() / 1e6)
      }
      power *= 10
    }
    return values
  }

  /// The bar and its label.
  public var text: String {
    "├" + String(repeating: "─", count: columns - 2) + "┤ " + label
  }
}

extension Double {
  /// At most one decimal: `0.5`, `2.5`.
  fileprivate func formatted1() -> String {
    let tenths = (self * 10).rounded() / 10
    return "\(tenths)"
  }
}
