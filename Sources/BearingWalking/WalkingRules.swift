/// Which ways a pedestrian may use, and in which direction, from a way's OpenStreetMap tags.
///
/// Walkable: footways, paths, pedestrian streets, steps, living streets, residential, service
/// and unclassified streets, tracks, corridors, bridleways, and tertiary roads and above
/// (links included). Never a motorway; never a way tagged `foot=no`; not a motorroad
/// (`motorroad=yes`, a road for motor vehicles only) nor `access=private|no` unless
/// `foot=yes|designated|permissive`; a cycleway only with `foot=yes|designated|permissive`; not
/// an area (`area=yes`: its outline is no way to walk along). `oneway` binds vehicles only: a walk
/// follows `oneway:foot` alone.
///
/// ```swift
/// WalkingRules.direction { ["highway": "residential", "oneway": "yes"][$0] }  // .both
/// ```
public enum WalkingRules {
  /// The highway values a pedestrian may use unless other tags say otherwise.
  public static let walkableHighways: Set<String> = [
    "footway", "path", "pedestrian", "steps", "living_street", "residential", "service",
    "unclassified", "road", "track", "corridor", "bridleway", "tertiary", "tertiary_link",
    "secondary", "secondary_link", "primary", "primary_link", "trunk", "trunk_link",
  ]

  /// The directions a pedestrian may walk a way whose tags are `tag`, or `nil` when not at all.
  public static func direction(_ tag: (String) -> String?) -> WalkDirection? {
    guard let highway = tag("highway") else { return nil }
    let foot = tag("foot")
    // `permissive`: the owner lets walkers through, as far as a walk is concerned a yes.
    let footAllowed = foot == "yes" || foot == "designated" || foot == "permissive"
    if foot == "no" { return nil }
    if highway == "motorway" || highway == "motorway_link" { return nil }
    guard walkableHighways.contains(highway) || (highway == "cycleway" && footAllowed) else {
      return nil
    }
    if tag("area") == "yes" { return nil }
    if tag("motorroad") == "yes", !footAllowed { return nil }
    if let access = tag("access"), access == "private" || access == "no", !footAllowed {
      return nil
    }
    switch tag("oneway:foot") {
    case "yes", "true", "1": return .forward
    case "-1", "reverse": return .backward
    default: return .both
    }
  }
}

/// The directions a walk may take along a way: both, or only along (or against) the order of
/// its points.
public enum WalkDirection: UInt8, Sendable, Hashable {
  /// Either way: the way has no `oneway:foot`.
  case both = 0
  /// From the first point towards the last only (`oneway:foot=yes`).
  case forward = 1
  /// From the last point towards the first only (`oneway:foot=-1`).
  case backward = 2

  /// Whether a walk may go from the way's first point towards its last.
  public var allowsForward: Bool { self != .backward }
  /// Whether a walk may go from the way's last point towards its first.
  public var allowsBackward: Bool { self != .forward }
}
