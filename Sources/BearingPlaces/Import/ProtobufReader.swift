/// A problem at a byte offset within a ``ProtobufReader``'s buffer.
struct ProtobufFailure: Error {
  var offset: Int
  var reason: String
}

/// One protocol buffers field's number and value.
struct ProtobufField {
  enum Value {
    case varint(UInt64)
    case bytes(Range<Int>)
    case fixed64(UInt64)
    case fixed32(UInt32)
  }
  var number: Int
  var value: Value
  /// Where the field's key starts.
  var offset: Int
}

/// A minimal reader of the protocol buffers wire format, enough for OpenStreetMap's PBF.
///
/// It reads fields in order from a byte range and reports problems with the absolute offset
/// of the offending byte, so an import error can say where a file is broken. It reads any
/// buffer of bytes: a decompressed block (`[UInt8]`) or the mapped file itself
/// (`UnsafeRawBufferPointer`), so the file is never copied.
struct ProtobufReader<Bytes: RandomAccessCollection<UInt8>> where Bytes.Index == Int {
  typealias Failure = ProtobufFailure
  typealias Field = ProtobufField

  let bytes: Bytes
  private(set) var position: Int
  let end: Int

  init(_ bytes: Bytes, range: Range<Int>? = nil) {
    self.bytes = bytes
    self.position = range?.lowerBound ?? bytes.startIndex
    self.end = range?.upperBound ?? bytes.endIndex
  }

  /// A reader of a length-delimited field's contents.
  func reader(for range: Range<Int>) -> ProtobufReader { ProtobufReader(bytes, range: range) }

  /// The next field, or `nil` at the end of the range.
  mutating func next() throws(Failure) -> Field? {
    guard position < end else { return nil }
    let start = position
    let key = try varint()
    let number = Int(key >> 3)
    guard number > 0 else { throw Failure(offset: start, reason: "field number 0 is invalid") }
    switch key & 7 {
    case 0:
      return Field(number: number, value: .varint(try varint()), offset: start)
    case 1:
      return Field(number: number, value: .fixed64(try fixed(8)), offset: start)
    case 2:
      let length = try varint()
      guard length <= UInt64(end - position) else {
        throw Failure(
          offset: start,
          reason: "field \(number) claims \(length) bytes but only \(end - position) remain")
      }
      let range = position..<(position + Int(length))
      position = range.upperBound
      return Field(number: number, value: .bytes(range), offset: start)
    case 5:
      return Field(number: number, value: .fixed32(UInt32(try fixed(4))), offset: start)
    case let wireType:
      throw Failure(offset: start, reason: "field \(number) has unknown wire type \(wireType)")
    }
  }

  /// A base-128 varint of at most 10 bytes.
  mutating func varint() throws(Failure) -> UInt64 {
    let start = position
    var result: UInt64 = 0
    var shift: UInt64 = 0
    while position < end {
      let byte = bytes[position]
      position += 1
      result |= UInt64(byte & 0x7F) << shift
      if byte < 0x80 { return result }
      shift += 7
      guard shift < 64 else { throw Failure(offset: start, reason: "varint longer than 10 bytes") }
    }
    throw Failure(offset: start, reason: "varint cut short by the end of its message")
  }

  private mutating func fixed(_ size: Int) throws(Failure) -> UInt64 {
    guard end - position >= size else {
      throw Failure(offset: position, reason: "\(size)-byte value cut short")
    }
    var result: UInt64 = 0
    for i in 0..<size { result |= UInt64(bytes[position + i]) << (8 * UInt64(i)) }
    position += size
    return result
  }

  /// The contents of a length-delimited field as UTF-8 text.
  func string(_ range: Range<Int>) -> String {
    String(decoding: bytes[range], as: UTF8.self)
  }

  /// Calls `body` with each varint of a packed repeated field.
  func forEachPacked(
    _ range: Range<Int>, _ body: (UInt64) throws(Failure) -> Void
  ) throws(Failure) {
    var reader = self.reader(for: range)
    while reader.position < reader.end { try body(try reader.varint()) }
  }

  /// The varints of a packed repeated field.
  func packed(_ range: Range<Int>) throws(Failure) -> [UInt64] {
    var values: [UInt64] = []
    values.reserveCapacity(range.count)
    try forEachPacked(range) { values.append($0) }
    return values
  }

}

extension ProtobufField {
  /// Zigzag decoding of `sint32`/`sint64`.
  static func signed(_ value: UInt64) -> Int64 {
    Int64(bitPattern: value >> 1) ^ -Int64(bitPattern: value & 1)
  }

  /// The value as an unsigned varint, or a failure naming the field.
  func varint() throws(ProtobufFailure) -> UInt64 {
    guard case .varint(let value) = value else {
      throw .init(offset: offset, reason: "field \(number) should be a varint")
    }
    return value
  }

  /// The byte range of a length-delimited value, or a failure naming the field.
  func bytes() throws(ProtobufFailure) -> Range<Int> {
    guard case .bytes(let range) = value else {
      throw .init(offset: offset, reason: "field \(number) should be length-delimited")
    }
    return range
  }
}
