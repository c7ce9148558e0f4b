extension SharedReaderKey {
  /// A key with a default value, for keys named once and used everywhere:
  ///
  /// ```swift
  /// extension SharedKey where Self == InMemoryKey<Int>.Default {
  ///   static var count: Self { Self[.inMemory("count"), default: 0] }
  /// }
  /// @Shared(.count) var count
  /// ```
  public typealias Default = _SharedKeyDefault<Self>
}

/// A key and its default value (see ``SharedReaderKey/Default``). It shares its base key's
/// storage: `@Shared(.count)` and `@Shared(.inMemory("count"))` are one value.
public struct _SharedKeyDefault<Base: SharedReaderKey>: SharedReaderKey {
  /// The base key's value.
  public typealias Value = Base.Value

  let base: Base
  let defaultValue: @Sendable () -> Base.Value

  /// `base` with `defaultValue` for when it holds nothing.
  public static subscript(
    _ key: Base, default value: @autoclosure @escaping @Sendable () -> Base.Value
  ) -> Self {
    Self(base: key, defaultValue: value)
  }

  /// The base key's identity, so both spellings share one value.
  public var id: Base.ID { base.id }

  /// Loads through the base key.
  public func load(context: LoadContext<Value>, continuation: LoadContinuation<Value>) {
    base.load(context: context, continuation: continuation)
  }

  /// Subscribes through the base key.
  public func subscribe(
    context: LoadContext<Value>, subscriber: SharedSubscriber<Value>
  ) -> SharedSubscription {
    base.subscribe(context: context, subscriber: subscriber)
  }
}

extension _SharedKeyDefault: SharedKey where Base: SharedKey {
  /// Saves through the base key.
  public func save(_ value: Value, context: SaveContext, continuation: SaveContinuation) {
    base.save(value, context: context, continuation: continuation)
  }
}

extension _SharedKeyDefault: CustomStringConvertible {
  /// The base key's description; the default value is not shown.
  public var description: String { String(describing: base) }
}
