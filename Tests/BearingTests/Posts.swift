import Bearing
import Foundation

/// The MVVM prototype's posts screen: list, create, delete, tap for detail, error alert.
struct Post: Equatable, Identifiable, Sendable {
  var id: Int
  var text: String
}

@DependencyClient
struct PostsClient: Sendable {
  var load: @Sendable () async throws -> [Post]
  var create: @Sendable (_ text: String) async throws -> Post
  var delete: @Sendable (_ id: Int) async throws -> Void
}

extension PostsClient: TestDependencyKey {
  static let testValue = PostsClient()
}

extension DependencyValues {
  var posts: PostsClient {
    get { self[PostsClient.self] }
    set { self[PostsClient.self] = newValue }
  }
}

struct PostsFailure: Error, Equatable, LocalizedError {
  var errorDescription: String? { "The server is unreachable." }
}

struct Posts: Reducer {
  struct State: Equatable, Sendable {
    var posts: IdentifiedArrayOf<Post> = []
    var isLoading = false
  }

  enum ViewEffect: Equatable, Sendable {
    case presentDetail(Post)
    case presentErrorAlert(String)
  }

  @CasePathable
  enum Action: Equatable, Sendable {
    case onAppear
    case loaded([Post])
    case createTapped(String)
    case created(Post)
    case deleteTapped(Int)
    case deleted(Int)
    case postTapped(Int)
    case failed(String)
    case viewEffect(ViewEffect)
  }

  @Dependency(\.posts) var client

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .onAppear:
      state.isLoading = true
      return .run { send in
        await send(.loaded(try await client.load()))
      } catch: { error, send in
        await send(.failed(error.localizedDescription))
      }
    case .loaded(let posts):
      state.isLoading = false
      state.posts = IdentifiedArray(uniqueElements: posts)
      return .none
    case .createTapped(let text):
      return .run { send in
        await send(.created(try await client.create(text: text)))
      } catch: { error, send in
        await send(.failed(error.localizedDescription))
      }
    case .created(let post):
      state.posts.append(post)
      return .none
    case .deleteTapped(let id):
      return .run { send in
        try await client.delete(id: id)
        await send(.deleted(id))
      } catch: { error, send in
        await send(.failed(error.localizedDescription))
      }
    case .deleted(let id):
      state.posts.remove(id: id)
      return .none
    case .postTapped(let id):
      guard let post = state.posts[id: id] else { return .none }
      return .send(.viewEffect(.presentDetail(post)))
    case .failed(let message):
      state.isLoading = false
      return .send(.viewEffect(.presentErrorAlert(message)))
    case .viewEffect:
      return .none
    }
  }
}

/// What the posts screen renders.
struct PostsViewState: Equatable, Sendable {
  var titles: [String]
  var showsSpinner: Bool

  init(_ state: Posts.State) {
    titles = state.posts.map(\.text)
    showsSpinner = state.isLoading
  }
}

enum PostsEvent: Sendable {
  case appeared, create(String), delete(Int), tap(Int)

  var action: Posts.Action {
    switch self {
    case .appeared: .onAppear
    case .create(let text): .createTapped(text)
    case .delete(let id): .deleteTapped(id)
    case .tap(let id): .postTapped(id)
    }
  }
}
