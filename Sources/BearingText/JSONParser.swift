/// The package's one reader of JSON text (RFC 8259, strictly): bytes read where they lie (a
/// mapped file, a socket's line), into a ``JSONValue`` tree or a member or element at a time.
///
/// `JSONDecoder` into `JSONValue` is fine for an Overpass answer, but a GeoJSON file of a
/// million features through it takes minutes and gigabytes: it tries each case of the enum in
/// turn and holds the whole tree. The GeoJSON reader walks the `features` array with
/// ``elements(depth:_:)`` and turns each feature into a place before parsing the next. gpsd's
/// reports, several a second, are read with ``members(depth:rawKeys:)`` and ``scalar(depth:)``,
/// which build nothing: a key is its bytes, a string its range, a nested value is checked and
/// skipped.
package struct JSONParser {
  /// Why the bytes are not JSON, at a byte offset.
  package typealias Failure = JSONSyntaxError

  /// Deeper documents are refused rather than risking the stack.
  package static let maximumDepth = 512

  package let bytes: UnsafeRawBufferPointer
  package private(set) var position = 0

  /// A parser at the start of `bytes`; `document` when they are a whole document, which may
  /// start with a UTF-8 byte-order mark (a slice of one may not).
  package init(_ bytes: UnsafeRawBufferPointer, document: Bool = true) {
    self.bytes = bytes
    if document, bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
      position = 3
    }
  }

  /// The next significant byte, without consuming it; `nil` at the end.
  package mutating func peek() -> UInt8? {
    skipWhitespace()
    return position < bytes.count ? bytes[position] : nil
  }

  /// Checks that nothing but white space follows the document.
  package mutating func finish() throws(Failure) {
    if peek() != nil { throw failure("unexpected text after the JSON document") }
  }

  /// Parses one whole value.
  package mutating func value(depth: Int = 0) throws(Failure) -> JSONValue {
    guard let byte = peek() else { throw failure("the text ends where a value should be") }
    switch byte {
    case UInt8(ascii: "{"):
      var object: [String: JSONValue] = [:]
      try members(depth: depth) { (parser, key) throws(Failure) in
        object[key] = try parser.value(depth: depth + 1)
      }
      return .object(object)
    case UInt8(ascii: "["):
      var array: [JSONValue] = []
      try elements(depth: depth) { (parser, _) throws(Failure) in
        array.append(try parser.value(depth: depth + 1))
      }
      return .array(array)
    case UInt8(ascii: "\""): return .string(try string())
    default:
      switch try scalar(depth: depth) {
      case .number(let number): return .number(number)
      case .bool(let bool): return .bool(bool)
      default: return .null
      }
    }
  }

  /// A value as a reader of flat objects takes it, built no further: a string as the range of
  /// its contents (``JSONString/text(_:_:escaped:)`` makes its text), an object or an array as
  /// its range, checked and skipped.
  package enum Scalar {
    case number(Double)
    case string(Range<Int>, escaped: Bool)
    case bool(Bool)
    case null
    case nested(Range<Int>)
  }

  /// Reads the value that comes next as a ``Scalar``, allocating nothing: an object or an array
  /// is checked as strictly as ``value(depth:)`` would read it, and skipped.
  package mutating func scalar(depth: Int = 0) throws(Failure) -> Scalar {
    guard let byte = peek() else { throw failure("the text ends where a value should be") }
    switch byte {
    case UInt8(ascii: "\""):
      let (contents, escaped) = try JSONString.scan(bytes, quote: position)
      position = contents.upperBound + 1
      return .string(contents, escaped: escaped)
    case UInt8(ascii: "{"), UInt8(ascii: "["):
      let start = position
      try skip(depth: depth)
      return .nested(start..<position)
    case UInt8(ascii: "t"):
      try word("true")
      return .bool(true)
    case UInt8(ascii: "f"):
      try word("false")
      return .bool(false)
    case UInt8(ascii: "n"):
      try word("null")
      return .null
    default:
      let (value, end) = try JSONNumber.scan(bytes, at: position)
      position = end
      return .number(value)
    }
  }

  /// Moves past the value that comes next, checking it, building nothing.
  private mutating func skip(depth: Int) throws(Failure) {
    switch peek() {
    case UInt8(ascii: "{"):
      try eachMember(depth: depth) { (parser, _, _) throws(Failure) in
        try parser.skip(depth: depth + 1)
      }
    case UInt8(ascii: "["):
      try elements(depth: depth) { (parser, _) throws(Failure) in
        try parser.skip(depth: depth + 1)
      }
    default:
      _ = try scalar(depth: depth)
    }
  }

  /// Calls `body` with each member's key of the object that comes next, with the parser at
  /// the member's value, which `body` must consume.
  package mutating func members(
    depth: Int = 0, _ body: (inout JSONParser, String) throws(Failure) -> Void
  ) throws(Failure) {
    try eachMember(depth: depth) { (parser, key, escaped) throws(Failure) in
      try body(&parser, try JSONString.text(parser.bytes, key, escaped: escaped))
    }
  }

  /// ``members(depth:_:)`` with each key as its bytes between the quotes, escapes unresolved:
  /// no allocation for a reader that compares keys with short ASCII names.
  package mutating func members(
    depth: Int = 0, rawKeys body: (inout JSONParser, UnsafeRawBufferPointer) throws(Failure) -> Void
  ) throws(Failure) {
    try eachMember(depth: depth) { (parser, key, _) throws(Failure) in
      try body(&parser, UnsafeRawBufferPointer(rebasing: parser.bytes[key]))
    }
  }

  private mutating func eachMember(
    depth: Int, _ body: (inout JSONParser, Range<Int>, Bool) throws(Failure) -> Void
  ) throws(Failure) {
    try open(UInt8(ascii: "{"), depth: depth)
    if peek() == UInt8(ascii: "}") {
      position += 1
      return
    }
    while true {
      guard peek() == UInt8(ascii: "\"") else { throw failure("expected a member's name") }
      let (key, escaped) = try JSONString.scan(bytes, quote: position)
      position = key.upperBound + 1
      guard peek() == UInt8(ascii: ":") else { throw failure("expected \":\" after a name") }
      position += 1
      try body(&self, key, escaped)
      switch peek() {
      case UInt8(ascii: ","): position += 1
      case UInt8(ascii: "}"):
        position += 1
        return
      default: throw failure("expected \",\" or \"}\" in an object")
      }
    }
  }

  /// Calls `body` with each element's index of the array that comes next, with the parser at
  /// the element, which `body` must consume.
  package mutating func elements(
    depth: Int = 0, _ body: (inout JSONParser, Int) throws(Failure) -> Void
  ) throws(Failure) {
    try open(UInt8(ascii: "["), depth: depth)
    try elements(from: ElementScan(start: position), body)
  }

  /// ``elements(depth:_:)`` from the middle of an array: from the element at `scan.start`,
  /// the array's `scan.found`th, to the array's end. A reader that meets a window it cannot
  /// parse on several cores (``nextElementRanges(_:maxBytes:)``) reads on from there in order,
  /// for the error a reader in order meets first.
  package mutating func elements(
    from scan: ElementScan, _ body: (inout JSONParser, Int) throws(Failure) -> Void
  ) throws(Failure) {
    position = scan.start
    var index = scan.found
    if index == 0, peek() == UInt8(ascii: "]") {
      position += 1
      return
    }
    while true {
      try body(&self, index)
      index += 1
      switch peek() {
      case UInt8(ascii: ","): position += 1
      case UInt8(ascii: "]"):
        position += 1
        return
      default: throw failure("expected \",\" or \"]\" in an array")
      }
    }
  }

  /// The byte ranges of the elements of the array that comes next, found by a scan that
  /// follows only strings and brackets, with the parser moved past the array; `nil`, the
  /// parser unmoved, when the scan finds no end to the array.
  ///
  /// The ranges are candidates, for parsing on several cores: each must still be parsed
  /// strictly, with `JSONParser(_:document: false)`, and one that fails means the text is not
  /// the array the scan took it for (parse it in order to learn why).
  package mutating func elementRanges() -> [Range<Int>]? {
    guard var scan = startElementScan() else { return nil }
    return nextElementRanges(&scan)
  }

  /// How far a scan of an array's elements, a window at a time, has got.
  package struct ElementScan {
    /// The first byte of the next element.
    package var start: Int
    /// How many ranges earlier windows found.
    package var found = 0
    /// Whether the array's closing bracket is found (the parser is then past it).
    package var ended = false
  }

  /// Starts a scan of the array that comes next (``nextElementRanges(_:maxBytes:)``), the
  /// parser unmoved; `nil` when no array comes next.
  package mutating func startElementScan() -> ElementScan? {
    guard peek() == UInt8(ascii: "[") else { return nil }
    return ElementScan(start: position + 1)
  }

  /// The byte ranges of the next elements of the array `scan` is in, as ``elementRanges()``
  /// finds them, but only a window of them: the scan stops after the first element that ends
  /// `maxBytes` or more past the window's start, so a reader can parse a file of any size a
  /// window at a time. At the array's end `scan.ended` is set and the parser moves past it;
  /// `nil`, the parser unmoved, when the scan finds no end to the array.
  package mutating func nextElementRanges(
    _ scan: inout ElementScan, maxBytes: Int = .max
  ) -> [Range<Int>]? {
    guard !scan.ended else { return [] }
    var ranges: [Range<Int>] = []
    let windowStart = scan.start
    var start = scan.start
    var depth = 1
    var index = scan.start
    var allBlank = true
    while index < bytes.count {
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "\""):
        allBlank = false
        index += 1
        while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
          index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
        }
      case UInt8(ascii: "["), UInt8(ascii: "{"):
        allBlank = false
        depth += 1
      case UInt8(ascii: "]"), UInt8(ascii: "}"):
        depth -= 1
        if depth == 0 {
          guard byte == UInt8(ascii: "]") else { return nil }
          // `[ ]` holds no element; `[1, ]` holds an empty one, which will not parse.
          if !(scan.found == 0 && ranges.isEmpty && allBlank) { ranges.append(start..<index) }
          position = index + 1
          scan.start = position
          scan.found += ranges.count
          scan.ended = true
          return ranges
        }
      case UInt8(ascii: ","):
        if depth == 1 {
          ranges.append(start..<index)
          start = index + 1
          if start - windowStart >= maxBytes {
            scan.start = start
            scan.found += ranges.count
            return ranges
          }
        }
      case 0x20, 0x0A, 0x0D, 0x09: break
      default: allBlank = false
      }
      index += 1
    }
    return nil
  }

  private mutating func open(_ bracket: UInt8, depth: Int) throws(Failure) {
    guard depth < Self.maximumDepth else {
      throw failure("nested deeper than \(Self.maximumDepth) levels")
    }
    guard peek() == bracket else {
      throw failure("expected \"\(Character(Unicode.Scalar(bracket)))\"")
    }
    position += 1
  }

  private mutating func skipWhitespace() {
    while position < bytes.count {
      switch bytes[position] {
      case 0x20, 0x0A, 0x0D, 0x09: position += 1
      default: return
      }
    }
  }

  private func failure(_ reason: String) -> Failure { Failure(offset: position, reason: reason) }

  private mutating func word(_ word: StaticString) throws(Failure) {
    let start = position
    for offset in 0..<word.utf8CodeUnitCount {
      guard position < bytes.count, bytes[position] == word.utf8Start[offset] else {
        throw Failure(offset: start, reason: "expected \(word)")
      }
      position += 1
    }
  }

  private mutating func string() throws(Failure) -> String {
    let (contents, escaped) = try JSONString.scan(bytes, quote: position)
    position = contents.upperBound + 1
    return try JSONString.text(bytes, contents, escaped: escaped)
  }
}
