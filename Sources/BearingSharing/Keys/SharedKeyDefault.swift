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
  public typealias Value = Base.Value

  let base: Base
  let defaultValue: @Sendable () -> Base.Value

  /// `base` with `defaultValue` for when it holds nothing.
  public static subscript(
    _ key: Base, default value: @autoclosure @escaping @Sendable () -> Base.Value
  ) -> Self {
    Self(base: key, defaultValue: value)
  }

  public var id: Base.ID { base.id }

  public func load(context: LoadContext<Value>, continuation: LoadContinuation<Value>) {
    base.load(context: context, continuation: continuation)
  }

  public func subscribe(
    context: LoadContext<Value>, subscriber: SharedSubscriber<Value>
  ) -> SharedSubscription {
    base.subscribe(context: context, subscriber: subscriber)
  }
}

extension _SharedKeyDefault: SharedKey where Base: SharedKey {
  public func save(_ value: Value, context: SaveContext, continuation: SaveContinuation) {
    base.save(value, context: context, continuation: continuation)
  }
}

extension _SharedKeyDefault: CustomStringConvertible {
  public var description: String { String(describing: base) }
}
