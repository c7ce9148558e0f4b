import Foundation
import OpenCombine
import Testing

@_spi(Internals) @testable import Bearing

/// The cancellation ids every `.cancellable(id:)` and `Task.cancel(id:)` use: an id at a
/// navigation path, as The Composable Architecture's `_CancelID` is.
@Suite struct CancelIDTests {
  private struct First: Hashable, Sendable {}
  private struct Second: Hashable, Sendable {}

  @Test func idsOfTwoTypesThatHashAlikeDifferAndHashApart() {
    let first = _CancelID(id: First(), navigationIDPath: NavigationIDPath())
    let second = _CancelID(id: Second(), navigationIDPath: NavigationIDPath())
    #expect(first != second)
    #expect(first.hashValue != second.hashValue)
    #expect(first == _CancelID(id: First(), navigationIDPath: NavigationIDPath()))
  }

  @Test func anEffectIsRegisteredUnderItsIDUntilItIsCancelled() async {
    let id = UUID()
    let actions = Effect<Int>.run { _ in try await Task.sleep(for: .seconds(600)) }
      .cancellable(id: id)
      .actions
    #expect(_cancellationCancellables.withValue { $0.exists(at: id, path: NavigationIDPath()) })
    Task.cancel(id: id)
    for await _ in actions {}
    #expect(!_cancellationCancellables.withValue { $0.exists(at: id, path: NavigationIDPath()) })
  }

  // A test case's tear-down forgets the registrations left (`removeAll()`); one of those that
  // ends in the next test must not move that test's count (TCA's count is of the registrations
  // present, so it cannot go below zero). A count of its own, as the process's is shared by
  // every test running.
  @Test func anEffectForgottenByRemoveAllLeavesTheNextCountAlone() {
    let count = CancellablesCount()
    let leftOver = count.added()
    #expect(count.withValue { $0.count } == 1)
    count.withValue { $0.removeAll() }
    #expect(count.count == 0)
    let next = count.added()
    count.removed([leftOver])
    #expect(count.count == 1)
    count.removed([next])
    #expect(count.count == 0)
  }

  @Test func theNavigationIDPathDependencyPlacesTheIDs() async {
    let id = UUID()
    let place = NavigationIDPath(path: [NavigationID(AnyHashableSendable("detail"))])
    let actions = withDependencies {
      $0.navigationIDPath = place
    } operation: {
      Effect<Int>.run { _ in try await Task.sleep(for: .seconds(600)) }
        .cancellable(id: id)
        .actions
    }
    // Registered at its place and at every place above it, the root included: a `.cancel(id:)`
    // made further out reaches it.
    #expect(_cancellationCancellables.withValue { $0.exists(at: id, path: place) })
    #expect(_cancellationCancellables.withValue { $0.exists(at: id, path: NavigationIDPath()) })
    // At another place the id names another effect; at the effect's place, this one.
    withDependencies {
      $0.navigationIDPath = NavigationIDPath(path: [NavigationID(AnyHashableSendable("list"))])
    } operation: {
      Task.cancel(id: id)
    }
    #expect(_cancellationCancellables.withValue { $0.exists(at: id, path: place) })
    withDependencies {
      $0.navigationIDPath = place
    } operation: {
      Task.cancel(id: id)
    }
    for await _ in actions {}
    #expect(!_cancellationCancellables.withValue { $0.exists(at: id, path: place) })
  }

  @Test func anEffectAsAPublisherSendsItsActionsThenCompletes() async {
    let (events, continuation) = AsyncStream.makeStream(of: String.self)
    let cancellable = _EffectPublisher(Effect<Int>.merge(.send(1), .run { send in await send(2) }))
      .sink(
        receiveCompletion: { _ in
          continuation.yield("finished")
          continuation.finish()
        },
        receiveValue: { continuation.yield("\($0)") })
    var received: [String] = []
    for await event in events { received.append(event) }
    #expect(received == ["1", "2", "finished"])
    cancellable.cancel()
  }
}
