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

  /// Text showing `string`.
  public init(_ string: String) {
    self.string = string
  }

  /// Text shown as written, never localized.
  public init(verbatim string: String) {
    self.string = string
  }

  /// Text from a string literal: `"Delete"` where a `TextState` is expected.
  public init(stringLiteral value: String) {
    self.string = value
  }

  /// Dumped as the quoted string.
  public var customDumpDescription: String { String(customDumping: string) }
}

/// A button of an ``AlertState``: its label, role, and the action it sends.
public struct ButtonState<Action>: Identifiable {
  /// What a button is for, which a renderer may show.
  public enum Role: Equatable, Hashable, Sendable {
    /// The button backs out, leaving things as they were.
    case cancel
    /// The button deletes or discards something.
    case destructive
  }

  /// A fresh identity per button, ignored by `==`.
  public let id: UUID
  /// Whether the button cancels or destroys; `nil` for an ordinary button.
  public let role: Role?
  /// The action sent when the button is chosen; `nil` only dismisses.
  public let action: Action?
  /// The animation the action is sent with, where a renderer animates.
  public let animation: Animation?
  /// The button's text.
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
  /// Buttons with the same role, action, animation and label are equal, whatever their ids.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.role == rhs.role && lhs.action == rhs.action && lhs.animation == rhs.animation
      && lhs.label == rhs.label
  }
}

extension ButtonState: Hashable where Action: Hashable {
  /// Hashes what `==` compares: the role, action, animation and label.
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
  /// The buttons of every statement, in order.
  public static func buildBlock(_ buttons: [ButtonState<Action>]...) -> [ButtonState<Action>] {
    buttons.flatMap { $0 }
  }

  /// One button.
  public static func buildExpression(_ button: ButtonState<Action>) -> [ButtonState<Action>] {
    [button]
  }

  /// The buttons of an `if` that ran, or none.
  public static func buildOptional(_ buttons: [ButtonState<Action>]?) -> [ButtonState<Action>] {
    buttons ?? []
  }

  /// The buttons of the `if` branch.
  public static func buildEither(first buttons: [ButtonState<Action>]) -> [ButtonState<Action>] {
    buttons
  }

  /// The buttons of the `else` branch.
  public static func buildEither(second buttons: [ButtonState<Action>]) -> [ButtonState<Action>] {
    buttons
  }

  /// The buttons of every pass of a `for` loop, in order.
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
  /// A fresh identity per alert, ignored by `==`.
  public let id: UUID
  /// The alert's title.
  public let title: TextState
  /// The text under the title; `nil` for none.
  public let message: TextState?
  /// The buttons, in order.
  public let buttons: [ButtonState<Action>]

  /// An alert with a title, buttons and an optional message.
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
  /// Hashes what `==` compares: the title, message and buttons.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(title)
    hasher.combine(message)
    hasher.combine(buttons)
  }
}

extension AlertState: Sendable where Action: Sendable {}

extension AlertState: CustomDumpReflectable {
  /// Dumped as its title, message and buttons (role, action and label), without ids.
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
