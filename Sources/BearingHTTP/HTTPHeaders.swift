/// An ordered list of HTTP header fields whose names compare case-insensitively.
///
/// Values of credential-bearing fields (``isSensitive(_:)``) never appear in descriptions, so
/// a request or error can be logged without leaking an API key.
///
/// ```swift
/// var headers: HTTPHeaders = ["Accept": "application/json"]
/// headers["authorization"] = "Bearer s3cr3t"
/// headers["Authorization"]  // "Bearer s3cr3t"
/// "\(headers)"  // Accept: application/json, authorization: <redacted>
/// ```
public struct HTTPHeaders: Hashable, Sendable, Sequence, ExpressibleByDictionaryLiteral,
  CustomStringConvertible
{
  /// One header field.
  public struct Field: Hashable, Sendable {
    public var name: String
    public var value: String

    public init(name: String, value: String) {
      self.name = name
      self.value = value
    }
  }

  /// The fields in the order they were added.
  public private(set) var fields: [Field]

  /// Creates headers from fields, keeping their order and any repeated names.
  public init(_ fields: [Field] = []) {
    self.fields = fields
  }

  public init(dictionaryLiteral elements: (String, String)...) {
    self.fields = elements.map { Field(name: $0.0, value: $0.1) }
  }

  /// The first value for `name` (case-insensitive); setting replaces every field of that name,
  /// and setting `nil` removes them.
  public subscript(name: String) -> String? {
    get { fields.first { $0.name.lowercased() == name.lowercased() }?.value }
    set {
      let index = fields.firstIndex { $0.name.lowercased() == name.lowercased() }
      fields.removeAll { $0.name.lowercased() == name.lowercased() }
      if let newValue {
        fields.insert(
          Field(name: name, value: newValue), at: Swift.min(index ?? fields.count, fields.count))
      }
    }
  }

  /// Every value for `name`, in order (a response may repeat `Link`, for example).
  public func values(for name: String) -> [String] {
    fields.filter { $0.name.lowercased() == name.lowercased() }.map(\.value)
  }

  /// Adds a field without removing existing ones of the same name.
  public mutating func add(name: String, value: String) {
    fields.append(Field(name: name, value: value))
  }

  public func makeIterator() -> IndexingIterator<[Field]> {
    fields.makeIterator()
  }

  /// Whether a field's value is a credential that must never be logged.
  public static func isSensitive(_ name: String) -> Bool {
    sensitiveNames.contains(name.lowercased())
  }

  static let sensitiveNames: Set<String> = [
    "authorization", "proxy-authorization", "cookie", "set-cookie", "x-api-key", "api-key",
  ]

  public var description: String {
    fields.map { field in
      "\(field.name): \(Self.isSensitive(field.name) ? Redacted.marker : field.value)"
    }
    .joined(separator: ", ")
  }
}
