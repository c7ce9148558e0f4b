extension Effect {
  /// Makes this effect cancellable with ``cancel(id:)``.
  ///
  /// With `cancelInFlight`, starting it cancels any effect already running under the same id
  /// first, which is how a search that restarts on every keystroke keeps only the newest request.
  ///
  /// ```swift
  /// return .run { send in … }.cancellable(id: CancelID.locationUpdates)
  /// ```
  public func cancellable(id: some Hashable & Sendable, cancelInFlight: Bool = false) -> Self {
    switch operation {
    case .none, .send, .cancel:
      // Nothing to register, but in-flight effects of the id are cancelled before it starts;
      // not by a `.cancel` beside it, which an enclosing `.cancellable` of the same id would
      // hear as cancelling itself.
      guard cancelInFlight else { return self }
      return Self(
        .cancellable(id: NavigationScope.cancelID(id), cancelInFlight: true, self))
    default:
      return Self(
        .cancellable(id: NavigationScope.cancelID(id), cancelInFlight: cancelInFlight, self))
    }
  }

  /// An effect that cancels every running effect marked ``cancellable(id:cancelInFlight:)`` with
  /// `id`, before `send` returns.
  ///
  /// ```swift
  /// case .onDisappear:
  ///   return .cancel(id: CancelID.locationUpdates)
  /// ```
  public static func cancel(id: some Hashable & Sendable) -> Self {
    Self(.cancel(id: NavigationScope.cancelID(id)))
  }

  /// Calls `onFinish` once everything this effect started has ended, finished or cancelled.
  ///
  /// `BearingTesting` uses it to know which effects are still running.
  public func onFinish(_ onFinish: @escaping @Sendable () -> Void) -> Self {
    Self(.onFinish(self, onFinish))
  }
}
