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
  ///
  /// With `limit`, at most that many scalars of `text` are kept, and "…" marks the cut: for text
  /// from a server or a file that may be of any length.
  ///
  /// ```swift
  /// TerminalText.escape(serverMessage, limit: 300)
  /// ```
  public static func escape(_ text: String, limit: Int? = nil) -> String {
    var result = ""
    result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
    var kept = 0
    for scalar in text.unicodeScalars {
      if let limit, kept == limit { return result + "…" }
      kept += 1
      if isUnsafe(scalar) {
        result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// `text` as one escaped line: line breaks become spaces, the rest as ``escape(_:limit:)``.
  ///
  /// ```swift
  /// TerminalText.line("unauthorized\nretry later")  // "unauthorized retry later"
  /// ```
  public static func line(_ text: String, limit: Int? = nil) -> String {
    escape(text.split(whereSeparator: \.isNewline).joined(separator: " "), limit: limit)
  }

  /// Whether a scalar could move the cursor, change colours or reorder text: C0 and C1
  /// controls, DEL, bidirectional embeddings, overrides and isolates, and the Unicode line and
  /// paragraph separators.
  public static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F: true
    // Bidirectional embeddings, overrides and isolates; line and paragraph separators.
    case 0x202A...0x202E, 0x2066...0x2069, 0x2028, 0x2029: true
    default: false
    }
  }

  /// `text` escaped, then cut to `width` columns (ending in "…" when cut) and padded with
  /// spaces to exactly `width` columns.
  ///
  /// Wide characters (CJK, Hangul, fullwidth forms, emoji) take two columns, as terminals
  /// draw them; see ``columns(of:)``.
  public static func fit(_ text: String, width: Int) -> String {
    guard width > 0 else { return "" }
    let cut = truncate(text, width: width)
    return cut + String(repeating: " ", count: max(0, width - columns(of: cut)))
  }

  /// `text` escaped and cut to at most `width` columns, without padding.
  public static func truncate(_ text: String, width: Int) -> String {
    guard width > 0 else { return "" }
    let safe = escape(text)
    guard columns(of: safe) > width else { return safe }
    return String(prefix(safe, columns: width - 1)) + "…"
  }

  /// The columns a terminal uses to draw `text`: two for each wide character, one for any other.
  ///
  /// ```swift
  /// TerminalText.columns(of: "Café")    // 4
  /// TerminalText.columns(of: "珈琲館")  // 6
  /// ```
  public static func columns(of text: some StringProtocol) -> Int {
    text.reduce(0) { $0 + columns(of: $1) }
  }

  /// One character's columns: 2 when wide (East Asian Wide or Fullwidth, or an emoji drawn as
  /// one), otherwise 1. Combining marks belong to their character and add nothing.
  public static func columns(of character: Character) -> Int {
    guard let first = character.unicodeScalars.first else { return 0 }
    if first.isASCII { return 1 }
    if character.unicodeScalars.contains(where: { $0.properties.isEmojiPresentation }) {
      return 2
    }
    // Emoji made emoji by a variation selector (U+FE0F), such as "☕️".
    if character.unicodeScalars.contains("\u{FE0F}"), first.properties.isEmoji { return 2 }
    return isWide(first) ? 2 : 1
  }

  /// East Asian Wide and Fullwidth blocks (Unicode Standard Annex #11), the ranges that occur
  /// in names: Hangul Jamo, CJK radicals to Yi, Hangul syllables, compatibility ideographs,
  /// vertical and fullwidth forms, and the supplementary ideograph planes.
  static func isWide(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
      0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19,
      0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1B000...0x1B2FF, 0x20000...0x3FFFD:
      true
    default: false
    }
  }

  /// The longest start of `text` that fits in `columns` columns.
  public static func prefix(_ text: some StringProtocol, columns limit: Int) -> Substring {
    let text = Substring(text)
    var used = 0
    var end = text.startIndex
    for index in text.indices {
      let width = columns(of: text[index])
      if used + width > limit { break }
      used += width
      end = text.index(after: index)
    }
    return text[..<end]
  }
}
