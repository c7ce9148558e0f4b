import Foundation

/// An action or state named by its cases alone, values left out: `Feature.Action.rows(.element(
/// id:, action:))`. Runtime warnings use it where The Composable Architecture does, so a test
/// that matches a warning's text matches Bearing's.
func debugCaseOutput(_ value: Any) -> String {
  if let value = value as? any CustomDebugStringConvertible {
    return value.debugDescription
  }
  return debugTypeName(type(of: value)) + caseOutput(value)
}

/// The cases in `value`, from the outermost in: `.rows(.element(id:, action:))`; empty for a
/// value that is not an enum or a tuple.
private func caseOutput(_ value: Any) -> String {
  let mirror = Mirror(reflecting: value)
  switch mirror.displayStyle {
  case .enum:
    guard let child = mirror.children.first else {
      // A case without a value prints as its name.
      let name = "\(value)"
      return name == debugTypeName(type(of: value)) ? "" : ".\(name)"
    }
    let inner = caseOutput(child.value)
    return ".\(child.label ?? "")" + (inner.isEmpty ? "" : "(\(inner))")
  case .tuple:
    return mirror.children.map { label, value in
      let inner = caseOutput(value)
      let name = label.map { $0.hasPrefix(".") ? "_:" : "\($0):" } ?? ""
      return name + (inner.isEmpty ? "" : " \(inner)")
    }
    .joined(separator: ", ")
  default:
    return ""
  }
}

/// A type's name without its module and generic arguments: `Feature.Action`, `()`.
func debugTypeName(_ type: Any.Type) -> String {
  var name = String(reflecting: type)
  // Types declared inside functions carry a "(unknown context at $…)" component.
  while let range = name.range(
    of: #"\(unknown context at \$[0-9a-f]+\)\."#, options: .regularExpression)
  {
    name.removeSubrange(range)
  }
  while let range = name.range(of: #"\(extension in [^)]+\):"#, options: .regularExpression) {
    name.removeSubrange(range)
  }
  // Private types carry their file's discriminator: "(Feature in _0C8B…)".
  name = name.replacingOccurrences(
    of: #"\((\w+) in _[0-9A-F]+\)"#, with: "$1", options: .regularExpression)
  name = stripGenerics(name)
  // The module: the first component, when there is more than one.
  if !name.hasPrefix("("), let dot = name.firstIndex(of: "."), dot != name.indices.last {
    name = String(name[name.index(after: dot)...])
  }
  return name
}

private func stripGenerics(_ name: String) -> String {
  var result = ""
  var depth = 0
  for character in name {
    if character == "<" {
      depth += 1
    } else if character == ">" {
      depth -= 1
    } else if depth == 0 {
      result.append(character)
    }
  }
  return result
}
