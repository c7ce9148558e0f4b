import BearingPlaces
import BearingSQLite
import BearingText
import Foundation
import GRDB

/// Place names resolved online (`--near`), kept so that each is asked for once: Nominatim's
/// policy wants its answers cached.
extension PlaceStore {
  /// The answers stored for `text` (compared as ``NameFolding`` folds it), or `nil` when it
  /// was never asked for.
  public func cachedGeocode(_ text: String) async throws(StorageError) -> [GeocodedPlace]? {
    let key = Self.geocodeKey(text)
    return try await database.mapErrors {
      try await database.writer.read { db in
        guard
          let data = try Data.fetchOne(
            db, sql: "SELECT answers FROM geocode WHERE query = ?", arguments: [key])
        else { return nil }
        return try JSONDecoder().decode([GeocodedPlace].self, from: data)
      }
    }
  }

  /// Keeps `answers` for `text`.
  public func saveGeocode(
    _ text: String, answers: [GeocodedPlace], at date: Date = Date()
  ) async throws(StorageError) {
    let key = Self.geocodeKey(text)
    let data = try await database.mapErrors { try JSONEncoder().encode(answers) }
    try await database.mapErrors {
      try await database.writer.write { db in
        try db.execute(
          sql: "INSERT OR REPLACE INTO geocode (query, answers, fetchedAt) VALUES (?, ?, ?)",
          arguments: [key, data, date])
      }
    }
  }

  /// The stored key of `text`; migration `places-v5` folds old keys the same way.
  private static func geocodeKey(_ text: String) -> String {
    NameFolding.fold(text.trimmingCharacters(in: .whitespaces))
  }
}
