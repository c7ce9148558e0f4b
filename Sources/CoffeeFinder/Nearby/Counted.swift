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

  /// `count` street lines: "1 street line", "21 street lines".
  package static func streetLines(_ count: Int) -> String {
    count == 1 ? "1 street line" : "\(count) street lines"
  }

  /// `count` fixes: "1 fix", "3 fixes".
  package static func fixes(_ count: Int) -> String {
    count == 1 ? "1 fix" : "\(count) fixes"
  }

  /// `count` favourite regions: "1 favourite region", "no favourite regions".
  package static func favoriteRegions(_ count: Int) -> String {
    count == 0
      ? "no favourite regions" : count == 1 ? "1 favourite region" : "\(count) favourite regions"
  }
}
