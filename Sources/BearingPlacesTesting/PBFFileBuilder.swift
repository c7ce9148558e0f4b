import Foundation

/// Writes small `.osm.pbf` files (uncompressed blobs) so tests can hit cases the Helsinki
/// extract lacks: café ways, plain nodes, broken blocks, streets away from the built-in data.
public struct PBFFileBuilder {
  /// Protocol buffer encoding of one message.
  public struct Message {
    /// The encoded fields so far, in the order they were added.
    public var bytes: [UInt8] = []

    /// An empty message.
    public init() {}

    /// `value` as a base-128 varint, least significant group first.
    public static func varint(_ value: UInt64) -> [UInt8] {
      var value = value
      var out: [UInt8] = []
      while value >= 0x80 {
        out.append(UInt8(value & 0x7F) | 0x80)
        value >>= 7
      }
      out.append(UInt8(value))
      return out
    }

    /// `value` zigzag-encoded, as `sint64` fields store it (0, -1, 1, -2 become 0, 1, 2, 3).
    public static func zigzag(_ value: Int64) -> UInt64 {
      UInt64(bitPattern: (value << 1) ^ (value >> 63))
    }

    /// Appends a varint field (wire type 0) numbered `field`.
    public mutating func int(_ field: Int, _ value: UInt64) {
      bytes += Self.varint(UInt64(field << 3)) + Self.varint(value)
    }

    /// Appends a zigzag-encoded `sint64` field numbered `field`.
    public mutating func sint(_ field: Int, _ value: Int64) { int(field, Self.zigzag(value)) }

    /// Appends a length-delimited field (wire type 2) numbered `field` holding `value`.
    public mutating func data(_ field: Int, _ value: [UInt8]) {
      bytes += Self.varint(UInt64(field << 3 | 2)) + Self.varint(UInt64(value.count)) + value
    }

    /// Appends `value`'s UTF-8 bytes as a length-delimited field.
    public mutating func string(_ field: Int, _ value: String) { data(field, Array(value.utf8)) }

    /// Appends `value`'s encoding as an embedded message field.
    public mutating func message(_ field: Int, _ value: Message) { data(field, value.bytes) }

    /// Appends `values` as a packed repeated varint field.
    public mutating func packed(_ field: Int, _ values: [UInt64]) {
      data(field, values.flatMap(Self.varint))
    }

    /// Appends `values` as a packed repeated `sint64` field (zigzag-encoded).
    public mutating func packedSigned(_ field: Int, _ values: [Int64]) {
      packed(field, values.map(Self.zigzag))
    }
  }

  /// The file so far: every block appended, in order.
  public var bytes: [UInt8] = []

  /// An empty file; append an `OSMHeader` block first, then `OSMData` blocks.
  public init() {}

  /// Appends a block: length prefix, BlobHeader and a Blob with `payload` stored raw.
  public mutating func block(_ type: String, _ payload: Message) {
    var blob = Message()
    blob.data(1, payload.bytes)
    var header = Message()
    header.string(1, type)
    header.int(3, UInt64(blob.bytes.count))
    let size = UInt32(header.bytes.count)
    bytes += withUnsafeBytes(of: size.bigEndian) { Array($0) } + header.bytes + blob.bytes
  }

  /// A `HeaderBlock` whose required features are `features`; the default is what readers must
  /// support for a file with dense nodes.
  public static func header(features: [String] = ["OsmSchema-V0.6", "DenseNodes"]) -> Message {
    var header = Message()
    for feature in features { header.string(4, feature) }
    return header
  }

  /// A node as (id, lat, lon) in degrees; coordinates are stored at the default 100 nanodegree
  /// granularity.
  public typealias Node = (id: Int64, latitude: Double, longitude: Double)

  /// `degrees` in units of 100 nanodegrees, rounded, as the default granularity stores them.
  public static func raw(_ degrees: Double) -> Int64 { Int64((degrees * 1e7).rounded()) }

  /// A `DenseNodes` group body: ids and coordinates delta-coded, and each node's tags as
  /// (key, value) string-table indices, ended by 0.
  public static func denseNodes(_ nodes: [Node], tags: [[(UInt64, UInt64)]]) -> Message {
    var dense = Message()
    var previous: Node = (0, 0, 0)
    var ids: [Int64] = []
    var lats: [Int64] = []
    var lons: [Int64] = []
    for node in nodes {
      ids.append(node.id - previous.id)
      lats.append(raw(node.latitude) - raw(previous.latitude))
      lons.append(raw(node.longitude) - raw(previous.longitude))
      previous = node
    }
    dense.packedSigned(1, ids)
    dense.packedSigned(8, lats)
    dense.packedSigned(9, lons)
    dense.packed(10, tags.flatMap { pairs in pairs.flatMap { [$0.0, $0.1] } + [0] })
    return dense
  }

  /// A plain `Node` message; `keys` and `values` are string-table indices.
  public static func node(_ node: Node, keys: [UInt64], values: [UInt64]) -> Message {
    var message = Message()
    message.sint(1, node.id)
    message.packed(2, keys)
    message.packed(3, values)
    message.sint(8, raw(node.latitude))
    message.sint(9, raw(node.longitude))
    return message
  }

  /// A `Way` message with its node references delta-coded; `keys` and `values` are string-table
  /// indices.
  public static func way(_ id: Int64, refs: [Int64], keys: [UInt64], values: [UInt64]) -> Message {
    var message = Message()
    message.int(1, UInt64(id))
    message.packed(2, keys)
    message.packed(3, values)
    var previous: Int64 = 0
    message.packedSigned(
      8,
      refs.map { ref in
        defer { previous = ref }; return ref - previous
      })
    return message
  }

  /// A `PrimitiveBlock` with `strings` as its string table (index 0 is conventionally "") and
  /// `groups` as its primitive groups.
  public static func primitiveBlock(strings: [String], groups: [Message]) -> Message {
    var table = Message()
    for string in strings { table.string(1, string) }
    var block = Message()
    block.message(1, table)
    for group in groups { block.message(2, group) }
    return block
  }
}
