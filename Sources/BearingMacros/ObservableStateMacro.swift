import SwiftSyntax
import SwiftSyntaxMacros

/// `@ObservableState`: makes a feature's state observable property by property, as The
/// Composable Architecture's is.
///
/// On a struct: stores an `ObservationStateRegistrar` (`_$observationRegistrar`), which holds
/// the value's identity (`_$id`) and the registrar that copies share; marks each stored `var`
/// `@ObservationStateTracked`, so that reads are recorded and changes reported.
///
/// On an enum: the identity is the case with its payload's identity, and `_$willModify()` gives
/// the payload a new one.
public enum ObservableStateMacro: MemberMacro, MemberAttributeMacro, ExtensionMacro {
  /// On a struct, adds the registrar, `_$id` and `_$willModify()`; on an enum, an `_$id` and
  /// `_$willModify()` from its cases' payloads.
  public static func expansion(
    of node: AttributeSyntax,
    providingMembersOf declaration: some DeclGroupSyntax,
    conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    if let enumDecl = declaration.as(EnumDeclSyntax.self) {
      return enumMembers(enumDecl)
    }
    guard declaration.is(StructDeclSyntax.self) else { return [] }
    return [
      """
      @Bearing.ObservationStateIgnored
      var _$observationRegistrar = Bearing.ObservationStateRegistrar()
      """,
      """
      public var _$id: Bearing.ObservableStateID {
        _$observationRegistrar.id
      }
      """,
      """
      public mutating func _$willModify() {
        _$observationRegistrar._$willModify()
      }
      """,
    ]
  }

