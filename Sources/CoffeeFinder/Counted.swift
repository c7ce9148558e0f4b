/// A count with its noun, singular for one: "1 place", "3 places".
package enum Counted {
  /// `count` places, as a sentence says it.
  package static func places(_ count: Int) -> String {
    count == 1 ? "1 place" : "\(count) places"
  }

  /// `count` cafés, as a sentence says it.
  package static func cafes(_ count: Int) -> String {
    count == 1 ? "1 café" : "\(count) cafés"
  }
}
