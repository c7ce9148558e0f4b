import BearingLocation
import BearingStreets
import BearingWalking

/// One decompressed `PrimitiveBlock` of an `.osm.pbf` file: its string table, coordinate
/// scaling and groups of nodes, dense nodes and ways.
struct PrimitiveBlock {
  private let reader: ProtobufReader<[UInt8]>
  private var strings: [String] = []
  private var granularity: Int64 = 100
  private var latitudeOffset: Int64 = 0
  private var longitudeOffset: Int64 = 0
  private var groups: [Range<Int>] = []
  /// Whether any group holds nodes (plain or dense).
  private(set) var hasNodes = false
  /// Whether each string is a key that can make a café (`amenity`, `shop`, `cuisine`): most
  /// tagged elements have none, and need no dictionary of their tags.
  private var isCafeKey: [Bool] = []
  /// Whether each string is a key that can make a street for maps (``StreetReader/streetKeys``).
  private var isStreetKey: [Bool] = []

  init(_ payload: [UInt8]) throws(ProtobufFailure) {
    var reader = ProtobufReader(payload)
    self.reader = reader
    while let field = try reader.next() {
      switch field.number {
      case 1:
        var table = reader.reader(for: try field.bytes())
        while let entry = try table.next() {
          if entry.number == 1 { strings.append(table.string(try entry.bytes())) }
        }
      case 2: groups.append(try field.bytes())
      case 17: granularity = Int64(truncatingIfNeeded: try field.varint())
      case 19: latitudeOffset = Int64(bitPattern: try field.varint())
      case 20: longitudeOffset = Int64(bitPattern: try field.varint())
      default: continue
      }
    }
    isCafeKey = strings.map { $0 == "amenity" || $0 == "shop" || $0 == "cuisine" }
    isStreetKey = strings.map(StreetReader.streetKeys.contains)
    guard granularity > 0 else {
      throw .init(offset: 0, reason: "granularity \(granularity) is not positive")
    }
    // A group holds one kind of element, so its first field says which.
    for group in groups {
      var groupReader = reader.reader(for: group)
      if let field = try groupReader.next(), field.number == 1 || field.number == 2 {
        hasNodes = true
      }
    }
  }

  /// Adds the block's named café nodes to `places`, its café ways to `ways` and, when
  /// `streets` is not `nil`, its street ways to `streets`, with how they may be walked when
  /// `walking`.
  mutating func collect(
    places: inout [Place], ways: inout [OSMPBFReader.CafeWay],
    streets: inout [OSMPBFReader.StreetWay]?, walking: Bool = false
  ) throws(ProtobufFailure) {
    for group in groups {
      var groupReader = reader.reader(for: group)
      while let field = try groupReader.next() {
        switch field.number {
        case 1:
          let node = try plainNode(field)
          if let tags = node.tags,
            let place = tags.cafe(element: "node/\(node.id)", coordinate: node.coordinate)
          {
            places.append(place)
          }
        case 2:
          try forEachDenseNode(field, wantTags: true) { id, coordinate, tags in
            if let tags, let place = tags.cafe(element: "node/\(id)", coordinate: coordinate) {
              places.append(place)
            }
          }
        case 3:
          let (cafe, street) = try way(field, wantStreet: streets != nil, walking: walking)
          if let cafe { ways.append(cafe) }
          if let street { streets?.append(street) }
        default:
          continue
        }
      }
    }
  }

  /// The positions of the block's nodes whose ids are in `wanted`, in the block's order.
  func positions(
    of wanted: (Int64) -> Bool
  ) throws(ProtobufFailure) -> [(Int64, Coordinate)] {
    var found: [(Int64, Coordinate)] = []
    for group in groups {
      var groupReader = reader.reader(for: group)
      while let field = try groupReader.next() {
        switch field.number {
        case 1:
          let node = try plainNode(field)
          if wanted(node.id) { found.append((node.id, node.coordinate)) }
        case 2:
          try forEachDenseNode(field, wantTags: false) { id, coordinate, _ in
            if wanted(id) { found.append((id, coordinate)) }
          }
        default:
          continue
        }
      }
    }
    return found
  }

  private func coordinate(
    _ rawLatitude: Int64, _ rawLongitude: Int64, node id: Int64, at offset: Int
  ) throws(ProtobufFailure) -> Coordinate {
    let latitude = Double(latitudeOffset &+ granularity &* rawLatitude) * 1e-9
    let longitude = Double(longitudeOffset &+ granularity &* rawLongitude) * 1e-9
    do {
      return try Coordinate(validatingLatitude: latitude, longitude: longitude)
    } catch {
      throw .init(offset: offset, reason: "node \(id): \(error)")
    }
  }

  private func string(_ index: UInt64, at offset: Int) throws(ProtobufFailure) -> String {
    guard index < UInt64(strings.count) else {
      throw .init(
        offset: offset, reason: "string index \(index) is past the table's \(strings.count)")
    }
    return strings[Int(index)]
  }

  private func tags(
    keys: [UInt64], values: [UInt64], at offset: Int
  ) throws(ProtobufFailure) -> OSMTags? {
    guard keys.count == values.count else {
      throw .init(offset: offset, reason: "\(keys.count) tag keys but \(values.count) values")
    }
    guard !keys.isEmpty else { return nil }
    // Every index is checked, café or not, so a broken block fails whatever it holds.
    for index in keys where index >= UInt64(strings.count) { _ = try string(index, at: offset) }
    for index in values where index >= UInt64(strings.count) { _ = try string(index, at: offset) }
    let candidate = keys.contains { isCafeKey[Int($0)] }
    guard candidate else { return nil }
    var result: [String: String] = [:]
    for (key, value) in zip(keys, values) {
      result[try string(key, at: offset)] = try string(value, at: offset)
    }
    return OSMTags(result)
  }

