import Dependencies
import Foundation

/// A shared value kept in the app's preferences: see `SharedReaderKey.appStorage(_:store:)`.
///
/// The value is read from the ``AppStorageStore`` when first accessed (a key the store does not
/// hold leaves the value as declared), written to it on each change (an optional set to `nil`
/// removes the key), and updated when another process changes it.
public struct AppStorageKey<Value: Sendable>: SharedKey {
  let key: String
  let store: AppStorageStore
  let decode: @Sendable (AppStorageValue) -> Value?
  /// `nil`: remove the key.
  let encode: @Sendable (Value) -> AppStorageValue?

  init(
    _ key: String, store: AppStorageStore?,
    decode: @escaping @Sendable (AppStorageValue) -> Value?,
    encode: @escaping @Sendable (Value) -> AppStorageValue?
  ) {
    @Dependency(\.defaultAppStorage) var defaultStore
    self.key = key
    self.store = store ?? defaultStore
    self.decode = decode
    self.encode = encode
  }

  /// The key's identity: its name in its store.
  public struct ID: Hashable, Sendable {
    let key: String
    let store: ObjectIdentifier
  }

  /// The key's name and the store it was made with.
  public var id: ID { ID(key: key, store: ObjectIdentifier(store)) }

  /// Returns the stored value; a key the store lacks, or a value of another type, keeps the
  /// declared value. A load the user asks for rereads the store first.
  public func load(context: LoadContext<Value>, continuation: LoadContinuation<Value>) {
    if case .userInitiated = context { store.reload() }
    if let value = store.value(forKey: key).flatMap(decode) {
      continuation.resume(returning: value)
    } else {
      continuation.resumeReturningInitialValue()
    }
  }

  /// Yields each change the store reports for the key, skipping one already superseded.
  public func subscribe(
    context: LoadContext<Value>, subscriber: SharedSubscriber<Value>
  ) -> SharedSubscription {
    store.subscribe(key) { [key, store, decode] value in
      subscriber.yield(deciding: {
        // The store changed again since (a change made here, say, which the shared value
        // already holds): this value is older.
        guard store.value(forKey: key) == value else { return nil }
        return .success(value.flatMap(decode))
      })
    }
  }

  /// Writes `value` to the store (an optional set to `nil` removes the key).
  public func save(_ value: Value, context: SaveContext, continuation: SaveContinuation) {
    store.set(encode(value), forKey: key)
    continuation.resume()
  }
}

/// How a type of value is kept in app storage.
private struct AppStorageCoding<Value: Sendable>: Sendable {
  let decode: @Sendable (AppStorageValue) -> Value?
  let encode: @Sendable (Value) -> AppStorageValue

  static var bool: AppStorageCoding<Bool> {
    .init(decode: { if case .bool(let v) = $0 { v } else { nil } }, encode: { .bool($0) })
  }
  static var int: AppStorageCoding<Int> {
    .init(
      decode: {
        switch $0 {
        case .int(let v): v
        case .double(let v): Int(exactly: v)
        default: nil
        }
      }, encode: { .int($0) })
  }
  static var double: AppStorageCoding<Double> {
    .init(
      decode: {
        switch $0 {
        case .int(let v): Double(v)
        case .double(let v): v
        default: nil
        }
      }, encode: { .double($0) })
  }
  static var string: AppStorageCoding<String> {
    .init(decode: { if case .string(let v) = $0 { v } else { nil } }, encode: { .string($0) })
  }
  /// URLs as their absolute strings.
  static var url: AppStorageCoding<URL> {
    .init(
      decode: { if case .string(let v) = $0 { URL(string: v) } else { nil } },
      encode: { .string($0.absoluteString) })
  }
  /// Data in Base64.
  static var data: AppStorageCoding<Data> {
    .init(
      decode: { if case .string(let v) = $0 { Data(base64Encoded: v) } else { nil } },
      encode: { .string($0.base64EncodedString()) })
  }
  /// Dates as seconds since 1970.
  static var date: AppStorageCoding<Date> {
    .init(
      decode: { AppStorageCoding<Double>.double.decode($0).map(Date.init(timeIntervalSince1970:)) },
      encode: { .double($0.timeIntervalSince1970) })
  }
}

extension AppStorageKey {
  fileprivate init(_ key: String, store: AppStorageStore?, _ coding: AppStorageCoding<Value>) {
    self.init(key, store: store, decode: coding.decode, encode: coding.encode)
  }

  fileprivate init<Wrapped>(
    _ key: String, store: AppStorageStore?, optional coding: AppStorageCoding<Wrapped>
  ) where Value == Wrapped? {
    self.init(
      key, store: store, decode: { coding.decode($0) }, encode: { $0.map(coding.encode) })
  }
}

extension AppStorageCoding where Value: RawRepresentable, Value.RawValue == Int {
  static var rawInt: Self {
    .init(
      decode: { AppStorageCoding<Int>.int.decode($0).flatMap(Value.init(rawValue:)) },
      encode: { .int($0.rawValue) })
  }
}

extension AppStorageCoding where Value: RawRepresentable, Value.RawValue == String {
  static var rawString: Self {
    .init(
      decode: { AppStorageCoding<String>.string.decode($0).flatMap(Value.init(rawValue:)) },
      encode: { .string($0.rawValue) })
  }
}

