import Bearing
import BearingTesting
import Testing

/// A feature a destination presents.
@Reducer
struct TitleEditor {
  @ObservableState
  struct State: Equatable {
    var title = ""
  }
  enum Action: Equatable {
    case retitle(String)
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .retitle(let title):
        state.title = title
        return .none
      }
    }
  }
}

/// A `@Reducer enum` that declares its own `Action`, with a case for an ignored alert beside its
/// feature's: the shape of the destination of TCA's SyncUps detail screen.
@Reducer
struct MeetingDetail {
  @Reducer
  enum Destination {
    @ReducerCaseIgnored case alert(AlertState<Alert>)
    case edit(TitleEditor)

    @CasePathable
    enum Action {
      case alert(Alert)
      case edit(TitleEditor.Action)
    }

    @CasePathable
    enum Alert: Equatable {
      case confirmDeletion
    }
  }

  @ObservableState
  struct State: Equatable {
    @Presents var destination: Destination.State?
    var isDeleted = false
  }

  enum Action {
    case deleteTapped
    case destination(PresentationAction<Destination.Action>)
    case editTapped
  }

  static let deletion = AlertState<Destination.Alert> {
    TextState("Delete?")
  } actions: {
    ButtonState(role: .destructive, action: .confirmDeletion) { TextState("Yes") }
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .deleteTapped:
        state.destination = .alert(Self.deletion)
        return .none
      case .destination(.presented(.alert(.confirmDeletion))):
        state.destination = nil
        state.isDeleted = true
        return .none
      case .destination:
        return .none
      case .editTapped:
        state.destination = .edit(TitleEditor.State())
        return .none
      }
    }
    .ifLet(\.$destination, action: \.destination)
  }
}

extension MeetingDetail.Destination.State: Equatable {}

@MainActor
@Suite struct DeclaredActionDestinationTests {
  /// The declared `Action` is the destination's: its feature case reaches the feature, its alert
  /// case reaches the parent.
  @Test func aReducerEnumKeepsTheActionItDeclares() async {
    let store = TestStore(initialState: MeetingDetail.State()) { MeetingDetail() }
    await store.send(.editTapped) {
      $0.destination = .edit(TitleEditor.State())
    }
    await store.send(\.destination.edit.retitle, "Standup") {
      $0.destination?.modify(\.edit) { $0.title = "Standup" }
    }
    await store.send(.deleteTapped) {
      $0.destination = .alert(MeetingDetail.deletion)
    }
    await store.send(\.destination.alert.confirmDeletion) {
      $0.destination = nil
      $0.isDeleted = true
    }
  }
}
