/// Makes untrusted text (place names, server messages, notes) safe to print on a terminal, and
/// fits it into columns.
///
/// Every control character (C0, DEL, C1) and every bidirectional override is replaced by a
/// visible escape such as `\u{1B}`, so a café called "\u{1B}[2J" cannot clear the screen or
/// reorder the line around it.
///
/// ```swift
/// print(TerminalText.escape("Caf\u{1B}[31mé"))  // Caf\u{1B}[31mé, printed literally
/// ```
public enum TerminalText {
  /// `text` with every control or bidi-override scalar replaced by a visible escape.
  public static func escape(_ text: String) -> String {
    var result = ""
    result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
    for scalar in text.unicodeScalars {
      if isUnsafe(scalar) {
        result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// Whether a scalar could move the cursor, change colours or reorder text.
  static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F: true
    // Bidirectional embeddings, overrides and isolates; line and paragraph separators.
    case 0x202A...0x202E, 0x2066...0x2069, 0x2028, 0x2029: true
    default: false
    }
  }

  /// `text` escaped, then cut to `width` characters (ending in "…" when cut) and padded with
  /// spaces to exactly `width`.
  ///
  /// Widths count characters: wide (East Asian) characters are counted as one column, a known
  /// approximation that only misaligns such names.
  public static func fit(_ text: String, width: Int) -> String {
    guard width > 0 else { return "" }
    let safe = escape(text)
    if safe.count <= width { return safe + String(repeating: " ", count: width - safe.count) }
    return String(safe.prefix(width - 1)) + "…"
  }

  /// `text` escaped and cut to at most `width` characters, without padding.
  public static func truncate(_ text: String, width: Int) -> String {
    guard width > 0 else { return "" }
    let safe = escape(text)
    return safe.count <= width ? safe : String(safe.prefix(width - 1)) + "…"
  }
}
