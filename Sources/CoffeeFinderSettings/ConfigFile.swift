import BearingText
import Foundation

/// The JSON config file, `$XDG_CONFIG_HOME/coffee-finder/config.json` (else
/// `~/.config/coffee-finder/config.json`): one object whose keys are ``SettingKey`` raw values.
///
/// ```json
/// {
///   "search_radius": 800,
///   "result_limit": 20,
///   "units": "metric",
///   "provider": "auto",
///   "gpsd_address": "127.0.0.1:2947",
///   "foursquare_api_key": "…"
/// }
/// ```
///
/// The file may hold the API key, so it is always written with mode 0600 (in a 0700
/// directory), replacing the old file atomically.
public struct ConfigFile: Sendable {
  /// The file's path; the file need not exist.
  public let path: String

  /// The config file at `path`, such as `ConfigFile.defaultPath()`.
  public init(path: String) {
    self.path = path
  }

  /// The default location under the XDG config directory. A relative `XDG_CONFIG_HOME` is
  /// ignored, as the XDG Base Directory spec asks.
  public static func defaultPath(
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> String {
    let base: String
    if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") {
      base = config
    } else {
      let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
      base = (home as NSString).appendingPathComponent(".config")
    }
    return (base as NSString).appendingPathComponent("coffee-finder/config.json")
  }

  /// Whether the file exists.
  public var exists: Bool { FileManager.default.fileExists(atPath: path) }

  /// The file's permission bits, or `nil` when it does not exist.
  public var permissions: Int? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    return Int(info.st_mode) & 0o777
  }

  /// The file's key-value pairs; empty when there is no file.
  func read() throws(SettingsError) -> [String: JSONValue] {
    guard exists else { return [:] }
    let data: Data
    do {
      data = try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
      throw .unreadableFile(path: path, reason: Self.reason(error))
    }
    if data.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) { return [:] }
    do {
      return try JSONDecoder().decode([String: JSONValue].self, from: data)
    } catch {
      throw .malformedFile(path: path, reason: "expected one JSON object of settings")
    }
  }

  /// Replaces the file with `values`, mode 0600, atomically (a temporary file renamed over it),
  /// so a crash leaves either the old file or the new one.
  func write(_ values: [String: JSONValue]) throws(SettingsError) {
    // Arrays and objects are no setting's value: the file has always written them as null.
    let values = values.mapValues { value -> JSONValue in
      switch value {
      case .array, .object: .null
      default: value
      }
    }
    let directory = (path as NSString).deletingLastPathComponent
    let data: Data
    do {
      try FileManager.default.createDirectory(
        atPath: directory, withIntermediateDirectories: true,
        attributes: [.posixPermissions: 0o700])
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
      data = try encoder.encode(values) + Data("\n".utf8)
    } catch {
      throw .cannotWrite(path: path, reason: Self.reason(error))
    }
    let temporary = "\(path).\(getpid()).tmp"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_TRUNC, 0o600)
    guard descriptor >= 0 else {
      throw .cannotWrite(path: path, reason: String(cString: strerror(errno)))
    }
    let written = data.withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
    let synced = fsync(descriptor)
    Foundation.close(descriptor)
    guard written == data.count, synced == 0, rename(temporary, path) == 0 else {
      let reason = String(cString: strerror(errno))
      unlink(temporary)
      throw .cannotWrite(path: path, reason: reason)
    }
  }

  static func reason(_ error: any Error) -> String {
    (error as NSError).localizedFailureReason ?? (error as NSError).localizedDescription
  }
}

extension JSONValue {
  /// The value as setting text; `nil` for JSON that no setting accepts.
  var settingText: String? {
    switch self {
    case .string(let string): string
    case .number(let number): number.formatted(maximumFractionDigits: 17)
    case .bool, .null, .array, .object: nil
    }
  }
}
