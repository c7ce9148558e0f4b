import CustomDump
import IssueReporting
import Synchronization

/// Watches a binding action that a store's binding sent (`store.count = 42`,
/// `viewStore.$name.wrappedValue = "Blob"`): if the action goes away without a reducer having
/// applied it, the feature has no ``BindingReducer`` and the write was lost, which is reported
/// as The Composable Architecture reports it.
///
/// The action carries this object; every copy of it shares it, so the report comes once the last
/// copy is gone, and only if none of them was applied.
final class UnhandledBindingDebugger: Sendable {
  private let wasHandled = Atomic<Bool>(false)
  private let message: String
  private let fileID: StaticString
  private let filePath: StaticString
  private let line: UInt
  private let column: UInt

  /// - Parameters:
  ///   - actionType: The feature's action type, which the report names.
  ///   - value: The value the binding wrote.
  ///   - bindingState: Where the `@BindingState` field was declared, when the binding is to one.
  convenience init(
    actionType: Any.Type,
    value: Any,
    bindingState: BindingDeclaration?,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    self.init(
      actionTypeName: debugTypeName(actionType), value: value, bindingState: bindingState,
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// The same, the action type named already (by `debugTypeName(_:)`): for a closure that may
  /// not capture the type itself, which need not be `Sendable`.
  init(
    actionTypeName: String,
    value: Any,
    bindingState: BindingDeclaration?,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    var valueDump = ""
    customDump(value, to: &valueDump, maxDepth: 0)
    self.message = RuntimeWarningMessage.unhandledBinding(
      actionTypeName: actionTypeName,
      valueDump: valueDump,
      definedAt: bindingState.map { "\($0.fileID):\($0.line)" })
    self.fileID = bindingState?.fileID ?? fileID
    self.filePath = bindingState?.filePath ?? filePath
    self.line = bindingState?.line ?? line
    self.column = bindingState?.column ?? column
  }

  /// A reducer applied the action.
  func handled() {
    wasHandled.store(true, ordering: .relaxed)
  }

  deinit {
    guard !wasHandled.load(ordering: .relaxed) else { return }
    reportIssue(message, fileID: fileID, filePath: filePath, line: line, column: column)
  }
}
