import Foundation

/// Names and search text folded as a person searching reads them: without case, accents or
/// width, as `localizedStandardContains` compares, so "Cafe" finds "Café", "CAFÉ" finds
/// "café", "strasse" finds "Straße" and "coffee" finds "ＣＯＦＦＥＥ".
///
/// The one folding of the project: searches, name look-ups and the keys of the place store's
/// geocode cache all use it. The cache keeps folded keys on disk, so a change here needs a
/// migration that folds them again (the place store's `places-v5` is one).
///
/// ```swift
/// NameFolding.fold("Café Straße")                 // "cafe strasse"
/// NameFolding.same("CAFÉ EKBERG", "cafe ekberg")  // true
/// ```
public enum NameFolding {
  /// `text` without case, diacritics or width; canonically equivalent texts fold alike.
  public static func fold(_ text: String) -> String {
    if let ascii = foldASCII(text) { return ascii }
    return text.folding(
      options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
  }

  /// Whether `name` and `other` are the same name once folded.
  public static func same(_ name: String, _ other: String) -> Bool {
    fold(name) == fold(other)
  }

  /// `text` in lower case when it is all ASCII (most names): what `folding` gives for it, in
  /// a twentieth of the time, which a search that folds every place it reads notices.
  private static func foldASCII(_ text: String) -> String? {
    var text = text
    return text.withUTF8 { utf8 -> String? in
      guard !utf8.contains(where: { $0 >= 0x80 }) else { return nil }
      return String(unsafeUninitializedCapacity: utf8.count) { buffer in
        for (i, byte) in utf8.enumerated() {
          buffer[i] = (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
        }
        return utf8.count
      }
    }
  }
}