  /// Marks each stored `var` of a struct that has no wrapper, macro or accessors
  /// `@ObservationStateTracked`.
  public static func expansion(
    of node: AttributeSyntax,
    attachedTo declaration: some DeclGroupSyntax,
    providingAttributesFor member: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [AttributeSyntax] {
    guard declaration.is(StructDeclSyntax.self),
      let property = member.as(VariableDeclSyntax.self), property.isTrackable
    else { return [] }
    return ["@Bearing.ObservationStateTracked"]
  }

  /// Adds the `ObservableState` and `Observable` conformances, unless the type already has them.
  public static func expansion(
    of node: AttributeSyntax,
    attachedTo declaration: some DeclGroupSyntax,
    providingExtensionsOf type: some TypeSyntaxProtocol,
    conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [ExtensionDeclSyntax] {
    guard !protocols.isEmpty else { return [] }
    return [
      try ExtensionDeclSyntax(
        "extension \(type.trimmed): Bearing.ObservableState, Observation.Observable {}")
    ]
  }

  private static func enumMembers(_ enumDecl: EnumDeclSyntax) -> [DeclSyntax] {
    let cases = enumDecl.memberBlock.members.flatMap { member in
      member.decl.as(EnumCaseDeclSyntax.self)?.elements.map { $0 } ?? []
    }
    guard !cases.isEmpty else {
      return [
        "public var _$id: Bearing.ObservableStateID { Bearing.ObservableStateID() }",
        "public mutating func _$willModify() {}",
      ]
    }
    var idCases: [String] = []
    var modifyCases: [String] = []
    for (tag, element) in cases.enumerated() {
      let name = element.name.trimmed.text
      let payloads = element.parameterClause?.parameters.count ?? 0
      if payloads == 1 {
        idCases.append(
          "case let .\(name)(payload): return ._$id(for: payload)._$tag(\(tag))")
        modifyCases.append(
          """
          case var .\(name)(payload):
            Bearing.ObservableStateID._$willModify(&payload)
            self = .\(name)(payload)
          """)
      } else {
        idCases.append("case .\(name): return Bearing.ObservableStateID()._$tag(\(tag))")
      }
    }
    // A `default` only where some case has no payload to renew: otherwise it is never run.
    let defaultCase = modifyCases.count < cases.count ? "\ndefault: break" : ""
    let modifyBody =
      modifyCases.isEmpty
      ? ""
      : """
      switch self {
      \(modifyCases.joined(separator: "\n"))\(defaultCase)
      }
      """
    return [
      """
      public var _$id: Bearing.ObservableStateID {
        switch self {
        \(raw: idCases.joined(separator: "\n"))
        }
      }
      """,
      """
      public mutating func _$willModify() {
        \(raw: modifyBody)
      }
      """,
    ]
  }
}

/// `@ObservationStateTracked var count = 0`: keeps the value in `_count` and reads and writes it
/// through the state's `_$observationRegistrar`: a read is recorded, an assignment of a value
/// of another identity (`_$isIdentityEqual`) is reported, and an in-place mutation is reported
/// when it changed the identity.
public enum ObservationStateTrackedMacro: AccessorMacro, PeerMacro {
  /// The accessors of a tracked property: an `init` accessor, and a getter, setter and `_modify`
  /// that go through the registrar.
  public static func expansion(
    of node: AttributeSyntax,
    providingAccessorsOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [AccessorDeclSyntax] {
    guard let property = declaration.as(VariableDeclSyntax.self), property.isTrackable,
      let name = property.identifier
    else { return [] }
    let storage: TokenSyntax = "_\(raw: name)"
    return [
      """
      @storageRestrictions(initializes: \(storage))
      init(initialValue) {
        \(storage) = initialValue
      }
      """,
      """
      get {
        _$observationRegistrar.access(self, keyPath: \\.\(raw: name))
        return \(storage)
      }
      """,
      """
      set {
        _$observationRegistrar.mutate(
          self, keyPath: \\.\(raw: name), &\(storage), newValue, Bearing._$isIdentityEqual)
      }
      """,
      """
      _modify {
        let oldValue = _$observationRegistrar.willModify(self, keyPath: \\.\(raw: name), &\(storage))
        defer {
          _$observationRegistrar.didModify(
            self, keyPath: \\.\(raw: name), &\(storage), oldValue, Bearing._$isIdentityEqual)
        }
        yield &\(storage)
      }
      """,
    ]
  }

  /// The storage of a tracked property: a private `_name` with its type and initial value.
  public static func expansion(
    of node: AttributeSyntax,
    providingPeersOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    guard let property = declaration.as(VariableDeclSyntax.self), property.isTrackable,
      let binding = property.bindings.first, let name = property.identifier
    else { return [] }
    let type = binding.typeAnnotation.map { "\($0.trimmed)" } ?? ""
    let initializer = binding.initializer.map { " \($0.trimmed)" } ?? ""
    return [
      """
      @Bearing.ObservationStateIgnored
      private var _\(raw: name)\(raw: type)\(raw: initializer)
      """
    ]
  }
}

extension VariableDeclSyntax {
  /// The name of a single-binding property.
  var identifier: String? {
    guard bindings.count == 1 else { return nil }
    return bindings.first?.pattern.as(IdentifierPatternSyntax.self)?.identifier.trimmed.text
  }

  /// A stored `var` of an instance with no attribute and no accessors: one `@ObservableState`
  /// tracks. A property with a wrapper or a macro (`@Presents`, `@ObservationStateIgnored`)
  /// is left to it.
  var isTrackable: Bool {
    guard bindingSpecifier.tokenKind == .keyword(.var), identifier != nil,
      attributes.isEmpty || attributes.allSatisfy(\.isObservationStateTracked),
      !modifiers.contains(where: {
        [.keyword(.static), .keyword(.class), .keyword(.lazy)].contains($0.name.tokenKind)
      }),
      let binding = bindings.first
    else { return false }
    // Accessors already written: a computed property, or observers, which it does not track.
    return binding.accessorBlock == nil
  }
}

extension AttributeListSyntax.Element {
  var isObservationStateTracked: Bool {
    guard case .attribute(let attribute) = self else { return false }
    let name = attribute.attributeName.trimmedDescription
    return name == "ObservationStateTracked" || name == "Bearing.ObservationStateTracked"
  }
}
