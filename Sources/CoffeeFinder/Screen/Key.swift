/// A key press decoded from a terminal's input bytes.
///
/// ```swift
/// var decoder = Key.Decoder()
/// decoder.feed(Array("j\u{1B}[A".utf8))  // [.character("j"), .up]
/// ```
package enum Key: Equatable, Sendable {
  case up, down, enter, escape, backspace, interrupt
  /// A printable character.
  case character(Character)

  /// Splits input bytes into keys, keeping an incomplete UTF-8 or escape sequence for the next
  /// chunk.
  package struct Decoder: Sendable {
    var pending: [UInt8] = []

    /// Creates a decoder with nothing pending.
    package init() {}

    /// The keys completed by `bytes`. A lone ESC is a key only when `flush` is set (the caller
    /// saw no more input shortly after it), since ESC also starts arrow-key sequences.
    package mutating func feed(_ bytes: [UInt8], flush: Bool = true) -> [Key] {
      pending += bytes
      var keys: [Key] = []
      var index = 0
      while index < pending.count {
        let byte = pending[index]
        switch byte {
        case 0x1B:
          if index + 2 < pending.count,
            pending[index + 1] == UInt8(ascii: "[")
              || pending[index + 1] == UInt8(ascii: "O")
          {
            switch pending[index + 2] {
            case UInt8(ascii: "A"): keys.append(.up)
            case UInt8(ascii: "B"): keys.append(.down)
            default: break  // Other sequences (right, left, function keys) are ignored.
            }
            index += 3
          } else if index + 1 < pending.count || flush {
            keys.append(.escape)
            index += 1
          } else {
            pending.removeFirst(index)
            return keys
          }
        case 0x0D, 0x0A: keys.append(.enter); index += 1
        case 0x7F, 0x08: keys.append(.backspace); index += 1
        case 0x03: keys.append(.interrupt); index += 1
        case 0x00...0x1F: index += 1  // Other control keys do nothing.
        default:
          let length = byte < 0x80 ? 1 : byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4
          guard index + length <= pending.count else {
            pending.removeFirst(index)
            return keys
          }
          let text = String(decoding: pending[index..<index + length], as: UTF8.self)
          if let character = text.first { keys.append(.character(character)) }
          index += length
        }
      }
      pending.removeAll()
      return keys
    }
  }
}
