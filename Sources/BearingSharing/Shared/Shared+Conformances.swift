import CustomDump

extension Shared: Equatable where Value: Equatable {
  /// Equal values. While a test store checks a step, a reference compared with itself compares
  /// the value the test expects (left) with the value it holds (right).
  public static func == (lhs: Self, rhs: Self) -> Bool {
    areEqual(lhs.reference, rhs.reference)
  }
}

extension Shared: Hashable where Value: Hashable {
  /// Hashes the current value.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(wrappedValue)
  }
}

extension Shared: Identifiable where Value: Identifiable {
  /// The current value's id.
  public var id: Value.ID { wrappedValue.id }
}

extension Shared: CustomStringConvertible {
  /// The current value's description, as if it were not shared.
  public var description: String { String(describing: wrappedValue) }
}

extension Shared: _CustomDiffObject {
  /// The value a test store expects and the value held, for its diff.
  public var _customDiffValues: (Any, Any) {
    (reference.read(expected: true), reference.read(expected: false))
  }
  /// The shared reference's identity, by which a diff recognises copies of one `Shared`.
  public var _objectIdentifier: ObjectIdentifier { ObjectIdentifier(reference) }
}

extension Shared: Encodable where Value: Encodable {
  /// Encodes the value, as if it were not shared.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(wrappedValue)
  }
}

extension SharedReader: Equatable where Value: Equatable {
  /// Equal values; while a test store checks a step, a reference compared with itself compares
  /// the value the test expects (left) with the value it holds (right).
  public static func == (lhs: Self, rhs: Self) -> Bool {
    areEqual(lhs.reference, rhs.reference)
  }
}

extension SharedReader: Hashable where Value: Hashable {
  /// Hashes the current value.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(wrappedValue)
  }
}

extension SharedReader: Identifiable where Value: Identifiable {
  /// The current value's id.
  public var id: Value.ID { wrappedValue.id }
}

extension SharedReader: CustomStringConvertible {
  /// The current value's description, as if it were not shared.
  public var description: String { String(describing: wrappedValue) }
}

extension SharedReader: _CustomDiffObject {
  /// The value a test store expects and the value held, for its diff.
  public var _customDiffValues: (Any, Any) {
    (reference.read(expected: true), reference.read(expected: false))
  }
  /// The shared reference's identity, by which a diff recognises copies of one reader.
  public var _objectIdentifier: ObjectIdentifier { ObjectIdentifier(reference) }
}

extension SharedReader: Encodable where Value: Encodable {
  /// Encodes the value, as if it were not shared.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(wrappedValue)
  }
}

/// Two references' values; while a test store checks a step, a reference against itself is
/// its expected value (its snapshot) against its current one.
private func areEqual<Value: Equatable>(
  _ lhs: any SharedReference<Value>, _ rhs: any SharedReference<Value>
) -> Bool {
  // States copied from one another hold the same reference objects: a step's expected state
  // and its actual one share each of theirs.
  if SharedChangeTracker.asserting != nil, lhs === rhs {
    return lhs.read(expected: true) == rhs.read(expected: false)
  }
  return lhs.read(expected: true) == rhs.read(expected: true)
}
