import CDBus

/// A D-Bus value, as read from or written to a message: the basic types GeoClue uses, and the
/// containers that hold them.
indirect enum BusValue: Hashable, Sendable {
  case string(String)
  case objectPath(String)
  case boolean(Bool)
  case uint32(UInt32)
  case int32(Int32)
  case uint64(UInt64)
  case int64(Int64)
  case double(Double)
  case array([BusValue])
  case dictionaryEntry(key: BusValue, value: BusValue)
  case structure([BusValue])
  case variant(BusValue)
  /// A type this client never needs (bytes, file descriptors, …), skipped when read.
  case unsupported(type: Int32)

  /// The value inside any number of variants.
  var unwrapped: BusValue {
    if case .variant(let inner) = self { return inner.unwrapped }
    return self
  }

  var string: String? {
    switch unwrapped {
    case .string(let text), .objectPath(let text): text
    default: nil
    }
  }

  var double: Double? {
    if case .double(let value) = unwrapped { return value }
    return nil
  }

  var uint64: UInt64? {
    switch unwrapped {
    case .uint64(let value): value
    case .uint32(let value): UInt64(value)
    default: nil
    }
  }

  /// An `a{sv}` (or any array of dictionary entries with string keys) as a dictionary.
  var properties: [String: BusValue] {
    guard case .array(let entries) = unwrapped else { return [:] }
    var result: [String: BusValue] = [:]
    for case .dictionaryEntry(let key, let value) in entries {
      if let key = key.string { result[key] = value.unwrapped }
    }
    return result
  }
}

/// D-Bus type codes. libdbus defines them as `((int) 's')` and such, which Swift does not
/// import.
enum BusType {
  static let string = code("s")
  static let objectPath = code("o")
  static let boolean = code("b")
  static let uint32 = code("u")
  static let int32 = code("i")
  static let uint64 = code("t")
  static let int64 = code("x")
  static let double = code("d")
  static let array = code("a")
  static let variant = code("v")
  static let structure = code("r")
  static let dictionaryEntry = code("e")
  static let invalid: Int32 = 0

  private static func code(_ character: Unicode.Scalar) -> Int32 { Int32(character.value) }
}

extension BusValue {
  /// Reads every value from `iterator` to the end of its container.
  static func readAll(_ iterator: inout DBusMessageIter) -> [BusValue] {
    var values: [BusValue] = []
    while cdbus_message_iter_get_arg_type(&iterator) != BusType.invalid {
      values.append(read(&iterator))
      cdbus_message_iter_next(&iterator)
    }
    return values
  }

  /// Reads the value at `iterator`, without advancing it.
  static func read(_ iterator: inout DBusMessageIter) -> BusValue {
    let type = cdbus_message_iter_get_arg_type(&iterator)
    switch type {
    case BusType.string, BusType.objectPath:
      var pointer: UnsafePointer<CChar>?
      cdbus_message_iter_get_basic(&iterator, &pointer)
      let text = pointer.map { String(cString: $0) } ?? ""
      return type == BusType.string ? .string(text) : .objectPath(text)
    case BusType.boolean:
      var value: dbus_bool_t = 0
      cdbus_message_iter_get_basic(&iterator, &value)
      return .boolean(value != 0)
    case BusType.uint32:
      var value: UInt32 = 0
      cdbus_message_iter_get_basic(&iterator, &value)
      return .uint32(value)
    case BusType.int32:
      var value: Int32 = 0
      cdbus_message_iter_get_basic(&iterator, &value)
      return .int32(value)
    case BusType.uint64:
      var value: UInt64 = 0
      cdbus_message_iter_get_basic(&iterator, &value)
      return .uint64(value)
    case BusType.int64:
      var value: Int64 = 0
      cdbus_message_iter_get_basic(&iterator, &value)
      return .int64(value)
    case BusType.double:
      var value: Double = 0
      cdbus_message_iter_get_basic(&iterator, &value)
      return .double(value)
    case BusType.array, BusType.structure, BusType.variant, BusType.dictionaryEntry:
      var inner = DBusMessageIter()
      cdbus_message_iter_recurse(&iterator, &inner)
      let values = readAll(&inner)
      switch type {
      case BusType.array: return .array(values)
      case BusType.structure: return .structure(values)
      case BusType.variant: return values.first.map { .variant($0) } ?? .unsupported(type: type)
      default:
        guard values.count == 2 else { return .unsupported(type: type) }
        return .dictionaryEntry(key: values[0], value: values[1])
      }
    default:
      return .unsupported(type: type)
    }
  }

  /// Appends the value to `iterator`; only the basic types and variants of them, which is all
  /// this client sends.
  func append(to iterator: inout DBusMessageIter) -> Bool {
    switch self {
    case .string(let text), .objectPath(let text):
      let type = if case .string = self { BusType.string } else { BusType.objectPath }
      return text.withCString { pointer in
        var pointer: UnsafePointer<CChar>? = pointer
        return cdbus_message_iter_append_basic(&iterator, type, &pointer) != 0
      }
    case .boolean(let value):
      var value: dbus_bool_t = value ? 1 : 0
      return cdbus_message_iter_append_basic(&iterator, BusType.boolean, &value) != 0
    case .uint32(var value):
      return cdbus_message_iter_append_basic(&iterator, BusType.uint32, &value) != 0
    case .int32(var value):
      return cdbus_message_iter_append_basic(&iterator, BusType.int32, &value) != 0
    case .uint64(var value):
      return cdbus_message_iter_append_basic(&iterator, BusType.uint64, &value) != 0
    case .int64(var value):
      return cdbus_message_iter_append_basic(&iterator, BusType.int64, &value) != 0
    case .double(var value):
      return cdbus_message_iter_append_basic(&iterator, BusType.double, &value) != 0
    case .variant(let inner):
      guard let signature = inner.signature else { return false }
      var container = DBusMessageIter()
      guard
        cdbus_message_iter_open_container(&iterator, BusType.variant, signature, &container) != 0
      else { return false }
      let appended = inner.append(to: &container)
      return cdbus_message_iter_close_container(&iterator, &container) != 0 && appended
    case .array, .dictionaryEntry, .structure, .unsupported:
      return false
    }
  }

  /// The signature of a basic value, for a variant holding it.
  private var signature: String? {
    switch self {
    case .string: "s"
    case .objectPath: "o"
    case .boolean: "b"
    case .uint32: "u"
    case .int32: "i"
    case .uint64: "t"
    case .int64: "x"
    case .double: "d"
    default: nil
    }
  }
}
