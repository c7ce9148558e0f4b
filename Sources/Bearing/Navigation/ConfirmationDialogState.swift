import Foundation

/// A confirmation dialog to present: a title, an optional message, and buttons whose actions
/// are sent when chosen. Like ``AlertState`` it is ephemeral: choosing any button dismisses it.
///
/// ```swift
/// state.destination = .dialog(
///   ConfirmationDialogState(titleVisibility: .visible) {
///     TextState("Delete note?")
///   } actions: {
///     ButtonState(role: .destructive, action: .confirmDelete) { TextState("Delete") }
///   })
/// ```
public struct ConfirmationDialogState<Action>: Identifiable, EphemeralState {
  /// Whether the title is shown.
  public enum Visibility: Equatable, Hashable, Sendable {
    /// The renderer decides.
    case automatic
    /// The title is not shown.
    case hidden
    /// The title is shown.
    case visible
  }

  /// A fresh identity per dialog, ignored by `==`.
  public let id: UUID
  /// Whether the title is shown.
  public let titleVisibility: Visibility
  /// The dialog's title.
  public let title: TextState
  /// The text under the title; `nil` for none.
  public let message: TextState?
  /// The buttons, in order.
  public let buttons: [ButtonState<Action>]

  /// A dialog with a title, buttons and an optional message.
  public init(
    titleVisibility: Visibility = .automatic,
    title: () -> TextState,
    @ButtonStateBuilder<Action> actions: () -> [ButtonState<Action>] = { [] },
    message: (() -> TextState)? = nil
  ) {
    // A fresh identity, as SwiftUI's alerts have: not the `uuid` dependency, which a test
    // that presents an alert should not have to override.
    self.id = UUID()
    self.titleVisibility = titleVisibility
    self.title = title()
    self.buttons = actions()
    self.message = message?()
  }
}

extension ConfirmationDialogState: Equatable where Action: Equatable {
  /// Dialogs with the same title visibility, text and buttons are equal, whatever their ids.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.titleVisibility == rhs.titleVisibility && lhs.title == rhs.title
      && lhs.message == rhs.message && lhs.buttons == rhs.buttons
  }
}

extension ConfirmationDialogState: Hashable where Action: Hashable {
  /// Hashes what `==` compares: the title visibility, title, message and buttons.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(titleVisibility)
    hasher.combine(title)
    hasher.combine(message)
    hasher.combine(buttons)
  }
}

extension ConfirmationDialogState: Sendable where Action: Sendable {}
