import SwiftSyntax
import SwiftSyntaxMacros

/// `@ObservableState`: conforms a feature's state to `ObservableState`, which lets a `Store`
/// of it take part in Swift's Observation (`withObservationTracking`).
public enum ObservableStateMacro: ExtensionMacro {
  public static func expansion(
    of node: AttributeSyntax,
    attachedTo declaration: some DeclGroupSyntax,
    providingExtensionsOf type: some TypeSyntaxProtocol,
    conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [ExtensionDeclSyntax] {
    guard !protocols.isEmpty else { return [] }
    return [try ExtensionDeclSyntax("extension \(type.trimmed): Bearing.ObservableState {}")]
  }
}
