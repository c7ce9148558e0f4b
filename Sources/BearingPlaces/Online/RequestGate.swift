/// Runs operations one at a time, in the order they arrive.
///
/// A cancelled waiter leaves the line without running its operation.
actor RequestGate {
  private var busy = false
  private var waiters: [(id: Int, continuation: CheckedContinuation<Void, any Error>)] = []
  private var nextID = 0

  func run<T: Sendable>(_ operation: @Sendable () async throws -> T) async throws -> T {
    try await acquire()
    defer { release() }
    return try await operation()
  }

  private func acquire() async throws {
    guard busy else {
      busy = true
      return
    }
    let id = nextID
    nextID += 1
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        waiters.append((id, continuation))
      }
    } onCancel: {
      Task { await self.cancel(id) }
    }
  }

  private func cancel(_ id: Int) {
    guard let index = waiters.firstIndex(where: { $0.id == id }) else { return }
    waiters.remove(at: index).continuation.resume(throwing: CancellationError())
  }

  private func release() {
    if waiters.isEmpty {
      busy = false
    } else {
      waiters.removeFirst().continuation.resume()
    }
  }
}
