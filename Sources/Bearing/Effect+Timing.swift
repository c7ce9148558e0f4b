extension Effect {
  /// Runs this effect only once `duration` has passed with no newer effect under `id`.
  ///
  /// Time passes on `clock`, so a test drives it with a `TestClock` and never waits.
  ///
  /// ```swift
  /// return .run { send in … }
  ///   .debounce(id: CancelID.search, for: .milliseconds(300), clock: continuousClock)
  /// ```
  public func debounce(
    id: some Hashable & Sendable,
    for duration: Duration,
    clock: any Clock<Duration>
  ) -> Self {
    if case .none = operation { return self }
    return Self.concatenate(
      .run { _ in try await clock.sleep(for: duration) },
      self
    )
    .cancellable(id: id, cancelInFlight: true)
  }

  /// Runs this effect at most once per `interval` for `id`.
  ///
  /// An effect arriving inside the interval is dropped, or, with `latest`, kept (replacing any
  /// earlier one) and run when the interval ends.
  ///
  /// ```swift
  /// return .run { send in … }
  ///   .throttle(id: CancelID.redraw, for: .milliseconds(100), clock: clock, latest: true)
  /// ```
  public func throttle(
    id: some Hashable & Sendable,
    for interval: Duration,
    clock: any Clock<Duration>,
    latest: Bool
  ) -> Self {
    if case .none = operation { return self }
    return Self(
      .throttle(
        id: AnyHashableSendable(id), interval: interval, clock: clock, latest: latest, self))
  }
}
