import SwiftSyntax
import SwiftSyntaxMacros

/// `@ViewAction(for: Feature.self)`: makes the type it is attached to a `ViewActionSending`,
/// whose `send(_:)` wraps the view's actions in `.view(…)`. The type's `store` property names
/// the store (its state and action types are inferred from it).
public enum ViewActionMacro: ExtensionMacro {
  /// Adds the `ViewActionSending` conformance, unless the type already has it.
  public static func expansion(
    of node: AttributeSyntax,
    attachedTo declaration: some DeclGroupSyntax,
    providingExtensionsOf type: some TypeSyntaxProtocol,
    conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [ExtensionDeclSyntax] {
    guard !protocols.isEmpty else { return [] }
    return [try ExtensionDeclSyntax("extension \(type.trimmed): Bearing.ViewActionSending {}")]
  }
}
