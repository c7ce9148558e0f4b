import Foundation

/// Text to show, as a value: equatable, dumpable, and free of any UI framework.
///
/// ```swift
/// TextState("Delete \(contact.name)?")
/// ```
public struct TextState: Equatable, Hashable, Sendable, ExpressibleByStringLiteral,
  CustomDumpStringConvertible
{
  /// The text.
  public let string: String

  public init(_ string: String) {
    self.string = string
  }

  /// Text shown as written, never localized.
  public init(verbatim string: String) {
    self.string = string
  }

  public init(stringLiteral value: String) {
    self.string = value
  }

  public var customDumpDescription: String { String(customDumping: string) }
}

/// A button of an ``AlertState``: its label, role, and the action it sends.
public struct ButtonState<Action>: Identifiable {
  /// What a button is for, which a renderer may show.
  public enum Role: Equatable, Hashable, Sendable {
    case cancel
    case destructive
  }

  public let id: UUID
  public let role: Role?
  /// The action sent when the button is chosen; `nil` only dismisses.
  public let action: Action?
  /// The animation the action is sent with, where a renderer animates.
  public let animation: Animation?
  public let label: TextState

  /// ```swift
  /// ButtonState(role: .destructive, action: .confirmDeletion) { TextState("Delete") }
  /// ```
  public init(role: Role? = nil, action: Action? = nil, label: () -> TextState) {
    self.init(role: role, action: .send(action), label: label)
  }

  /// A button whose action is sent with an animation.
  ///
  /// ```swift
  /// ButtonState(role: .destructive, action: .send(.delete, animation: .default)) {
  ///   TextState("Delete")
  /// }
  /// ```
  public init(role: Role? = nil, action: ButtonStateAction<Action>, label: () -> TextState) {
    // A fresh identity, as SwiftUI's alerts have: not the `uuid` dependency, which a test
    // that presents an alert should not have to override.
    self.id = UUID()
    self.role = role
    self.action = action.action
    self.animation = action.animation
    self.label = label()
  }
}

/// What a ``ButtonState`` sends when chosen: an action, and the animation to send it with.
public struct ButtonStateAction<Action> {
  /// The action; `nil` only dismisses.
  public let action: Action?
  /// The animation, where a renderer animates.
  public let animation: Animation?

  /// Sends `action`, with `animation` where a renderer animates.
  public static func send(_ action: Action?, animation: Animation? = nil) -> Self {
    Self(action: action, animation: animation)
  }
}

extension ButtonStateAction: Equatable where Action: Equatable {}
extension ButtonStateAction: Hashable where Action: Hashable {}
extension ButtonStateAction: Sendable where Action: Sendable {}

extension ButtonState: Equatable where Action: Equatable {
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.role == rhs.role && lhs.action == rhs.action && lhs.animation == rhs.animation
      && lhs.label == rhs.label
  }
}

extension ButtonState: Hashable where Action: Hashable {
  public func hash(into hasher: inout Hasher) {
    hasher.combine(role)
    hasher.combine(action)
    hasher.combine(animation)
    hasher.combine(label)
  }
}

extension ButtonState: Sendable where Action: Sendable {}

/// Builds the buttons of an ``AlertState``.
@resultBuilder
public enum ButtonStateBuilder<Action> {
  public static func buildBlock(_ buttons: [ButtonState<Action>]...) -> [ButtonState<Action>] {
    buttons.flatMap { $0 }
  }

  public static func buildExpression(_ button: ButtonState<Action>) -> [ButtonState<Action>] {
    [button]
  }

  public static func buildOptional(_ buttons: [ButtonState<Action>]?) -> [ButtonState<Action>] {
    buttons ?? []
  }

  public static func buildEither(first buttons: [ButtonState<Action>]) -> [ButtonState<Action>] {
    buttons
  }

  public static func buildEither(second buttons: [ButtonState<Action>]) -> [ButtonState<Action>] {
    buttons
  }

  public static func buildArray(_ buttons: [[ButtonState<Action>]]) -> [ButtonState<Action>] {
    buttons.flatMap { $0 }
  }
}

/// An alert as a value: a title, a message and buttons, each sending an action. Presented
/// state that is ephemeral: sending any of its actions dismisses it.
///
/// ```swift
/// state.destination = .alert(
///   AlertState {
///     TextState("Delete \(contact.name)?")
///   } actions: {
///     ButtonState(role: .destructive, action: .confirmDeletion) { TextState("Delete") }
///     ButtonState(role: .cancel) { TextState("Cancel") }
///   } message: {
///     TextState("This cannot be undone.")
///   }
/// )
/// ```
public struct AlertState<Action>: Identifiable, EphemeralState {
  public let id: UUID
  public let title: TextState
  public let message: TextState?
  public let buttons: [ButtonState<Action>]

  public init(
    title: () -> TextState,
    @ButtonStateBuilder<Action> actions: () -> [ButtonState<Action>] = { [] },
    message: (() -> TextState)? = nil
  ) {
    // A fresh identity, as SwiftUI's alerts have: not the `uuid` dependency, which a test
    // that presents an alert should not have to override.
    self.id = UUID()
    self.title = title()
    self.buttons = actions()
    self.message = message?()
  }
}

extension AlertState: Equatable where Action: Equatable {
  /// Alerts with the same text and buttons are equal, whatever their ids.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.title == rhs.title && lhs.message == rhs.message && lhs.buttons == rhs.buttons
  }
}

extension AlertState: Hashable where Action: Hashable {
  public func hash(into hasher: inout Hasher) {
    hasher.combine(title)
    hasher.combine(message)
    hasher.combine(buttons)
  }
}

extension AlertState: Sendable where Action: Sendable {}

extension AlertState: CustomDumpReflectable {
  public var customDumpMirror: Mirror {
    Mirror(
      self,
      children: [
        "title": title, "message": message as Any,
        "buttons": buttons.map {
          (role: $0.role as Any, action: $0.action as Any, label: $0.label)
        },
      ],
      displayStyle: .struct)
  }
}
