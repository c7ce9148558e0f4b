#if !canImport(Darwin)
  // Darwin's Dispatch gives these; Linux's does not. Code written on Darwin converts durations
  // with them (`timeout: 2 * NSEC_PER_SEC`), so Bearing gives them on Linux.

  /// Nanoseconds per second.
  public let NSEC_PER_SEC: UInt64 = 1_000_000_000
  /// Nanoseconds per millisecond.
  public let NSEC_PER_MSEC: UInt64 = 1_000_000
  /// Nanoseconds per microsecond.
  public let NSEC_PER_USEC: UInt64 = 1_000
  /// Microseconds per second.
  public let USEC_PER_SEC: UInt64 = 1_000_000
#endif
