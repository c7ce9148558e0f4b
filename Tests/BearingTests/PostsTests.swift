import Bearing
import BearingTesting
import Testing

@MainActor
@Suite struct PostsTests {
  let first = Post(id: 1, text: "Flat white at Ekberg")
  let second = Post(id: 2, text: "Cortado at Andante")

  @Test func loadCreateDeleteThroughTestStore() async {
    let store = TestStore(initialState: Posts.State()) {
      Posts()
    } withDependencies: { [first, second] in
      $0.posts.load = { [first] }
      $0.posts.create = { _ in second }
      $0.posts.delete = { _ in }
    }
    await store.send(.onAppear) { $0.isLoading = true }
    await store.receive(.loaded([first])) {
      $0.isLoading = false
      $0.posts = [first]
    }
    await store.send(.createTapped(second.text))
    await store.receive(\.created) { $0.posts.append(second) }
    await store.send(.deleteTapped(1))
    await store.receive(.deleted(1)) { $0.posts.remove(id: 1) }
  }

  @Test func tapPresentsDetailAndFailurePresentsAlert() async {
    let store = TestStore(initialState: Posts.State(posts: [first])) {
      Posts()
    } withDependencies: {
      $0.posts.delete = { _ in throw PostsFailure() }
    }
    await store.send(.postTapped(1))
    await store.receive(\.viewEffect, .presentDetail(first))
    await store.send(.deleteTapped(1))
    await store.receive(.failed("The server is unreachable."))
    await store.receive(.viewEffect(.presentErrorAlert("The server is unreachable.")))
  }

  @Test func theViewModelDeliversStatesAndEachEffectOnce() async {
    let viewModel = ViewModel(
      initialState: Posts.State(),
      reducer: { Posts() },
      viewState: PostsViewState.init,
      event: { (event: PostsEvent) in event.action },
      viewEffect: \.viewEffect,
      withDependencies: { [first] in
        $0.posts.load = { [first] }
        $0.posts.delete = { _ in throw PostsFailure() }
      }
    )
    var states = viewModel.viewStates().makeAsyncIterator()
    #expect(await states.next() == PostsViewState(Posts.State()))

    await viewModel.send(.appeared).finish()
    // Loading and loaded may coalesce for a slow reader: the newest state always arrives.
    var latest = await states.next()
    if latest?.showsSpinner == true { latest = await states.next() }
    #expect(latest == PostsViewState(Posts.State(posts: [first])))

    // Effects produced before anyone subscribes are kept, and delivered once.
    await viewModel.send(.tap(1))
    await viewModel.send(.delete(1)).finish()
    var effects = viewModel.viewEffects().makeAsyncIterator()
    #expect(await effects.next() == .presentDetail(first))
    #expect(await effects.next() == .presentErrorAlert("The server is unreachable."))

    // A second subscriber does not see them again.
    let late = viewModel.viewEffects()
    let again = Task { await late.first { @Sendable _ in true } }
    try? await Task.sleep(for: .milliseconds(50))
    again.cancel()
    #expect(await again.value == nil)
  }

  @Test func subscriptionClosuresReceiveStatesAndEffects() async {
    let viewModel = ViewModel(
      initialState: Posts.State(posts: [first]),
      reducer: { Posts() },
      viewState: PostsViewState.init,
      event: { (event: PostsEvent) in event.action },
      viewEffect: \.viewEffect
    )
    let effects = AsyncStream.makeStream(of: Posts.ViewEffect.self)
    let states = AsyncStream.makeStream(of: PostsViewState.self)
    let effectSubscription = viewModel.subscribeToViewEffects { effects.continuation.yield($0) }
    let stateSubscription = viewModel.subscribeToViewState { states.continuation.yield($0) }
    defer {
      effectSubscription.cancel()
      stateSubscription.cancel()
    }
    await viewModel.send(.tap(1))
    var effectIterator = effects.stream.makeAsyncIterator()
    #expect(await effectIterator.next() == .presentDetail(first))
    var stateIterator = states.stream.makeAsyncIterator()
    #expect(await stateIterator.next()?.titles == [first.text])
    #expect(viewModel.viewState.titles == [first.text])
  }
}
