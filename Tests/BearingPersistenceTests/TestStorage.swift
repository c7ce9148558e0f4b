import BearingPersonalData
import BearingSQLite
import Foundation

/// Where a test's database lives. Tests that take a `TestStorage` argument run their body once
/// against each, as GRDB's own tests do.
enum TestStorage: String, CaseIterable, CustomStringConvertible, Sendable {
  case inMemory
  case onDisk

  var description: String { rawValue }

  /// Opens a fresh database; on disk it is at a unique path under a new temporary directory.
  func open(options: LocalDatabase.Options = LocalDatabase.Options()) throws -> LocalDatabase {
    switch self {
    case .inMemory:
      return try LocalDatabase.inMemory(options: options)
    case .onDisk:
      return try LocalDatabase(
        path: TemporaryDirectory.make().appendingPathComponent("test.sqlite").path,
        options: options)
    }
  }
}

/// Unique temporary directories for on-disk databases and config files.
enum TemporaryDirectory {
  static func make() throws -> URL {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("bearing-persistence-tests")
      .appendingPathComponent(UUID().uuidString)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    // Tests run the helper as "nobody", which must be able to reach the directory.
    try FileManager.default.setAttributes(
      [.posixPermissions: 0o755], ofItemAtPath: url.deletingLastPathComponent().path)
    return url
  }
}
