/// Makes untrusted text safe inside XML (and so SVG) character data and attribute values.
///
/// Controls and bidirectional overrides are first made visible as ``TerminalText/escape(_:limit:)``
/// does (XML 1.0 cannot carry most C0 controls at all, even as references), then `&`, `<`, `>`,
/// `"` and `'` become entities.
///
/// ```swift
/// XMLText.escape("Café <b>&</b>")  // "Café &lt;b&gt;&amp;&lt;/b&gt;"
/// ```
public enum XMLText {
  /// `text` escaped for XML text or a quoted attribute value.
  public static func escape(_ text: String, limit: Int? = nil) -> String {
    var result = ""
    for scalar in TerminalText.escape(text, limit: limit).unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&apos;"
      case "\u{FFFE}", "\u{FFFF}": result += "\u{FFFD}"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}