// The overloads swift-sharing has: each type app storage keeps, and its optional.
extension SharedReaderKey {
  /// A Boolean kept in the app's preferences (``AppStorageStore``; the `defaultAppStorage`
  /// dependency's unless `store` is given).
  ///
  /// ```swift
  /// @Shared(.appStorage("isOn")) var isOn = false
  /// ```
  public static func appStorage(
    _ key: String, store: AppStorageStore? = nil
  ) -> Self where Self == AppStorageKey<Bool> { AppStorageKey(key, store: store, .bool) }

  /// An integer kept in the app's preferences.
  public static func appStorage(
    _ key: String, store: AppStorageStore? = nil
  ) -> Self where Self == AppStorageKey<Int> { AppStorageKey(key, store: store, .int) }

  /// A double kept in the app's preferences.
  public static func appStorage(
    _ key: String, store: AppStorageStore? = nil
  ) -> Self where Self == AppStorageKey<Double> { AppStorageKey(key, store: store, .double) }

  /// A string kept in the app's preferences.
  public static func appStorage(
    _ key: String, store: AppStorageStore? = nil
  ) -> Self where Self == AppStorageKey<String> { AppStorageKey(key, store: store, .string) }

  /// A URL kept in the app's preferences, as its absolute string.
  public static func appStorage(
    _ key: String, store: AppStorageStore? = nil
  ) -> Self where Self == AppStorageKey<URL> { AppStorageKey(key, store: store, .url) }

  /// Bytes kept in the app's preferences, in Base64.
  public static func appStorage(
    _ key: String, store: AppStorageStore? = nil
  ) -> Self where Self == AppStorageKey<Data> { AppStorageKey(key, store: store, .data) }

  /// A date kept in the app's preferences, as seconds since 1970.
  public static func appStorage(
    _ key: String, store: AppStorageStore? = nil
  ) -> Self where Self == AppStorageKey<Date> { AppStorageKey(key, store: store, .date) }

  /// A value of an integer raw value kept in the app's preferences.
  public static func appStorage<Value: RawRepresentable & Sendable>(
    _ key: String, store: AppStorageStore? = nil
  ) -> Self where Value.RawValue == Int, Self == AppStorageKey<Value> {
    AppStorageKey(key, store: store, .rawInt)
  }

  /// A value of a string raw value kept in the app's preferences.
  public static func appStorage<Value: RawRepresentable & Sendable>(
    _ key: String, store: AppStorageStore? = nil
  ) -> Self where Value.RawValue == String, Self == AppStorageKey<Value> {
    AppStorageKey(key, store: store, .rawString)
  }

  /// An optional Boolean kept in the app's preferences; `nil` removes the key.
  public static func appStorage(
    _ key: String, store: AppStorageStore? = nil
  ) -> Self where Self == AppStorageKey<Bool?> {
    AppStorageKey(key, store: store, optional: AppStorageCoding<Bool>.bool)
  }

  /// An optional integer kept in the app's preferences; `nil` removes the key.
  public static func appStorage(
    _ key: String, store: AppStorageStore? = nil
  ) -> Self where Self == AppStorageKey<Int?> {
    AppStorageKey(key, store: store, optional: AppStorageCoding<Int>.int)
  }

  /// An optional double kept in the app's preferences; `nil` removes the key.
  public static func appStorage(
    _ key: String, store: AppStorageStore? = nil
  ) -> Self where Self == AppStorageKey<Double?> {
    AppStorageKey(key, store: store, optional: AppStorageCoding<Double>.double)
  }

  /// An optional string kept in the app's preferences; `nil` removes the key.
  public static func appStorage(
    _ key: String, store: AppStorageStore? = nil
  ) -> Self where Self == AppStorageKey<String?> {
    AppStorageKey(key, store: store, optional: AppStorageCoding<String>.string)
  }

  /// An optional URL kept in the app's preferences; `nil` removes the key.
  public static func appStorage(
    _ key: String, store: AppStorageStore? = nil
  ) -> Self where Self == AppStorageKey<URL?> {
    AppStorageKey(key, store: store, optional: AppStorageCoding<URL>.url)
  }

  /// Optional bytes kept in the app's preferences; `nil` removes the key.
  public static func appStorage(
    _ key: String, store: AppStorageStore? = nil
  ) -> Self where Self == AppStorageKey<Data?> {
    AppStorageKey(key, store: store, optional: AppStorageCoding<Data>.data)
  }

  /// An optional date kept in the app's preferences; `nil` removes the key.
  public static func appStorage(
    _ key: String, store: AppStorageStore? = nil
  ) -> Self where Self == AppStorageKey<Date?> {
    AppStorageKey(key, store: store, optional: AppStorageCoding<Date>.date)
  }

  /// An optional value of an integer raw value kept in the app's preferences.
  public static func appStorage<Value: RawRepresentable & Sendable>(
    _ key: String, store: AppStorageStore? = nil
  ) -> Self where Value.RawValue == Int, Self == AppStorageKey<Value?> {
    AppStorageKey(key, store: store, optional: AppStorageCoding<Value>.rawInt)
  }

  /// An optional value of a string raw value kept in the app's preferences.
  public static func appStorage<Value: RawRepresentable & Sendable>(
    _ key: String, store: AppStorageStore? = nil
  ) -> Self where Value.RawValue == String, Self == AppStorageKey<Value?> {
    AppStorageKey(key, store: store, optional: AppStorageCoding<Value>.rawString)
  }
}
