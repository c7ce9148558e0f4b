import SwiftSyntax
import SwiftSyntaxMacros

/// `@ReducerCaseIgnored`, `@ReducerCaseEphemeral`, `@ObservationStateIgnored` and
/// `@ObservationStateTracked`: marks that other macros read, expanding to nothing themselves.
public enum MarkerMacro: PeerMacro {
  /// Expands to nothing: the mark only tells other macros about the declaration.
  public static func expansion(
    of node: AttributeSyntax,
    providingPeersOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    []
  }
}
