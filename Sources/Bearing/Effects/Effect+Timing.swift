#if canImport(Combine)
  import Combine
#else
  import OpenCombine
#endif

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
        id: NavigationScope.cancelID(id),
        window: { ThrottleWindow(on: clock, for: interval) },
        latest: latest, self))
  }
}

extension Effect {
  /// Debounces on a Combine scheduler (CombineSchedulers' `TestScheduler`, `ImmediateScheduler`
  /// or a dispatch queue), as The Composable Architecture's older form does; prefer a clock.
  ///
  /// ```swift
  /// .debounce(id: CancelID.search, for: 0.3, scheduler: mainQueue)
  /// ```
  public func debounce<S: Scheduler & Sendable>(
    id: some Hashable & Sendable,
    for dueTime: S.SchedulerTimeType.Stride,
    scheduler: S,
    options: S.SchedulerOptions? = nil
  ) -> Self {
    if case .none = operation { return self }
    // A stride and options are plain values (numbers, flags) that the effect only reads;
    // OpenCombine does not mark them Sendable.
    nonisolated(unsafe) let (dueTime, options) = (dueTime, options)
    // Scheduled as the effect starts, on the sending thread, and started on the scheduler's
    // thread when due, as a Combine delay is: a test scheduler advanced right after the send
    // finds it scheduled, and what it sends at once arrives within the advance.
    return Self(
      .delay(
        { fire in
          scheduler.schedule(
            after: scheduler.now.advanced(by: dueTime), tolerance: scheduler.minimumTolerance,
            options: options, fire)
        },
        self)
    )
    .cancellable(id: id, cancelInFlight: true)
  }

  /// Throttles on a Combine scheduler, as The Composable Architecture's older form does; prefer
  /// a clock.
  ///
  /// ```swift
  /// .throttle(id: CancelID.redraw, for: .seconds(1), scheduler: mainQueue, latest: true)
  /// ```
  public func throttle<S: Scheduler & Sendable>(
    id: some Hashable & Sendable,
    for interval: S.SchedulerTimeType.Stride,
    scheduler: S,
    latest: Bool
  ) -> Self {
    if case .none = operation { return self }
    // A stride is a plain value (a number) that the window only reads; OpenCombine does not
    // mark it Sendable.
    nonisolated(unsafe) let interval = interval
    return Self(
      .throttle(
        id: NavigationScope.cancelID(id),
        window: {
          // A scheduler's time is a plain value (a number) that the window only reads.
          nonisolated(unsafe) let end = scheduler.now.advanced(by: interval)
          return ThrottleWindow(
            isOver: { scheduler.now >= end },
            sleepUntilOver: { try await scheduler.sleep(until: end) })
        },
        latest: latest, self))
  }
}

extension ThrottleWindow {
  /// A window of `interval` that opens now on `clock`.
  init<C: Clock<Duration>>(on clock: C, for interval: Duration) {
    let end = clock.now.advanced(by: interval)
    self.init(
      isOver: { clock.now >= end },
      sleepUntilOver: { try await clock.sleep(until: end, tolerance: nil) })
  }
}
