import Synchronization

/// A queue where every item is taken exactly once, by whichever consumer asks first; items posted
/// before anyone asks wait for the first consumer.
final class Mailbox<Item: Sendable>: Sendable {
  private struct State {
    var items: [Item] = []
    var waiters: [(id: Int, continuation: CheckedContinuation<Item?, Never>)] = []
    var nextID = 0
  }

  private let state = Mutex(State())

  func post(_ item: Item) {
    let waiter = state.withLock { state -> CheckedContinuation<Item?, Never>? in
      guard !state.waiters.isEmpty else {
        state.items.append(item)
        return nil
      }
      return state.waiters.removeFirst().continuation
    }
    waiter?.resume(returning: item)
  }

  /// The next item, or `nil` once the calling task is cancelled.
  func take() async -> Item? {
    let id = state.withLock { state in
      defer { state.nextID += 1 }
      return state.nextID
    }
    return await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        let ready = state.withLock { state -> Item?? in
          if !state.items.isEmpty { return .some(state.items.removeFirst()) }
          if Task.isCancelled { return .some(nil) }
          state.waiters.append((id, continuation))
          return .none
        }
        if let ready { continuation.resume(returning: ready) }
      }
    } onCancel: {
      let waiter = state.withLock { state -> CheckedContinuation<Item?, Never>? in
        guard let index = state.waiters.firstIndex(where: { $0.id == id }) else { return nil }
        return state.waiters.remove(at: index).continuation
      }
      waiter?.resume(returning: nil)
    }
  }
}
