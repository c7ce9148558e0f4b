import BearingMacros
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacrosGenericTestSupport
import Testing

@Suite struct ReducerMacroTests {
  let macros = ["Reducer": MacroSpec(type: ReducerMacro.self)]

  @Test func aStructGetsTheConformanceCasePathsAndABuilder() {
    assertMacroExpansion(
      """
      @Reducer
      struct Counter {
        struct State {}
        enum Action {
          case tapped
        }
        var body: some ReducerOf<Self> { EmptyReducer() }
      }
      """,
      expandedSource: """
        struct Counter {
          struct State {}
          @CasePaths.CasePathable @dynamicMemberLookup
          enum Action {
            case tapped
          }
          @Bearing.ReducerBuilder<Self.State, Self.Action>
          var body: some ReducerOf<Self> { EmptyReducer() }
        }

        extension Counter: Bearing.Reducer {
        }
        """,
      macroSpecs: macros,
      failureHandler: { Issue.record("\($0.message)") }
    )
  }

  @Test func aStructThatSaysReducerIsLeftToItsConformance() {
    assertMacroExpansion(
      """
      @Reducer
      struct Counter: Reducer {
        @CasePathable
        enum Action {
          case tapped
        }
      }
      """,
      expandedSource: """
        struct Counter: Reducer {
          @CasePathable
          @dynamicMemberLookup
          enum Action {
            case tapped
          }
        }
        """,
      macroSpecs: macros,
      failureHandler: { Issue.record("\($0.message)") }
    )
  }

