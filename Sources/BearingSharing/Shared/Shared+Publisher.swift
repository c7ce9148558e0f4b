#if canImport(Combine)
  import Combine
#else
  import OpenCombine
#endif

extension Shared {
  /// The value now, then each new value: changes made with `withLock` anywhere in the process,
  /// and values the key loads or yields.
  ///
  /// ```swift
  /// let cancellable = $count.publisher.sink { print($0) }
  /// ```
  public var publisher: AnyPublisher<Value, Never> { reference.publisher }
}

extension SharedReader {
  /// The value now, then each new value.
  public var publisher: AnyPublisher<Value, Never> { reference.publisher }
}