  private func plainNode(
    _ field: ProtobufField
  ) throws(ProtobufFailure) -> (id: Int64, coordinate: Coordinate, tags: OSMTags?) {
    var node = reader.reader(for: try field.bytes())
    var id: Int64?
    var latitude: Int64?
    var longitude: Int64?
    var keys: [UInt64] = []
    var values: [UInt64] = []
    while let part = try node.next() {
      switch part.number {
      case 1: id = ProtobufField.signed(try part.varint())
      case 2: keys = try reader.packed(try part.bytes())
      case 3: values = try reader.packed(try part.bytes())
      case 8: latitude = ProtobufField.signed(try part.varint())
      case 9: longitude = ProtobufField.signed(try part.varint())
      default: continue
      }
    }
    guard let id, let latitude, let longitude else {
      throw .init(offset: field.offset, reason: "a node lacks its id, lat or lon")
    }
    return (
      id, try coordinate(latitude, longitude, node: id, at: field.offset),
      try tags(keys: keys, values: values, at: field.offset)
    )
  }

  private func forEachDenseNode(
    _ field: ProtobufField, wantTags: Bool,
    _ body: (Int64, Coordinate, OSMTags?) -> Void
  ) throws(ProtobufFailure) {
    var dense = reader.reader(for: try field.bytes())
    var ids: [UInt64] = []
    var latitudes: [UInt64] = []
    var longitudes: [UInt64] = []
    var keysValues: [UInt64] = []
    while let part = try dense.next() {
      switch part.number {
      case 1: ids = try reader.packed(try part.bytes())
      case 8: latitudes = try reader.packed(try part.bytes())
      case 9: longitudes = try reader.packed(try part.bytes())
      case 10: keysValues = try reader.packed(try part.bytes())
      default: continue
      }
    }
    guard ids.count == latitudes.count, ids.count == longitudes.count else {
      throw .init(
        offset: field.offset,
        reason: "dense nodes have \(ids.count) ids, \(latitudes.count) lats and "
          + "\(longitudes.count) lons")
    }
    var id: Int64 = 0
    var latitude: Int64 = 0
    var longitude: Int64 = 0
    var tagPosition = 0
    for i in ids.indices {
      id &+= ProtobufField.signed(ids[i])
      latitude &+= ProtobufField.signed(latitudes[i])
      longitude &+= ProtobufField.signed(longitudes[i])
      // keys_vals is (key, value)* 0 per node, or empty when no node in the block has tags.
      var keys: [UInt64] = []
      var values: [UInt64] = []
      if !keysValues.isEmpty {
        while true {
          guard tagPosition < keysValues.count else {
            throw .init(offset: field.offset, reason: "dense node \(id): tag list cut short")
          }
          let key = keysValues[tagPosition]
          tagPosition += 1
          if key == 0 { break }
          guard tagPosition < keysValues.count else {
            throw .init(offset: field.offset, reason: "dense node \(id): tag key has no value")
          }
          if wantTags {
            keys.append(key)
            values.append(keysValues[tagPosition])
          }
          tagPosition += 1
        }
      }
      let position = try coordinate(latitude, longitude, node: id, at: field.offset)
      body(id, position, wantTags ? try tags(keys: keys, values: values, at: field.offset) : nil)
    }
  }

  /// The way of `field` when it is a named café, and when `wantStreet` its street when it is
  /// one (a way can be both), with how it may be walked when `walking`.
  private func way(
    _ field: ProtobufField, wantStreet: Bool, walking: Bool
  ) throws(ProtobufFailure) -> (cafe: OSMPBFReader.CafeWay?, street: OSMPBFReader.StreetWay?) {
    var way = reader.reader(for: try field.bytes())
    var id: Int64?
    var keys: [UInt64] = []
    var values: [UInt64] = []
    var refs: Range<Int>?
    while let part = try way.next() {
      switch part.number {
      case 1: id = Int64(bitPattern: try part.varint())
      case 2: keys = try reader.packed(try part.bytes())
      case 3: values = try reader.packed(try part.bytes())
      case 8: refs = try part.bytes()
      default: continue
      }
    }
    guard let id else { throw .init(offset: field.offset, reason: "a way lacks its id") }
    var cafe: OSMTags?
    if let tags = try tags(keys: keys, values: values, at: field.offset), tags.isCafe,
      tags.values["name"]?.isEmpty == false
    {
      cafe = tags
    }
    // `tags` checked every index against the table.
    func tag(_ key: String) -> String? {
      zip(keys, values).first { strings[Int($0.0)] == key }.map { strings[Int($0.1)] }
    }
    let kind =
      wantStreet && keys.contains(where: { isStreetKey[Int($0)] })
      ? StreetReader.kind(tag) : nil
    // Walkable ways are streets (`highway=*`); their name is kept for routes.
    let walk = kind == nil || !walking ? nil : WalkingRules.direction(tag)
    guard cafe != nil || kind != nil else { return (nil, nil) }
    var nodeIDs: [Int64] = []
    var ref: Int64 = 0
    if let refs {
      try reader.forEachPacked(refs) { delta in
        ref &+= ProtobufField.signed(delta)
        nodeIDs.append(ref)
      }
    }
    let street = kind.flatMap { kind in
      nodeIDs.count >= 2
        ? OSMPBFReader.StreetWay(
          kind: kind, refs: nodeIDs, walk: walk, name: walk == nil ? nil : tag("name")) : nil
    }
    guard let cafe else { return (nil, street) }
    guard !nodeIDs.isEmpty else {
      throw .init(offset: field.offset, reason: "way \(id) has no nodes")
    }
    return (.init(id: id, refs: nodeIDs, tags: cafe), street)
  }
}
