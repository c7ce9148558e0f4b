import BearingLocation
import Foundation

/// What to search for: places near ``center``, within ``radius``, matching ``categories``
/// and/or ``text``, at most ``limit`` of them.
///
/// A query is always valid; the initializer throws ``PlacesError/invalidQuery(_:)`` that says
/// what to fix.
///
/// ```swift
/// let query = try PlaceQuery(
///   center: .init(latitude: 60.1699, longitude: 24.9384), radius: 1_000,
///   categories: [.coffeeShop, .cafe], limit: 10)
/// ```
public struct PlaceQuery: Hashable, Sendable, Codable {
  /// The largest radius accepted, in metres (the Foursquare API's own cap).
  public static let maximumRadius: Double = 100_000
  /// The most results one query may ask for (the Foursquare API's own cap).
  public static let maximumLimit = 50

  /// Where to search around.
  public let center: Coordinate
  /// Metres around ``center``; greater than 0 and at most ``maximumRadius``.
  public let radius: Double
  /// Any of these categories matches; empty means any category.
  public let categories: [PlaceCategory]
  /// Free text matched against names and categories; `nil` means no text filter.
  public let text: String?
  /// At most this many results, 1…``maximumLimit``.
  public let limit: Int

  /// Creates a query, or throws ``PlacesError/invalidQuery(_:)`` naming the bad value.
  ///
  /// Blank `text` counts as no text.
  public init(
    center: Coordinate,
    radius: Double,
    categories: [PlaceCategory] = [],
    text: String? = nil,
    limit: Int = 10
  ) throws(PlacesError) {
    guard radius.isFinite else {
      throw .invalidQuery("the radius \(radius) is not a finite number of metres")
    }
    guard radius > 0 else {
      throw .invalidQuery("the radius must be more than 0 m, not \(radius) m")
    }
    guard radius <= Self.maximumRadius else {
      throw .invalidQuery(
        "the radius \(Int(radius)) m is more than the maximum of \(Int(Self.maximumRadius)) m")
    }
    guard (1...Self.maximumLimit).contains(limit) else {
      throw .invalidQuery("the limit must be 1…\(Self.maximumLimit), not \(limit)")
    }
    let trimmed = text?.trimmingCharacters(in: .whitespacesAndNewlines)
    self.center = center
    self.radius = radius
    self.categories = categories
    self.text = (trimmed?.isEmpty ?? true) ? nil : trimmed
    self.limit = limit
  }

  private enum CodingKeys: String, CodingKey {
    case center, radius, categories, text, limit
  }

  /// Decodes and validates a query, so a stored query can never be invalid.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    do {
      try self.init(
        center: container.decode(Coordinate.self, forKey: .center),
        radius: container.decode(Double.self, forKey: .radius),
        categories: container.decodeIfPresent([PlaceCategory].self, forKey: .categories) ?? [],
        text: container.decodeIfPresent(String.self, forKey: .text),
        limit: container.decodeIfPresent(Int.self, forKey: .limit) ?? 10
      )
    } catch let error as PlacesError {
      throw DecodingError.dataCorrupted(
        .init(codingPath: decoder.codingPath, debugDescription: error.description))
    }
  }
}
