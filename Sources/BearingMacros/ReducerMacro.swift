import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@Reducer`, on a struct (a feature) or on an enum of features (a destination or a stack's
/// path).
///
/// On a struct it adds the `Reducer` conformance, makes `State`/`Action` enums `@CasePathable`
/// and `@dynamicMemberLookup`, and applies `ReducerBuilder` to `body`. On an enum such as
/// `enum Destination { case detail(Detail) }` it generates the `State` and `Action` enums (a
/// case per feature) and a `body` that scopes each case to its feature.
public enum ReducerMacro {}

extension ReducerMacro: ExtensionMacro {
  /// Adds the `Reducer` conformance (with `CaseReducer` for an enum), unless a struct declares it.
  public static func expansion(
    of node: AttributeSyntax,
    attachedTo declaration: some DeclGroupSyntax,
    providingExtensionsOf type: some TypeSyntaxProtocol,
    conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [ExtensionDeclSyntax] {
    if declaration.is(EnumDeclSyntax.self) {
      // Both protocols named: an inherited conformance that is only implied is checked before
      // the member macro has added the `State` and `Action` it needs.
      return [
        try ExtensionDeclSyntax(
          "extension \(type.trimmed): Bearing.CaseReducer, Bearing.Reducer {}")
      ]
    }
    guard !declaration.inherits("Reducer") else { return [] }
    return [try ExtensionDeclSyntax("extension \(type.trimmed): Bearing.Reducer {}")]
  }
}

extension ReducerMacro: MemberAttributeMacro {
  /// Makes a struct's `State` and `Action` enums `@CasePathable` and `@dynamicMemberLookup`, and
  /// marks its `body` `@ReducerBuilder`, where they are not already.
  public static func expansion(
    of node: AttributeSyntax,
    attachedTo declaration: some DeclGroupSyntax,
    providingAttributesFor member: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [AttributeSyntax] {
    guard declaration.is(StructDeclSyntax.self) else { return [] }
    if let nested = member.as(EnumDeclSyntax.self),
      ["State", "Action"].contains(nested.name.text)
    {
      var attributes: [AttributeSyntax] = []
      if !nested.attributes.contains(named: "CasePathable") {
        attributes.append("@CasePaths.CasePathable")
      }
      if !nested.attributes.contains(named: "dynamicMemberLookup") {
        attributes.append("@dynamicMemberLookup")
      }
      return attributes
    }
    if let property = member.as(VariableDeclSyntax.self),
      property.bindings.first?.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == "body",
      property.bindings.first?.initializer == nil,
      !property.modifiers.contains(where: { $0.name.text == "static" }),
      !property.attributes.contains(named: "ReducerBuilder")
    {
      return ["@Bearing.ReducerBuilder<Self.State, Self.Action>"]
    }
    return []
  }
}

extension ReducerMacro: MemberMacro {
  /// Adds what a struct leaves out (`State`, `Action`, `body`), or an enum's `State`, `Action`
  /// and `body`; on anything else, a diagnostic.
  public static func expansion(
    of node: AttributeSyntax,
    providingMembersOf declaration: some DeclGroupSyntax,
    conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    if let structDecl = declaration.as(StructDeclSyntax.self) {
      let enclosing = context.lexicalContext.compactMap { context -> String? in
        if let type = context.as(StructDeclSyntax.self) { return type.name.text }
        if let type = context.as(EnumDeclSyntax.self) { return type.name.text }
        if let type = context.as(ClassDeclSyntax.self) { return type.name.text }
        if let type = context.as(ExtensionDeclSyntax.self) {
          return type.extendedType.trimmedDescription
        }
        return nil
      }
      return structMembers(of: structDecl, enclosingTypes: enclosing.reversed())
    }
    guard let enumDecl = declaration.as(EnumDeclSyntax.self) else {
      throw DiagnosticsError(diagnostics: [
        Diagnostic(node: node, message: BearingMacroMessage.reducerNeedsAStructOrEnum)
      ])
    }
    return try caseReducerMembers(of: enumDecl, named: enumDecl.name.text, node: node)
  }

  /// What a `@Reducer struct` leaves out: `State` and `Action` named by its body's type
  /// (`var body: some Reducer<Int, Action>`), or, for a struct that declares no state, actions,
  /// body or `reduce(into:action:)`, an empty state, no actions and a body that does nothing.
  static func structMembers(
    of structDecl: StructDeclSyntax, enclosingTypes: [String]
  ) -> [DeclSyntax] {
    var declared: Set<String> = []
    var bodyType: TypeSyntax?
    var initializerArguments: [String] = []
    var reduces = false
    for member in structDecl.memberBlock.members {
      let decl = member.decl
      if let nested = decl.as(StructDeclSyntax.self) { declared.insert(nested.name.text) }
      if let nested = decl.as(EnumDeclSyntax.self) { declared.insert(nested.name.text) }
      if let nested = decl.as(ClassDeclSyntax.self) { declared.insert(nested.name.text) }
      if let alias = decl.as(TypeAliasDeclSyntax.self) { declared.insert(alias.name.text) }
      if let function = decl.as(FunctionDeclSyntax.self), function.name.text == "reduce" {
        reduces = true
      }
      if let property = decl.as(VariableDeclSyntax.self),
        let binding = property.bindings.first,
        binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == "body"
      {
        declared.insert("body")
        bodyType = binding.typeAnnotation?.type
        // `let body = EmptyReducer<State, Action>()`: the initializer's generic arguments.
        if bodyType == nil,
          let call = binding.initializer?.value.as(FunctionCallExprSyntax.self),
          let generic = call.calledExpression.as(GenericSpecializationExprSyntax.self)
        {
          initializerArguments = generic.genericArgumentClause.arguments.map {
            $0.argument.trimmedDescription
          }
        }
      }
    }
    // `some Reducer<State, Action>`: its two arguments name the feature's types.
    var arguments: [String] = []
    if let some = bodyType?.as(SomeOrAnyTypeSyntax.self),
      let identifier = some.constraint.as(IdentifierTypeSyntax.self),
      identifier.name.text == "Reducer" || identifier.name.text.hasSuffix(".Reducer"),
      let generics = identifier.genericArgumentClause?.arguments
    {
      arguments = generics.map { $0.argument.trimmedDescription }
    } else if let some = bodyType?.as(SomeOrAnyTypeSyntax.self),
      let member = some.constraint.as(MemberTypeSyntax.self), member.name.text == "Reducer",
      let generics = member.genericArgumentClause?.arguments
    {
      arguments = generics.map { $0.argument.trimmedDescription }
    }
    if arguments.isEmpty { arguments = initializerArguments }
    // A body written in terms of the enclosing feature's `State` names it from outside: the
    // alias must be qualified, or it would name itself.
    let outer = enclosingTypes.joined(separator: ".")
    func resolved(_ name: String, own: String) -> String? {
      guard name == own else { return name }
      return outer.isEmpty ? nil : "\(outer).\(own)"
    }
    let access = structDecl.modifiers
      .filter { ["public", "package"].contains($0.name.text) }
      .map { "\($0.name.text) " }
      .joined()
    var members: [DeclSyntax] = []
    // Only a struct that declares none of them is an empty feature; one that declares some
    // writes the rest itself (in an extension, say).
    let isEmptyFeature =
      !reduces && declared.isDisjoint(with: ["State", "Action", "body"])
    if !declared.contains("State") {
      if arguments.count == 2, let state = resolved(arguments[0], own: "State") {
        members.append("\(raw: access)typealias State = \(raw: state)")
      } else if isEmptyFeature {
        members.append(
          """
          @Bearing.ObservableState
          \(raw: access)struct State: Codable, Equatable, Hashable, Sendable {
            \(raw: access)init() {}
          }
          """)
      }
    }
    if !declared.contains("Action") {
      if arguments.count == 2, let action = resolved(arguments[1], own: "Action") {
        members.append("\(raw: access)typealias Action = \(raw: action)")
      } else if isEmptyFeature {
        members.append("\(raw: access)enum Action: Equatable, Hashable, Sendable {}")
      }
    }
    // A feature with its state and actions but no body and no `reduce(into:action:)` does
    // nothing, as TCA's macro has it (its state and actions are a parent's `forEach` or `ifLet`
    // to handle).
    if !reduces, !declared.contains("body"),
      isEmptyFeature || declared.isSuperset(of: ["State", "Action"])
    {
      members.append(
        "\(raw: access)var body: Bearing.EmptyReducer<State, Action> { Bearing.EmptyReducer() }")
    }
    return members
  }

  /// The `State` and `Action` enums and the `body` of a `@Reducer enum`.
  static func caseReducerMembers(
    of enumDecl: EnumDeclSyntax, named typeName: String, node: AttributeSyntax
  ) throws -> [DeclSyntax] {
    let cases = try enumDecl.memberBlock.members.flatMap { member -> [FeatureCase] in
      guard let caseDecl = member.decl.as(EnumCaseDeclSyntax.self) else { return [] }
      return try caseDecl.elements.map { try FeatureCase($0, in: caseDecl, node: node) }
    }
    let access = enumDecl.modifiers
      .filter { ["public", "package"].contains($0.name.text) }
      .map { "\($0.name.text) " }
      .joined()
    let stateCases = cases.map { feature in
      feature.hasPayload ? "case \(feature.name)(\(feature.stateType))" : "case \(feature.name)"
    }
    let actionCases = cases.compactMap { feature in
      feature.actionType.map { "case \(feature.name)(\($0))" }
    }
    // An enum may declare its own `Action` (an action for an ignored case's alert beside its
    // features' actions, as TCA's SyncUps does): it is used as it is, not generated, and its
    // cases are not known to be the features' alone.
    let declaresAction = enumDecl.memberBlock.members.contains { member in
      if let nested = member.decl.as(EnumDeclSyntax.self) { return nested.name.text == "Action" }
      if let nested = member.decl.as(StructDeclSyntax.self) {
        return nested.name.text == "Action"
      }
      if let alias = member.decl.as(TypeAliasDeclSyntax.self) { return alias.name.text == "Action" }
      return false
    }
    // An enum may declare its own `static var body` (moving between its cases on a child's
    // delegate action, as TCA's tic-tac-toe does): it is used as it is, not generated.
    let declaresBody = enumDecl.memberBlock.members.contains { member in
      guard let variable = member.decl.as(VariableDeclSyntax.self) else { return false }
      return variable.bindings.contains {
        $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == "body"
      }
    }
    // Each feature case reduces its value in place of a `Scope` per case: no key paths or
    // case paths to form, since a parent rebuilds this body for every action.
    let reduceCases = cases.compactMap { feature -> String? in
      switch feature.kind {
      case .feature:
        return """
          case .\(feature.name)(let action):
            guard case .\(feature.name)(var childState) = state else {
              Bearing._reportCaseMismatch(action: action, in: Self.self)
              return .none
            }
            let effect = \(feature.makeReducer).reduce(into: &childState, action: action)
            state = .\(feature.name)(childState)
            return effect.map { .\(feature.name)($0) }
          """
      case .ephemeral:
        return "case .\(feature.name): return .none"
      case .ignored:
        return nil
      }
    }
    // Over a declared `Action`, each feature's case is matched on its own and every other
    // action does nothing: a `switch` could not know whether it is exhaustive.
    let matchFeatureCases = cases.compactMap { feature -> String? in
      guard feature.kind == .feature else { return nil }
      return """
        if case .\(feature.name)(let action) = action {
          guard case .\(feature.name)(var childState) = state else {
            Bearing._reportCaseMismatch(action: action, in: Self.self)
            return .none
          }
          let effect = \(feature.makeReducer).reduce(into: &childState, action: action)
          state = .\(feature.name)(childState)
          return effect.map { .\(feature.name)($0) }
        }
        """
    }
    let caseIndices = cases.enumerated().map { "case .\($1.name): \($0)" }
    // The value's `id`, when its type is `Identifiable`: chosen by overload at compile time.
    let elementIDs = cases.map { feature in
      feature.hasPayload && !feature.hasSeveralValues
        ? "case .\(feature.name)(let value): Bearing._presentationElementID(value)"
        : "case .\(feature.name): nil"
    }
    let ephemeral = cases.filter { $0.kind == .ephemeral }.map { "case .\($0.name): true" }
    let stateDecl: DeclSyntax = """
      @CasePaths.CasePathable
      @dynamicMemberLookup
      @Bearing.ObservableState
      \(raw: access)enum State: Bearing.CaseReducerState {
        \(raw: access)typealias StateReducer = \(raw: typeName)
        \(raw: stateCases.joined(separator: "\n"))

        \(raw: access)var _$caseIndex: Int {
          switch self {
          \(raw: caseIndices.joined(separator: "\n"))
          }
        }

        \(raw: access)var _$elementID: Int? {
          switch self {
          \(raw: elementIDs.joined(separator: "\n"))
          }
        }

        \(raw: access)var _$isEphemeral: Bool {
          switch self {
          \(raw: (ephemeral + (ephemeral.count == cases.count ? [] : ["default: false"])).joined(separator: "\n"))
          }
        }
      }
      """
    let actionDecl: DeclSyntax = """
      @CasePaths.CasePathable
      \(raw: access)enum Action {
        \(raw: actionCases.joined(separator: "\n"))
      }
      """
    // An explicit type, not `some Reducer`: associated types of a conformance that a macro
    // adds cannot be inferred from an opaque type that a macro adds.
    let bodyDecl: DeclSyntax =
      declaresAction
      ? """
      \(raw: access)static var body: Bearing.Reduce<Self.State, Self.Action> {
        Bearing.Reduce { state, action in
          \(raw: matchFeatureCases.joined(separator: "\n"))
          return .none
        }
      }
      """
      : """
      \(raw: access)static var body: Bearing.Reduce<Self.State, Self.Action> {
        Bearing.Reduce { state, action in
          switch action {
          \(raw: reduceCases.joined(separator: "\n"))
          }
        }
      }
      """
    return (declaresAction ? [stateDecl] : [stateDecl, actionDecl])
      + (declaresBody ? [] : [bodyDecl])
  }
}

/// One case of a `@Reducer enum`: a feature, or state that has no reducer of its own.
struct FeatureCase {
  enum Kind {
    /// `case detail(Detail)`: scoped to `Detail()`.
    case feature
    /// `@ReducerCaseEphemeral case alert(Alert)`: the value is the state, its `Action` the
    /// actions, with no reducer.
    case ephemeral
    /// `@ReducerCaseIgnored case meeting(Meeting)`, or a case whose value is not one plain type
    /// (`case meeting(Meeting, syncUp: SyncUp)`): state only.
    case ignored
  }

  let name: String
  var kind: Kind
  let reducerType: String
  /// The reducer a case's default value names (`case inner(Inner.Body = Inner.body)`).
  var defaultReducer: String?
  /// `case another`, with no value: state only.
  var hasPayload = true
  /// `case meeting(Meeting, syncUp: SyncUp)`: state only, its values as written.
  var hasSeveralValues = false

  /// How the case's reducer is made: its default value, or its type's `init()`.
  var makeReducer: String { defaultReducer.map { "(\($0))" } ?? "\(reducerType)()" }

  var stateType: String {
    kind == .feature ? "\(reducerType).State" : reducerType
  }

  var actionType: String? {
    switch kind {
    case .feature: "\(reducerType).Action"
    case .ephemeral: "\(reducerType).Action"
    case .ignored: nil
    }
  }

  init(_ element: EnumCaseElementSyntax, in caseDecl: EnumCaseDeclSyntax, node: AttributeSyntax)
    throws
  {
    name = element.name.text
    if caseDecl.attributes.contains(named: "ReducerCaseIgnored") {
      kind = .ignored
    } else if caseDecl.attributes.contains(named: "ReducerCaseEphemeral")
      || element.parameterClause?.parameters.first.map({
        let type = $0.type.trimmedDescription
        return ["AlertState<", "ConfirmationDialogState<"].contains { prefix in
          type.hasPrefix(prefix) || type.hasPrefix("Bearing.\(prefix)")
        }
      }) == true
    {
      kind = .ephemeral
    } else {
      kind = .feature
    }
    guard let parameters = element.parameterClause?.parameters else {
      // `case another`: a state with no value and no actions.
      kind = .ignored
      hasPayload = false
      reducerType = "Void"
      return
    }
    // A case whose value is not one plain type (`case meeting(Meeting, syncUp: SyncUp)`,
    // `case text(String?)`) holds state with no feature, as if `@ReducerCaseIgnored`: TCA's rule.
    let isPlainType =
      parameters.count == 1
      && parameters.first.map {
        $0.type.is(IdentifierTypeSyntax.self) || $0.type.is(MemberTypeSyntax.self)
      } == true
    if !isPlainType, kind == .feature { kind = .ignored }
    guard parameters.count == 1, let parameter = parameters.first else {
      guard kind == .ignored else {
        throw DiagnosticsError(diagnostics: [
          Diagnostic(node: element, message: BearingMacroMessage.reducerCaseNeedsOneFeature)
        ])
      }
      // The values as written: `case meeting(Meeting, syncUp: SyncUp)` in the state too.
      reducerType = parameters.trimmedDescription
      hasSeveralValues = true
      return
    }
    reducerType = parameter.type.trimmedDescription
    defaultReducer = parameter.defaultValue?.value.trimmedDescription
  }
}

extension DeclGroupSyntax {
  /// Whether the declaration itself names `protocolName` among what it inherits.
  func inherits(_ protocolName: String) -> Bool {
    inheritanceClause?.inheritedTypes.contains { inherited in
      let name = inherited.type.trimmedDescription
      return name == protocolName || name.hasSuffix(".\(protocolName)")
    } ?? false
  }
}

extension AttributeListSyntax {
  /// Whether an attribute named `name` (plain or module-qualified) is in the list.
  func contains(named name: String) -> Bool {
    contains { element in
      guard case .attribute(let attribute) = element else { return false }
      let written = attribute.attributeName.trimmedDescription
      return written == name || written.hasSuffix(".\(name)")
    }
  }
}
