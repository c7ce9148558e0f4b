import Foundation

/// Why importing place data failed, naming what is wrong and where.
///
/// Imports are all or nothing: when one of these is thrown, nothing was imported.
public enum PlaceImportError: Error, Hashable, Sendable, CustomStringConvertible,
  LocalizedError
{
  /// The file is not in the expected format; the text says what and where (byte offset,
  /// feature index, coding path).
  case malformed(String)
  /// The file uses a feature this importer does not support, such as LZMA-compressed blocks.
  case unsupported(String)
  /// The file is well formed but holds no place to import.
  case noPlaces(String)

  /// The kind of failure and its detail as one sentence, such as "Malformed data: …".
  public var description: String {
    switch self {
    case .malformed(let detail): "Malformed data: \(Self.sentence(detail))"
    case .unsupported(let detail): "Unsupported data: \(Self.sentence(detail))"
    case .noPlaces(let detail): "Nothing to import: \(Self.sentence(detail))"
    }
  }

  /// The same text as `description`.
  public var errorDescription: String? { description }

  /// `detail` ending in one full stop, whether or not it ended in one (or in `?`, `!`).
  private static func sentence(_ detail: String) -> String {
    guard let last = detail.last, !".?!".contains(last) else { return detail }
    return detail + "."
  }

  /// `T` decoded from the JSON in `data`, a failure being ``malformed(_:)`` with `name` (which
  /// file) first: the one reading of the package's own JSON data files (places, streets).
  static func decodeJSON<T: Decodable>(
    _ type: T.Type, from data: Data, name: String
  ) throws(PlaceImportError) -> T {
    do {
      return try JSONDecoder().decode(type, from: data)
    } catch let error as DecodingError {
      throw .malformed("\(name): \(describe(error))")
    } catch {
      throw .malformed("\(name): \(error)")
    }
  }

  /// A one-line reading of a JSON decoding error with its coding path.
  static func describe(_ error: DecodingError) -> String {
    func path(_ context: DecodingError.Context) -> String {
      let keys = context.codingPath.map { key in
        key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)"
      }
      return keys.isEmpty ? "at the top level" : "at \(keys.joined())"
    }
    switch error {
    case .dataCorrupted(let context):
      let underlying = context.underlyingError.flatMap {
        ($0 as NSError).userInfo[NSDebugDescriptionErrorKey]
      }
      return "\(path(context)): \(underlying.map { "\($0)" } ?? context.debugDescription)"
    case .keyNotFound(let key, let context):
      return "\(path(context)): missing \"\(key.stringValue)\""
    case .typeMismatch(let type, let context):
      return "\(path(context)): expected \(type); \(context.debugDescription)"
    case .valueNotFound(let type, let context):
      return "\(path(context)): expected \(type), found null"
    @unknown default:
      return "\(error)"
    }
  }
}