  @Test func anEnumOfFeaturesGetsItsStateActionAndBody() {
    assertMacroExpansion(
      """
      @Reducer
      enum Destination {
        case detail(Detail)
        @ReducerCaseIgnored
        case preview(Contact)
        @ReducerCaseEphemeral
        case confirm(Confirmation)
      }
      """,
      expandedSource: #"""
        enum Destination {
          case detail(Detail)
          @ReducerCaseIgnored
          case preview(Contact)
          @ReducerCaseEphemeral
          case confirm(Confirmation)

            @CasePaths.CasePathable
            @dynamicMemberLookup
            @Bearing.ObservableState
            enum State: Bearing.CaseReducerState {
              typealias StateReducer = Destination
              case detail(Detail.State)
              case preview(Contact)
              case confirm(Confirmation)

              var _$caseIndex: Int {
                switch self {
                case .detail:
                    0
                case .preview:
                    1
                case .confirm:
                    2
                }
              }

              var _$elementID: Int? {
                switch self {
                case .detail(let value):
                    Bearing._presentationElementID(value)
                case .preview(let value):
                    Bearing._presentationElementID(value)
                case .confirm(let value):
                    Bearing._presentationElementID(value)
                }
              }

              var _$isEphemeral: Bool {
                switch self {
                case .confirm:
                    true
                default:
                    false
                }
              }
            }

            @CasePaths.CasePathable
            enum Action {
              case detail(Detail.Action)
              case confirm(Confirmation.Action)
            }

            static var body: Bearing.Reduce<Self.State, Self.Action> {
              Bearing.Reduce { state, action in
                switch action {
                case .detail(let action):
              guard case .detail(var childState) = state else {
                Bearing._reportCaseMismatch(action: action, in: Self.self)
                return .none
              }
              let effect = Detail().reduce(into: &childState, action: action)
              state = .detail(childState)
              return effect.map {
                  .detail($0)
              }
                case .confirm:
                    return .none
                }
              }
            }
        }

        extension Destination: Bearing.CaseReducer, Bearing.Reducer {
        }
        """#,
      macroSpecs: macros,
      failureHandler: { Issue.record("\($0.message)") }
    )
  }

  @Test func aCaseOfSeveralValuesHoldsStateWithNoFeature() {
    assertMacroExpansion(
      """
      @Reducer
      enum Path {
        case detail(Detail)
        case meeting(Meeting, syncUp: SyncUp)
      }
      """,
      expandedSource: #"""
        enum Path {
          case detail(Detail)
          case meeting(Meeting, syncUp: SyncUp)

            @CasePaths.CasePathable
            @dynamicMemberLookup
            @Bearing.ObservableState
            enum State: Bearing.CaseReducerState {
              typealias StateReducer = Path
              case detail(Detail.State)
              case meeting(Meeting, syncUp: SyncUp)

              var _$caseIndex: Int {
                switch self {
                case .detail:
                    0
                case .meeting:
                    1
                }
              }

              var _$elementID: Int? {
                switch self {
                case .detail(let value):
                    Bearing._presentationElementID(value)
                case .meeting:
                    nil
                }
              }

              var _$isEphemeral: Bool {
                switch self {
                default:
                    false
                }
              }
            }

            @CasePaths.CasePathable
            enum Action {
              case detail(Detail.Action)
            }

            static var body: Bearing.Reduce<Self.State, Self.Action> {
              Bearing.Reduce { state, action in
                switch action {
                case .detail(let action):
              guard case .detail(var childState) = state else {
                Bearing._reportCaseMismatch(action: action, in: Self.self)
                return .none
              }
              let effect = Detail().reduce(into: &childState, action: action)
              state = .detail(childState)
              return effect.map {
                  .detail($0)
              }
                }
              }
            }
        }

        extension Path: Bearing.CaseReducer, Bearing.Reducer {
        }
        """#,
      macroSpecs: macros,
      failureHandler: { Issue.record("\($0.message)") }
    )
  }

  @Test func anEphemeralCaseOfSeveralValuesIsAnError() {
    assertMacroExpansion(
      """
      @Reducer
      enum Destination {
        @ReducerCaseEphemeral
        case alert(Alert, Int)
      }
      """,
      expandedSource: """
        enum Destination {
          @ReducerCaseEphemeral
          case alert(Alert, Int)
        }

        extension Destination: Bearing.CaseReducer, Bearing.Reducer {
        }
        """,
      diagnostics: [
        DiagnosticSpec(
          message: """
            a @ReducerCaseEphemeral case holds one value, its state: \
            '@ReducerCaseEphemeral case alert(AlertState<Alert>)'
            """,
          line: 4, column: 8)
      ],
      macroSpecs: macros,
      failureHandler: { Issue.record("\($0.message)") }
    )
  }
}

@Suite
struct ReducerMacroInferenceTests {
  let macros = ["Reducer": MacroSpec(type: ReducerMacro.self)]

  @Test func aBodyOfAnotherStateNamesTheState() {
    assertMacroExpansion(
      """
      @Reducer
      struct Counter {
        var body: some Reducer<Int, Bool> { EmptyReducer() }
      }
      """,
      expandedSource: """
        struct Counter {
          @Bearing.ReducerBuilder<Self.State, Self.Action>
          var body: some Reducer<Int, Bool> { EmptyReducer() }

            typealias State = Int

            typealias Action = Bool
        }

        extension Counter: Bearing.Reducer {
        }
        """,
      macroSpecs: macros,
      failureHandler: { Issue.record("\($0.message)") }
    )
  }

  @Test func anEmptyStructIsAnEmptyFeature() {
    assertMacroExpansion(
      """
      @Reducer
      struct Nothing {}
      """,
      expandedSource: """
        struct Nothing {

            @Bearing.ObservableState
            struct State: Codable, Equatable, Hashable, Sendable {
              init() {
              }
            }

            enum Action: Equatable, Hashable, Sendable {
            }

            var body: Bearing.EmptyReducer<State, Action> {
                Bearing.EmptyReducer()
            }
        }

        extension Nothing: Bearing.Reducer {
        }
        """,
      macroSpecs: macros,
      failureHandler: { Issue.record("\($0.message)") }
    )
  }

  /// An enum that declares its own `Action` (SyncUps' detail destination) keeps it: no second
  /// `Action` is generated, and the body reduces its feature cases one by one, every other
  /// action doing nothing.
  @Test func anEnumThatDeclaresItsActionKeepsIt() {
    assertMacroExpansion(
      """
      @Reducer
      enum Destination {
        @ReducerCaseIgnored case alert(AlertState<Alert>)
        case edit(Form)

        @CasePathable
        enum Action {
          case alert(Alert)
          case edit(Form.Action)
        }
      }
      """,
      expandedSource: #"""
        enum Destination {
          @ReducerCaseIgnored case alert(AlertState<Alert>)
          case edit(Form)

          @CasePathable
          enum Action {
            case alert(Alert)
            case edit(Form.Action)
          }

            @CasePaths.CasePathable
            @dynamicMemberLookup
            @Bearing.ObservableState
            enum State: Bearing.CaseReducerState {
              typealias StateReducer = Destination
              case alert(AlertState<Alert>)
              case edit(Form.State)

              var _$caseIndex: Int {
                switch self {
                case .alert:
                    0
                case .edit:
                    1
                }
              }

              var _$elementID: Int? {
                switch self {
                case .alert(let value):
                    Bearing._presentationElementID(value)
                case .edit(let value):
                    Bearing._presentationElementID(value)
                }
              }

              var _$isEphemeral: Bool {
                switch self {
                default:
                    false
                }
              }
            }

            static var body: Bearing.Reduce<Self.State, Self.Action> {
              Bearing.Reduce { state, action in
                if case .edit(let action) = action {
              guard case .edit(var childState) = state else {
                Bearing._reportCaseMismatch(action: action, in: Self.self)
                return .none
              }
              let effect = Form().reduce(into: &childState, action: action)
              state = .edit(childState)
              return effect.map {
                  .edit($0)
              }
                }
                return .none
              }
            }
        }

        extension Destination: Bearing.CaseReducer, Bearing.Reducer {
        }
        """#,
      macroSpecs: macros,
      failureHandler: { Issue.record("\($0.message)") }
    )
  }
}
