import BearingText

/// A strict JSON (RFC 8259) parser into ``JSONValue`` that reads bytes where they lie (a mapped
/// file) and can hand out a large document one member or element at a time.
///
/// `JSONDecoder` into `JSONValue` is fine for an Overpass answer, but a GeoJSON file of a
/// million features through it takes minutes and gigabytes: it tries each case of the enum in
/// turn and holds the whole tree. ``GeoJSONReader`` walks the `features` array with
/// ``elements(_:)`` and turns each feature into a place before parsing the next.
struct JSONParser {
  /// Why the bytes are not JSON, at a byte offset.
  typealias Failure = JSONSyntaxError

  /// Deeper documents are refused rather than risking the stack.
  static let maximumDepth = 512

  let bytes: UnsafeRawBufferPointer
  private(set) var position = 0

  /// A parser at the start of `bytes`; `document` when they are a whole document, which may
  /// start with a UTF-8 byte-order mark (a slice of one may not).
  init(_ bytes: UnsafeRawBufferPointer, document: Bool = true) {
    self.bytes = bytes
    if document, bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
      position = 3
    }
  }

  /// The next significant byte, without consuming it; `nil` at the end.
  mutating func peek() -> UInt8? {
    skipWhitespace()
    return position < bytes.count ? bytes[position] : nil
  }

  /// Checks that nothing but white space follows the document.
  mutating func finish() throws(Failure) {
    if peek() != nil { throw failure("unexpected text after the JSON document") }
  }

  /// Parses one whole value.
  mutating func value(depth: Int = 0) throws(Failure) -> JSONValue {
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
    case UInt8(ascii: "t"): return try literal("true", .bool(true))
    case UInt8(ascii: "f"): return try literal("false", .bool(false))
    case UInt8(ascii: "n"): return try literal("null", .null)
    default: return .number(try number())
    }
  }

  /// Calls `body` with each member's key of the object that comes next, with the parser at
  /// the member's value, which `body` must consume.
  mutating func members(
    depth: Int = 0, _ body: (inout JSONParser, String) throws(Failure) -> Void
  ) throws(Failure) {
    try open(UInt8(ascii: "{"), depth: depth)
    if peek() == UInt8(ascii: "}") {
      position += 1
      return
    }
    while true {
      guard peek() == UInt8(ascii: "\"") else { throw failure("expected a member's name") }
      let key = try string()
      guard peek() == UInt8(ascii: ":") else { throw failure("expected \":\" after a name") }
      position += 1
      try body(&self, key)
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
  mutating func elements(
    depth: Int = 0, _ body: (inout JSONParser, Int) throws(Failure) -> Void
  ) throws(Failure) {
    try open(UInt8(ascii: "["), depth: depth)
    try elements(from: ElementScan(start: position), body)
  }

  /// ``elements(depth:_:)`` from the middle of an array: from the element at `scan.start`,
  /// the array's `scan.found`th, to the array's end. A reader that meets a window it cannot
  /// parse on several cores (``nextElementRanges(_:maxBytes:)``) reads on from there in order,
  /// for the error a reader in order meets first.
  mutating func elements(
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
  mutating func elementRanges() -> [Range<Int>]? {
    guard var scan = startElementScan() else { return nil }
    return nextElementRanges(&scan)
  }

  /// How far a scan of an array's elements, a window at a time, has got.
  struct ElementScan {
    /// The first byte of the next element.
    var start: Int
    /// How many ranges earlier windows found.
    var found = 0
    /// Whether the array's closing bracket is found (the parser is then past it).
    var ended = false
  }

  /// Starts a scan of the array that comes next (``nextElementRanges(_:maxBytes:)``), the
  /// parser unmoved; `nil` when no array comes next.
  mutating func startElementScan() -> ElementScan? {
    guard peek() == UInt8(ascii: "[") else { return nil }
    return ElementScan(start: position + 1)
  }

  /// The byte ranges of the next elements of the array `scan` is in, as ``elementRanges()``
  /// finds them, but only a window of them: the scan stops after the first element that ends
  /// `maxBytes` or more past the window's start, so a reader can parse a file of any size a
  /// window at a time. At the array's end `scan.ended` is set and the parser moves past it;
  /// `nil`, the parser unmoved, when the scan finds no end to the array.
  mutating func nextElementRanges(
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

  private mutating func literal(_ word: String, _ value: JSONValue) throws(Failure) -> JSONValue {
    let start = position
    for expected in word.utf8 {
      guard position < bytes.count, bytes[position] == expected else {
        throw Failure(offset: start, reason: "expected \(word)")
      }
      position += 1
    }
    return value
  }

  private mutating func number() throws(Failure) -> Double {
    let (value, end) = try JSONNumber.scan(bytes, at: position)
    position = end
    return value
  }

  private mutating func string() throws(Failure) -> String {
    let (contents, escaped) = try JSONString.scan(bytes, quote: position)
    position = contents.upperBound + 1
    return try JSONString.text(bytes, contents, escaped: escaped)
  }
}
