import BearingText
import Foundation
import Logging

/// A swift-log handler for a terminal: one line per message on standard error (or any sink),
/// secrets redacted and control characters escaped, since messages may quote untrusted text
/// such as place names.
///
/// ```text
/// warning coffee-finder.gpsd: no fix yet [device=/dev/ttyUSB0]
/// ```
public struct TerminalLogHandler: LogHandler {
  /// The least severe level the handler writes; swift-log drops messages below it.
  public var logLevel: Logger.Level
  /// Metadata added to every line; the provider's and the message's own win on the same key.
  public var metadata: Logger.Metadata = [:]
  /// Supplies further metadata for each line; `nil` for none.
  public var metadataProvider: Logger.MetadataProvider?
  let label: String
  let write: @Sendable (String) -> Void

  /// A handler writing to standard error.
  public init(label: String, level: Logger.Level) {
    self.init(label: label, level: level) { line in
      FileHandle.standardError.write(Data(line.utf8))
    }
  }

  /// A handler writing each finished line (with its newline) to `write`.
  public init(label: String, level: Logger.Level, write: @escaping @Sendable (String) -> Void) {
    self.label = label
    self.logLevel = level
    self.write = write
  }

  /// The handler's metadata value for `key`.
  public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
    get { metadata[key] }
    set { metadata[key] = newValue }
  }

  /// Writes one line: level, label, cleaned message and the merged metadata sorted by key, with
  /// secret keys' values redacted.
  public func log(event: LogEvent) {
    var merged = metadata
    if let provided = metadataProvider?.get() { merged.merge(provided) { $1 } }
    if let extra = event.metadata { merged.merge(extra) { $1 } }
    var line = "\(event.level) \(label): \(Self.clean(event.message.description))"
    if !merged.isEmpty {
      let pairs = merged.sorted { $0.key < $1.key }.map { key, value in
        let shown = SecretRedactor.isSecretKey(key) ? SecretRedactor.placeholder : "\(value)"
        return "\(Self.clean(key))=\(Self.clean(shown))"
      }
      line += " [\(pairs.joined(separator: " "))]"
    }
    write(line + "\n")
  }

  /// Redacts secrets, then escapes control characters so text cannot move the cursor, clear
  /// the screen or fake another log line.
  static func clean(_ text: String) -> String {
    TerminalText.escape(SecretRedactor.redact(text))
  }

}
