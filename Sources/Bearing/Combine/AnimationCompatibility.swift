#if !canImport(SwiftUI)
  /// Stands in for SwiftUI's `Animation` where SwiftUI does not exist (Linux), so that
  /// `store.send(.toggle, animation: .default)` builds there. Stores ignore it: a terminal or
  /// server has nothing to animate.
  public struct Animation: Hashable, Sendable {
    /// The default animation.
    public static let `default` = Animation()
    /// A linear animation.
    public static let linear = Animation()
    /// An ease-in-out animation.
    public static let easeInOut = Animation()
    /// A spring animation.
    public static let spring = Animation()
    /// An ease-in animation.
    public static let easeIn = Animation()
    /// An ease-out animation.
    public static let easeOut = Animation()

    /// A spring animation of the given response and damping.
    public static func spring(
      response: Double = 0.5, dampingFraction: Double = 0.825, blendDuration: Double = 0
    ) -> Animation {
      Animation()
    }

    /// An interactive spring animation.
    public static func interactiveSpring(
      response: Double = 0.15, dampingFraction: Double = 0.86, blendDuration: Double = 0.25
    ) -> Animation {
      Animation()
    }

    /// A spring animation of the given stiffness and damping.
    public static func interpolatingSpring(
      stiffness: Double, damping: Double, initialVelocity: Double = 0
    ) -> Animation {
      Animation()
    }
  }

  /// Stands in for SwiftUI's `Transaction` on Linux; stores ignore it, as they do ``Animation``.
  public struct Transaction: Sendable {
    /// The animation of the transaction.
    public var animation: Animation?

    /// A transaction with an animation.
    public init(animation: Animation? = nil) {
      self.animation = animation
    }
  }

  extension Store {
    /// Sends an action "with an animation": on Linux, the same as ``send(_:)``.
    @discardableResult
    public func send(_ action: Action, animation: Animation?) -> StoreTask {
      send(action)
    }

    /// Sends an action "in a transaction": on Linux, the same as ``send(_:)``.
    @discardableResult
    public func send(_ action: Action, transaction: Transaction) -> StoreTask {
      send(action)
    }
  }

  extension ViewStore {
    /// Sends an action "with an animation": on Linux, the same as ``send(_:)``.
    @discardableResult
    public func send(_ action: ViewAction, animation: Animation?) -> StoreTask {
      send(action)
    }

    /// Sends an action "in a transaction": on Linux, the same as ``send(_:)``.
    @discardableResult
    public func send(_ action: ViewAction, transaction: Transaction) -> StoreTask {
      send(action)
    }
  }

  extension Send {
    /// Sends an action "with an animation", from an effect: on Linux, the same as
    /// `send(action)`.
    @MainActor
    public func callAsFunction(_ action: Action, animation: Animation?) async {
      await self(action)
    }

    /// Sends an action "in a transaction", from an effect: on Linux, the same as
    /// `send(action)`.
    @MainActor
    public func callAsFunction(_ action: Action, transaction: Transaction) async {
      await self(action)
    }
  }

  extension ViewActionSending {
    /// Sends a view action "with an animation": on Linux, the same as ``send(_:)``.
    @discardableResult
    public func send(_ action: StoreAction.ViewAction, animation: Animation?) -> StoreTask {
      send(action)
    }

    /// Sends a view action "in a transaction": on Linux, the same as ``send(_:)``.
    @discardableResult
    public func send(_ action: StoreAction.ViewAction, transaction: Transaction) -> StoreTask {
      send(action)
    }
  }
#endif
