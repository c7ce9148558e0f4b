import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// `@Presents var destination: Destination.State?`: stores the optional state in a
/// `PresentationState` (`_destination`), reads and writes it through `destination`, and exposes
/// the presentation state as `$destination` for `ifLet(\.$destination, action:)`.
///
/// The property keeps its place in the memberwise initializer through an `init` accessor.
public enum PresentsMacro: AccessorMacro, PeerMacro {
  /// The accessors of a presented property: an `init` accessor that wraps the initial value, and
  /// a getter and setter of the wrapped state (observed when the state is `@ObservableState`).
  public static func expansion(
    of node: AttributeSyntax,
    providingAccessorsOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [AccessorDeclSyntax] {
    guard let property = try PresentedProperty(declaration, node: node) else { return [] }
    let storage = property.storageName
    let initAccessor: AccessorDeclSyntax = """
      @storageRestrictions(initializes: \(storage))
      init(initialValue) {
        \(storage) = Bearing.PresentationState(wrappedValue: initialValue)
      }
      """
    guard isInObservableState(context) else {
      return [
        initAccessor,
        "get { \(storage).wrappedValue }",
        "set { \(storage).wrappedValue = newValue }",
      ]
    }
    let name = property.name
    return [
      initAccessor,
      """
      get {
        _$observationRegistrar.access(self, keyPath: \\.\(raw: name))
        return \(storage).wrappedValue
      }
      """,
      """
      set {
        _$observationRegistrar.mutate(
          self, keyPath: \\.\(raw: name), &\(storage).wrappedValue, newValue,
          Bearing._$isIdentityEqual)
      }
      """,
    ]
  }

  /// The peers of a presented property: the `_name` storage and the `$name` projection.
  public static func expansion(
    of node: AttributeSyntax,
    providingPeersOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    guard let property = try PresentedProperty(declaration, node: node) else { return [] }
    let storage = property.storageName
    let wrapped = property.wrappedType
    let name = property.name
    let projection: DeclSyntax =
      isInObservableState(context)
      ? """
      \(raw: property.access)var $\(raw: name): Bearing.PresentationState<\(wrapped)> {
        get {
          _$observationRegistrar.access(self, keyPath: \\.\(raw: name))
          return \(storage).projectedValue
        }
        set {
          _$observationRegistrar.mutate(
            self, keyPath: \\.\(raw: name), &\(storage), newValue, Bearing._$isIdentityEqual)
        }
      }
      """
      : """
      \(raw: property.access)var $\(raw: name): Bearing.PresentationState<\(wrapped)> {
        get { \(storage).projectedValue }
        set { \(storage).projectedValue = newValue }
      }
      """
    return [
      projection,
      """
      private var \(storage): Bearing.PresentationState<\(wrapped)>
      """,
    ]
  }
}

/// Whether the property is declared in an `@ObservableState` struct, whose registrar its
/// accessors then report to.
private func isInObservableState(_ context: some MacroExpansionContext) -> Bool {
  guard let type = context.lexicalContext.first?.as(StructDeclSyntax.self) else { return false }
  return type.attributes.contains { attribute in
    guard case .attribute(let attribute) = attribute else { return false }
    let name = attribute.attributeName.trimmedDescription
    return name == "ObservableState" || name == "Bearing.ObservableState"
  }
}

/// The parts of a `@Presents` property the expansion needs.
struct PresentedProperty {
  let name: String
  let wrappedType: TypeSyntax
  let access: String

  var storageName: TokenSyntax { "_\(raw: name)" }

  init?(_ declaration: some DeclSyntaxProtocol, node: AttributeSyntax) throws {
    guard
      let variable = declaration.as(VariableDeclSyntax.self),
      let binding = variable.bindings.first,
      let identifier = binding.pattern.as(IdentifierPatternSyntax.self)
    else {
      throw DiagnosticsError(diagnostics: [
        Diagnostic(node: node, message: BearingMacroMessage.presentsNeedsAProperty)
      ])
    }
    guard let type = binding.typeAnnotation?.type else {
      throw DiagnosticsError(diagnostics: [
        Diagnostic(node: node, message: BearingMacroMessage.presentsNeedsAnOptionalType)
      ])
    }
    if let optional = type.as(OptionalTypeSyntax.self) {
      wrappedType = optional.wrappedType.trimmed
    } else if let optional = type.as(IdentifierTypeSyntax.self), optional.name.text == "Optional",
      let argument = optional.genericArgumentClause?.arguments.first
    {
      wrappedType = TypeSyntax("\(argument.argument.trimmed)")
    } else {
      throw DiagnosticsError(diagnostics: [
        Diagnostic(node: node, message: BearingMacroMessage.presentsNeedsAnOptionalType)
      ])
    }
    name = identifier.identifier.trimmed.text
    access =
      variable.modifiers
      .filter {
        ["public", "package", "internal", "fileprivate", "private"].contains($0.name.text)
      }
      .map { "\($0.name.text) " }
      .joined()
  }
}

enum BearingMacroMessage: String, DiagnosticMessage {
  case presentsNeedsAProperty
  case presentsNeedsAnOptionalType
  case reducerNeedsAStructOrEnum
  case reducerCaseNeedsOneFeature

  var message: String {
    switch self {
    case .presentsNeedsAProperty:
      "@Presents applies to a stored property: '@Presents var destination: Destination.State?'"
    case .presentsNeedsAnOptionalType:
      "@Presents needs an optional type written out: '@Presents var child: Child.State?'"
    case .reducerNeedsAStructOrEnum:
      "@Reducer applies to a struct (a feature) or an enum of features (a destination)"
    case .reducerCaseNeedsOneFeature:
      """
      a @ReducerCaseEphemeral case holds one value, its state: \
      '@ReducerCaseEphemeral case alert(AlertState<Alert>)'
      """
    }
  }

  var diagnosticID: MessageID { MessageID(domain: "BearingMacros", id: rawValue) }
  var severity: DiagnosticSeverity { .error }
}
