import BearingMacros
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacrosGenericTestSupport
import Testing

@Suite struct ViewActionMacroTests {
  @Test func makesTheTypeAViewActionSender() {
    assertMacroExpansion(
      """
      @ViewAction(for: Login.self)
      struct LoginScreen {
        let store: StoreOf<Login>
      }
      """,
      expandedSource: """
        struct LoginScreen {
          let store: StoreOf<Login>
        }

        extension LoginScreen: Bearing.ViewActionSending {
        }
        """,
      macroSpecs: [
        "ViewAction": MacroSpec(type: ViewActionMacro.self, conformances: ["ViewActionSending"])
      ],
      failureHandler: { Issue.record("\($0.message)") }
    )
  }
}
