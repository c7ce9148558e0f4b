/// A scale bar: the longest round distance (1, 2 or 5 × a power of ten metres) that fits in a
/// number of terminal columns, drawn `├──┤ 200 m`.
///
/// ```swift
/// ScaleBar(metresPerDot: 5, maximumColumns: 20)?.text  // "├────────┤ 100 m"
/// ```
public struct ScaleBar: Hashable, Sendable {
  /// The distance the bar stands for, in metres.
  public let metres: Double
  /// The bar's length in terminal columns, ends included.
  public let columns: Int

  /// The bar for a scale, or `nil` when not even a bar of 3 columns fits.
  public init?(metresPerDot: Double, maximumColumns: Int) {
    guard maximumColumns >= 3, metresPerDot.isFinite, metresPerDot > 0 else { return nil }
    let metresPerColumn = metresPerDot * 2
    var best: (Double, Int)? = nil
    var power = 0.01
    while power < 1e8 {
      for step in [1.0, 2.0, 5.0] {
        let metres = step * power
        let columns = Int((metres / metresPerColumn).rounded())
        if columns >= 3, columns <= maximumColumns { best = (metres, columns) }
      }
      power *= 10
    }
    guard let (metres, columns) = best else { return nil }
    self.metres = metres
    self.columns = columns
  }

  /// The distance as the bar's label: `50 m`, `1 km`, `2.5 km`.
  public var label: String {
    if metres >= 1000 {
      let km = metres / 1000
      return km == km.rounded() ? "\(Int(km)) km" : "\(km) km"
    }
    return metres >= 1 ? "\(Int(metres)) m" : "\(Int(metres * 100)) cm"
  }

  /// The bar and its label.
  public var text: String {
    "├" + String(repeating: "─", count: columns - 2) + "┤ " + label
  }
}
