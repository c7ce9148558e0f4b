import BearingLocation
import BearingStreets
import Foundation

/// Street geometry for maps, as `scripts/derive_osm_streets.py` writes it: lines of
/// microdegrees, the first point absolute and the rest as differences.
///
/// The built-in one, ``helsinki``, covers the same central Helsinki extract as the offline
/// cafés (© OpenStreetMap contributors, ODbL).
///
/// ```swift
/// let streets = try StreetDataset.helsinki.get().lines
/// ```
public struct StreetDataset: Sendable {
  /// The `format` a street file must name to be read.
  public static let formatName = "bearing-streets"
  /// The `version` a street file must name to be read.
  public static let formatVersion = 1

  /// Where the data comes from, such as "OpenStreetMap 2019".
  public var source: String
  /// The credit the data's licence asks for.
  public var attribution: String
  /// The streets, each a kind and its points.
  public var lines: [StreetLine]

  /// Creates a dataset from lines already decoded.
  public init(source: String, attribution: String, lines: [StreetLine]) {
    self.source = source
    self.attribution = attribution
    self.lines = lines
  }

  /// The built-in central Helsinki streets, read once.
  public static let helsinki: Result<StreetDataset, PlaceImportError> = {
    guard let url = Bundle.module.url(forResource: "helsinki-streets", withExtension: "json")
    else { return .failure(.malformed("helsinki-streets.json is missing from the Places bundle")) }
    do {
      return .success(try decode(Data(contentsOf: url), name: url.lastPathComponent))
    } catch let error as PlaceImportError {
      return .failure(error)
    } catch {
      return .failure(.malformed("helsinki-streets.json: \(error)"))
    }
  }()

  private struct File: Decodable {
    var format: String
    var version: Int
    var source: String
    var attribution: String
    var lines: [[Int]]
  }

  /// Decodes the JSON form; `name` says which file in error messages.
  ///
  /// - throws: ``PlaceImportError/malformed(_:)`` for another format or version, an unknown
  ///   kind, a line without two whole points, or a point off the globe.
  static func decode(_ data: Data, name: String) throws(PlaceImportError) -> StreetDataset {
    let file = try PlaceImportError.decodeJSON(File.self, from: data, name: name)
    guard file.format == formatName, file.version == formatVersion else {
      throw .malformed(
        "\(name): format \"\(file.format)\" version \(file.version), expected \"\(formatName)\" "
          + "version \(formatVersion)")
    }
    var lines: [StreetLine] = []
    lines.reserveCapacity(file.lines.count)
    for (index, numbers) in file.lines.enumerated() {
      guard numbers.count >= 5, numbers.count % 2 == 1,
        let kind = UInt8(exactly: numbers[0]).flatMap(StreetKind.init(rawValue:))
      else { throw .malformed("\(name): line \(index) is not a kind and two or more points") }
      var points: [Coordinate] = []
      points.reserveCapacity(numbers.count / 2)
      var latitude = 0
      var longitude = 0
      for pair in stride(from: 1, to: numbers.count, by: 2) {
        let (nextLatitude, latitudeOverflow) = latitude.addingReportingOverflow(numbers[pair])
        let (nextLongitude, longitudeOverflow) = longitude.addingReportingOverflow(
          numbers[pair + 1])
        guard !latitudeOverflow, !longitudeOverflow,
          let point = try? Coordinate(
            validatingLatitude: Double(nextLatitude) / 1e6,
            longitude: Double(nextLongitude) / 1e6)
        else { throw .malformed("\(name): line \(index) leaves the globe") }
        (latitude, longitude) = (nextLatitude, nextLongitude)
        points.append(point)
      }
      lines.append(StreetLine(kind: kind, points: points))
    }
    return StreetDataset(source: file.source, attribution: file.attribution, lines: lines)
  }
}
