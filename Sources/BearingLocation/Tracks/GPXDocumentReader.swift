/// Walks the elements of an XML document, as much XML as GPX files use: a declaration, comments,
/// a DOCTYPE without internal subset, elements with attributes, text with the predefined and
/// numeric character references, and CDATA sections. Anything else, and anything not
/// well-formed, is an error naming the line.
///
/// Written for ``GPXParser`` in place of Foundation's `XMLParser`, which on Linux crashes on
/// some malformed input and leaks the document it was building whenever a parse fails (a few
/// kilobytes per bad file, found by the `gpx` fuzz target).
struct GPXDocumentReader {
  /// What is wrong with the document, and on which line.
  struct Failure: Error, CustomStringConvertible {
    var line: Int
    var reason: String

    var description: String { "line \(line): \(reason)" }
  }

  /// What the reader reports, in document order.
  enum Event {
    case start(name: String, attributes: [String: String], line: Int)
    case text(String)
    case end(name: String)
  }

  private let bytes: [UInt8]
  private var index: Int
  private var line = 1

  /// `bytes` must be valid UTF-8 (``GPXParser/screen(_:)`` checks it first).
  init(_ bytes: [UInt8]) {
    self.bytes = bytes
    index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
  }

  /// Reads the whole document, calling `body` for each event; throws at the first error.
  mutating func read(_ body: (Event) -> Void) throws(Failure) {
    if starts(with: "<?xml") {
      try skip(past: "?>", what: "the XML declaration")
    }
    var open: [String] = []
    var sawRoot = false
    var text: [UInt8] = []
    func flush() {
      guard !text.isEmpty else { return }
      body(.text(String(decoding: text, as: UTF8.self)))
      text.removeAll(keepingCapacity: true)
    }
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "<") {
        if starts(with: "<!--") {
          try skip(past: "-->", what: "a comment")
        } else if starts(with: "<![CDATA[") {
          guard !open.isEmpty else { throw failure("CDATA outside the root element") }
          index += 9
          let start = index
          try skip(past: "]]>", what: "a CDATA section")
          text += bytes[start..<index - 3]
        } else if starts(with: "<!DOCTYPE") {
          guard !sawRoot else { throw failure("a DOCTYPE after the root element") }
          try skipDoctype()
        } else if starts(with: "<?") {
          throw failure("a processing instruction, which GPX has no use for")
        } else if starts(with: "</") {
          flush()
          index += 2
          let name = try readName()
          skipWhitespace()
          try expect(">")
          guard let innermost = open.last else { throw failure("</\(name)> closes nothing") }
          guard innermost == name else { throw failure("</\(name)> closes <\(innermost)>") }
          open.removeLast()
          body(.end(name: name))
        } else {
          flush()
          guard open.isEmpty ? !sawRoot : true else {
            throw failure("a second root element")
          }
          let startLine = line
          index += 1
          let name = try readName()
          let (attributes, empty) = try readAttributes()
          sawRoot = true
          body(.start(name: name, attributes: attributes, line: startLine))
          if empty {
            body(.end(name: name))
          } else {
            open.append(name)
          }
        }
      } else if open.isEmpty {
        guard isWhitespace(byte) else {
          throw failure(sawRoot ? "text after the root element" : "text before the root element")
        }
        advance()
      } else if byte == UInt8(ascii: "&") {
        text += try readReference()
      } else {
        try checkCharacter(byte)
        text.append(byte)
        advance()
      }
    }
    if let innermost = open.last {
      throw Failure(line: line, reason: "it ends inside <\(innermost)>")
    }
    guard sawRoot else { throw Failure(line: line, reason: "there is no root element") }
  }

  // MARK: - Pieces

  private func failure(_ reason: String) -> Failure { Failure(line: line, reason: reason) }

  private func starts(with prefix: StaticString) -> Bool {
    let count = prefix.utf8CodeUnitCount
    guard bytes.count - index >= count else { return false }
    return prefix.withUTF8Buffer { bytes[index..<index + count].elementsEqual($0) }
  }

  private mutating func advance() {
    if bytes[index] == 0x0A { line += 1 }
    index += 1
  }

  private func isWhitespace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
  }

  private mutating func skipWhitespace() {
    while index < bytes.count, isWhitespace(bytes[index]) { advance() }
  }

  /// XML 1.0 allows no C0 control character but tab, line feed and carriage return.
  private func checkCharacter(_ byte: UInt8) throws(Failure) {
    guard byte >= 0x20 || isWhitespace(byte) else {
      throw failure("control character 0x\(String(byte, radix: 16)), which XML does not allow")
    }
  }

  private mutating func expect(_ character: Character) throws(Failure) {
    guard index < bytes.count, bytes[index] == character.asciiValue else {
      throw failure(index < bytes.count ? "expected \"\(character)\"" : "cut short")
    }
    advance()
  }

  /// Moves past the next `terminator`.
  private mutating func skip(past terminator: StaticString, what: String) throws(Failure) {
    let startLine = line
    while index < bytes.count {
      if starts(with: terminator) {
        index += terminator.utf8CodeUnitCount
        return
      }
      try checkCharacter(bytes[index])
      advance()
    }
    throw Failure(line: startLine, reason: "\(what) is never closed")
  }

  /// A DOCTYPE naming an external DTD is skipped; an internal subset (which may declare
  /// entities) is refused.
  private mutating func skipDoctype() throws(Failure) {
    var quote: UInt8?
    while index < bytes.count {
      let byte = bytes[index]
      if let open = quote {
        if byte == open { quote = nil }
      } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
        quote = byte
      } else if byte == UInt8(ascii: "[") {
        throw failure("a DOCTYPE with declarations of its own, which GPX has no use for")
      } else if byte == UInt8(ascii: ">") {
        index += 1
        return
      }
      try checkCharacter(byte)
      advance()
    }
    throw failure("the DOCTYPE is never closed")
  }

  /// An element or attribute name (with its prefix, if any, as `XMLParser` reports it).
  private mutating func readName() throws(Failure) -> String {
    let start = index
    while index < bytes.count {
      let byte = bytes[index]
      let delimiter =
        isWhitespace(byte) || byte == UInt8(ascii: "/") || byte == UInt8(ascii: ">")
        || byte == UInt8(ascii: "=") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: "&")
        || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")
      if delimiter { break }
      try checkCharacter(byte)
      index += 1
    }
    guard index > start else {
      throw failure(index < bytes.count ? "expected a name" : "cut short")
    }
    let first = bytes[start]
    guard !(first >= 0x30 && first <= 0x39), first != UInt8(ascii: "-"), first != UInt8(ascii: ".")
    else { throw failure("a name cannot start with \"\(Character(Unicode.Scalar(first)))\"") }
    return String(decoding: bytes[start..<index], as: UTF8.self)
  }

  /// The attributes of a start tag, up to and including its `>` or `/>`; `true` for `/>`.
  private mutating func readAttributes() throws(Failure) -> ([String: String], Bool) {
    var attributes: [String: String] = [:]
    while true {
      let hadSpace = index < bytes.count && isWhitespace(bytes[index])
      skipWhitespace()
      guard index < bytes.count else { throw failure("cut short inside a tag") }
      if bytes[index] == UInt8(ascii: ">") {
        index += 1
        return (attributes, false)
      }
      if starts(with: "/>") {
        index += 2
        return (attributes, true)
      }
      guard hadSpace else { throw failure("expected a space between attributes") }
      let name = try readName()
      skipWhitespace()
      try expect("=")
      skipWhitespace()
      guard index < bytes.count, bytes[index] == 0x22 || bytes[index] == 0x27 else {
        throw failure("the value of \(name) is not quoted")
      }
      let quote = bytes[index]
      index += 1
      var value: [UInt8] = []
      while true {
        guard index < bytes.count else { throw failure("the value of \(name) is never closed") }
        let byte = bytes[index]
        if byte == quote { break }
        if byte == UInt8(ascii: "<") { throw failure("\"<\" in the value of \(name)") }
        if byte == UInt8(ascii: "&") {
          value += try readReference()
        } else {
          try checkCharacter(byte)
          // Attribute values are normalized: white space characters become spaces.
          value.append(isWhitespace(byte) ? 0x20 : byte)
          advance()
        }
      }
      index += 1
      guard attributes.updateValue(String(decoding: value, as: UTF8.self), forKey: name) == nil
      else { throw failure("the attribute \(name) is given twice") }
    }
  }

  /// `&lt;`, `&gt;`, `&amp;`, `&quot;`, `&apos;`, `&#NN;` or `&#xHH;`, as UTF-8.
  private mutating func readReference() throws(Failure) -> [UInt8] {
    let start = index + 1
    var end = start
    while end < bytes.count, end - start <= 10, bytes[end] != UInt8(ascii: ";") { end += 1 }
    guard end < bytes.count, bytes[end] == UInt8(ascii: ";") else {
      throw failure("\"&\" that starts no reference (write &amp;)")
    }
    let name = String(decoding: bytes[start..<end], as: UTF8.self)
    index = end + 1
    switch name {
    case "lt": return [UInt8(ascii: "<")]
    case "gt": return [UInt8(ascii: ">")]
    case "amp": return [UInt8(ascii: "&")]
    case "quot": return [UInt8(ascii: "\"")]
    case "apos": return [UInt8(ascii: "'")]
    default: break
    }
    let number: UInt32? =
      if name.hasPrefix("#x") {
        UInt32(name.dropFirst(2), radix: 16)
      } else if name.hasPrefix("#") {
        UInt32(name.dropFirst(), radix: 10)
      } else {
        nil
      }
    guard let number else { throw failure("unknown entity &\(name);") }
    guard let scalar = Unicode.Scalar(number), number >= 0x20 || [9, 10, 13].contains(number)
    else { throw failure("&\(name); is not a character XML allows") }
    return Array(String(Character(scalar)).utf8)
  }
}
