import SwiftCompilerPlugin
import SwiftSyntaxMacros

@main
struct BearingMacrosPlugin: CompilerPlugin {
  let providingMacros: [any Macro.Type] = [
    ReducerMacro.self,
    ObservableStateMacro.self,
    ObservationStateTrackedMacro.self,
    PresentsMacro.self,
    MarkerMacro.self,
    ViewActionMacro.self,
  ]
}
