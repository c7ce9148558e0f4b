import Bearing
import OpenCombine
import Testing

/// A send to a store made while it processes another action, not by an effect, is reported
/// ("Reentrant actions are undefined"), as in The Composable Architecture, and still reduced.
@MainActor
@Suite struct ReentrantSendTests {
  @Test func aSendFromAPublisherSubscriberDuringASendIsReportedAndStillReduced() {
    let store = Store(initialState: [String]()) {
      Reduce<[String], String> { state, action in
        state.append(action)
        return .none
      }
    }
    var cancellables: Set<AnyCancellable> = []
    store.publisher
      .dropFirst()
      .sink { state in
        if state.last == "tap" { store.send("echo") }
      }
      .store(in: &cancellables)
    withKnownIssue {
      store.send("tap")
    } matching: {
      $0.description.contains(
        "Sent '\"echo\"' while an action was being processed.\n\nReentrant actions are undefined")
    }
    #expect(store.state == ["tap", "echo"])
  }

  @Test func actionsSentByEffectsAreNotReentrant() async {
    let store = Store(initialState: [String]()) {
      Reduce<[String], String> { state, action in
        state.append(action)
        switch action {
        case "tap": return .merge(.send("sent"), .run { send in await send("ran") })
        default: return .none
        }
      }
    }
    await store.send("tap").finish()
    #expect(store.state == ["tap", "sent", "ran"])
  }
}
