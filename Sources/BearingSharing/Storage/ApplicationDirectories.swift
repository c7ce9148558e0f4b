import Dependencies
import Foundation
import Synchronization

/// Where an app's persisted shared state goes on Linux: its name, and the XDG base directories
/// under which ``AppStorageStore/standard`` and `URL.documentsDirectory` put their files.
///
/// The name is the executable's unless the app sets another before its first shared value is
/// read:
///
/// ```swift
/// ApplicationDirectories.name = "coffee-finder"
/// ```
///
/// Relative `XDG_*` variables are ignored, as the XDG Base Directory specification asks.
public enum ApplicationDirectories {
  private static let storedName = Mutex<String?>(nil)

  /// The app's name: the directory under the XDG directories that holds its files. The
  /// executable's name unless set.
  public static var name: String {
    get { storedName.withLock { $0 } ?? ProcessInfo.processInfo.processName }
    set { storedName.withLock { $0 = newValue } }
  }

  /// `$XDG_CONFIG_HOME/<name>`, else `~/.config/<name>`: where app storage keeps its store.
  public static var configuration: URL {
    base("XDG_CONFIG_HOME", else: ".config").appendingPathComponent(name, isDirectory: true)
  }

  /// `$XDG_DATA_HOME/<name>`, else `~/.local/share/<name>`: the app's documents directory.
  public static var data: URL {
    base("XDG_DATA_HOME", else: ".local/share").appendingPathComponent(name, isDirectory: true)
  }

  private static func base(_ variable: String, else fallback: String) -> URL {
    let environment = ProcessInfo.processInfo.environment
    if let path = environment[variable], path.hasPrefix("/") {
      return URL(fileURLWithPath: path, isDirectory: true)
    }
    let home = environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? NSHomeDirectory()
    return URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(
      fallback, isDirectory: true)
  }
}

#if !canImport(Darwin)
  extension URL {
    /// The app's documents directory. Foundation has none on Linux; Bearing gives it under the
    /// app's XDG data directory, `$XDG_DATA_HOME/<app>/` (else `~/.local/share/<app>/`), and
    /// creates it on first use (mode 0700, as the XDG specification asks), except in tests, whose file storage is in memory. The app's name
    /// is ``ApplicationDirectories/name``.
    ///
    /// ```swift
    /// .fileStorage(.documentsDirectory.appending(path: "items.json"))
    /// ```
    public static var documentsDirectory: URL {
      let directory = ApplicationDirectories.data
      @Dependency(\.context) var context
      if context != .test {
        try? FileManager.default.createDirectory(
          at: directory, withIntermediateDirectories: true,
          attributes: [.posixPermissions: 0o700])
      }
      return directory
    }
  }
#endif
