import BearingMacros
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacrosGenericTestSupport
import Testing

@Suite struct PresentsMacroTests {
  @Test func storesTheStateInAPresentationStateAndProjectsIt() {
    assertMacroExpansion(
      """
      struct State {
        @Presents var destination: Destination.State?
      }
      """,
      expandedSource: """
        struct State {
          var destination: Destination.State? {
              @storageRestrictions(initializes: _destination)
              init(initialValue) {
                _destination = Bearing.PresentationState(wrappedValue: initialValue)
              }
              get {
                  _destination.wrappedValue
              }
              set {
                  _destination.wrappedValue = newValue
              }
          }

          var $destination: Bearing.PresentationState<Destination.State> {
            get {
                _destination.projectedValue
            }
            set {
                _destination.projectedValue = newValue
            }
          }

          private var _destination: Bearing.PresentationState<Destination.State>
        }
        """,
      macroSpecs: ["Presents": MacroSpec(type: PresentsMacro.self)],
      failureHandler: { Issue.record("\($0.message)") }
    )
  }

  @Test func aNonOptionalTypeIsAnError() {
    assertMacroExpansion(
      """
      struct State {
        @Presents var destination: Destination.State
      }
      """,
      expandedSource: """
        struct State {
          var destination: Destination.State
        }
        """,
      diagnostics: [
        DiagnosticSpec(
          message:
            "@Presents needs an optional type written out: '@Presents var child: Child.State?'",
          line: 2, column: 3),
        DiagnosticSpec(
          message:
            "@Presents needs an optional type written out: '@Presents var child: Child.State?'",
          line: 2, column: 3),
      ],
      macroSpecs: ["Presents": MacroSpec(type: PresentsMacro.self)],
      failureHandler: { Issue.record("\($0.message)") }
    )
  }
}
