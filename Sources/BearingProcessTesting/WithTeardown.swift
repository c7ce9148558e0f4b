/// Runs `body`, then `teardown`, awaited, however `body` ends: the scope of a daemon or server a
/// test started (a `defer` body cannot await).
///
/// ```swift
/// let gpsfake = try GPSFake(log: log)
/// try await withTeardown { try await body(gpsfake) } teardown: { await gpsfake.stop() }
/// ```
public func withTeardown<T>(
  _ body: () async throws -> T, teardown: () async -> Void
) async rethrows -> T {
  do {
    let result = try await body()
    await teardown()
    return result
  } catch {
    await teardown()
    throw error
  }
}
