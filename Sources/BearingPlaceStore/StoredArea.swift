import BearingLocation
import BearingPlaces
import Foundation

/// An area whose cafés are stored for offline search: an import or a download.
///
/// ```swift
/// let areas = try await store.areas()
/// areas.first { $0.contains(here) }?.name  // "Kallio"
/// ```
public struct StoredArea: Hashable, Sendable, Identifiable {
  /// Where an area's data came from, and how it was read, so that `areas update` can fetch
  /// it again exactly so.
  public enum Origin: Hashable, Sendable, CustomStringConvertible {
    /// An imported file, by its absolute path, and how `import` read it.
    case file(String, FileImport = FileImport())
    /// A download from Overpass: every café within `radius` metres of `center`.
    case around(Coordinate, radius: Double)
    /// The `imported-places.json` of an earlier version, moved into the store: the path is
    /// where the old file is now kept (`imported-places.json.migrated`).
    case migrated(String)

    /// How a file was imported: its format as the import told it, and `import --all`.
    public struct FileImport: Hashable, Sendable {
      /// The format the file was read in; `nil` (areas stored by earlier versions): tell it
      /// from the contents again.
      public var format: OSMImporter.Format?
      /// `import --all`: every named feature is a café.
      public var everyNamedFeature: Bool

      /// Describes how a file was read; by default its format is told from its contents and only
      /// cafés are kept.
      public init(format: OSMImporter.Format? = nil, everyNamedFeature: Bool = false) {
        self.format = format
        self.everyNamedFeature = everyNamedFeature
      }
    }

    /// The stored form: `file:PATH` (or `file[FORMAT,all]:PATH`), `around:LAT,LON,RADIUS` or
    /// `migrated:PATH`.
    var text: String {
      switch self {
      case .file(let path, let how):
        let options = [how.format?.rawValue, how.everyNamedFeature ? "all" : nil].compactMap { $0 }
        return options.isEmpty ? "file:\(path)" : "file[\(options.joined(separator: ","))]:\(path)"
      case .around(let center, let radius):
        return "around:\(center.latitude),\(center.longitude),\(radius)"
      case .migrated(let path):
        return "migrated:\(path)"
      }
    }

    init?(text: String) {
      if text.hasPrefix("file:") {
        self = .file(String(text.dropFirst(5)))
        return
      }
      if text.hasPrefix("file["), let close = text.firstIndex(of: "]"),
        text[text.index(after: close)...].hasPrefix(":")
      {
        var how = FileImport()
        for option in text[text.index(text.startIndex, offsetBy: 5)..<close].split(separator: ",") {
          if option == "all" {
            how.everyNamedFeature = true
          } else if let format = OSMImporter.Format(rawValue: String(option)) {
            how.format = format
          } else {
            return nil
          }
        }
        self = .file(String(text[text.index(close, offsetBy: 2)...]), how)
        return
      }
      if text.hasPrefix("migrated:") {
        self = .migrated(String(text.dropFirst(9)))
        return
      }
      guard text.hasPrefix("around:") else { return nil }
      let parts = text.dropFirst(7).split(separator: ",").compactMap { Double($0) }
      guard parts.count == 3,
        let center = try? Coordinate(validatingLatitude: parts[0], longitude: parts[1])
      else { return nil }
      self = .around(center, radius: parts[2])
    }

    /// The origin for people: the file's path (with "(--all)"), the Overpass circle in metres and
    /// degrees, or the migrated file's path.
    public var description: String {
      switch self {
      case .file(let path, let how): how.everyNamedFeature ? "\(path) (--all)" : path
      case .around(let center, let radius):
        String(
          format: "Overpass, %.0f m around %.5f,%.5f", radius, center.latitude, center.longitude)
      case .migrated(let path): "\(path) (moved from an earlier version)"
      }
    }
  }

  /// The area's shape.
  public enum Boundary: Hashable, Sendable {
    /// A latitude/longitude box; it crosses the antimeridian when `west` > `east`.
    case box(south: Double, west: Double, north: Double, east: Double)
    /// A circle: what a download around a point covers.
    case circle(center: Coordinate, radius: Double)
  }

  /// The area's row id in the store.
  public var id: Int64
  /// The name the user gave (or the file's); unique among stored areas.
  public var name: String
  /// Where and when the data comes from, such as "OpenStreetMap 2026-11-20".
  public var source: String
  /// The credit the data's licence asks for.
  public var attribution: String
  /// Where the data came from and how it was read, so that `areas update` can fetch it again.
  public var origin: Origin
  /// The area's shape, which decides the points it covers.
  public var boundary: Boundary
  /// When the area was stored (or last updated).
  public var storedAt: Date
  /// How many places the area brought.
  public var placeCount: Int

  /// Whether `coordinate` is in the area or within `margin` metres of it.
  public func contains(_ coordinate: Coordinate, margin: Double = 0) -> Bool {
    switch boundary {
    case .box:
      return coverage.contains(coordinate, margin: margin)
    case .circle(let center, let radius):
      return center.distance(to: coordinate) <= radius + margin
    }
  }

  /// The area as the rest of the app describes offline data: its name, source and box.
  public var coverage: DataCoverage {
    let box = boundingBox
    return DataCoverage(
      area: name, source: source, attribution: attribution, south: box.south, west: box.west,
      north: box.north, east: box.east, placeCount: placeCount)
  }

  /// The smallest box around the boundary.
  public var boundingBox: (south: Double, west: Double, north: Double, east: Double) {
    boundary.boundingBox
  }
}

extension StoredArea.Boundary {
  /// The smallest box around the boundary; west > east when it crosses the antimeridian.
  public var boundingBox: (south: Double, west: Double, north: Double, east: Double) {
    switch self {
    case .box(let south, let west, let north, let east):
      return (south, west, north, east)
    case .circle(let center, let radius):
      return GeoBox.around(center, radius: radius).enclosing
    }
  }
}

/// Latitude/longitude boxes around a circle, split at the antimeridian.
enum GeoBox {
  /// One or two boxes (two when the circle crosses the antimeridian) that hold every point
  /// within `radius` metres of `center`.
  static func around(_ center: Coordinate, radius: Double) -> Boxes {
    let dLat = radius / Coordinate.earthRadius * 180 / .pi
    let south = max(-90, center.latitude - dLat)
    let north = min(90, center.latitude + dLat)
    let widest = max(abs(south), abs(north))
    let cosine = cos(widest * .pi / 180)
    guard widest < 90, cosine > 1e-9 else {
      return Boxes(parts: [(south, -180, north, 180)], enclosing: (south, -180, north, 180))
    }
    let dLon = dLat / cosine
    guard dLon < 180 else {
      return Boxes(parts: [(south, -180, north, 180)], enclosing: (south, -180, north, 180))
    }
    let west = center.longitude - dLon
    let east = center.longitude + dLon
    if west < -180 {
      return Boxes(
        parts: [(south, west + 360, north, 180), (south, -180, north, east)],
        enclosing: (south, west + 360, north, east))
    }
    if east > 180 {
      return Boxes(
        parts: [(south, west, north, 180), (south, -180, north, east - 360)],
        enclosing: (south, west, north, east - 360))
    }
    return Boxes(parts: [(south, west, north, east)], enclosing: (south, west, north, east))
  }

  struct Boxes {
    /// Boxes with west ≤ east, for index queries.
    var parts: [(south: Double, west: Double, north: Double, east: Double)]
    /// One box, west > east when it crosses the antimeridian.
    var enclosing: (south: Double, west: Double, north: Double, east: Double)
  }
}
