import Bearing

/// A receipt the feature's state and actions hold by reference: a class, so not `Sendable`.
public final class Receipt: Equatable, CustomStringConvertible {
  public var text: String

  public init(_ text: String) {
    self.text = text
  }

  public static func == (lhs: Receipt, rhs: Receipt) -> Bool { lhs.text == rhs.text }

  public var description: String { "Receipt(\(text))" }
}

/// A feature as a library module declares one: its `State` and `Action` are public, so Swift
/// infers neither `Sendable`, and both hold a `Receipt`. Its total is `@Shared`. The Composable
/// Architecture's `Store` and `TestStore` take it as it is.
@Reducer
public struct Checkout {
  @ObservableState
  public struct State: Equatable {
    @Shared(.inMemory("checkout.total")) public var total = 0
    public var receipt: Receipt?
    public var basket = Basket.State()

    public init() {}
  }

  public enum Action: Equatable {
    case addTapped
    case basket(Basket.Action)
    case printTapped
    case printed(Receipt)
    case reprintTapped
  }

  public init() {}

  public var body: some ReducerOf<Self> {
    Scope(state: \.basket, action: \.basket) {
      Basket()
    }
    Reduce { state, action in
      switch action {
      case .addTapped:
        state.$total.withLock { $0 += 1 }
        return .none
      case .basket:
        return .none
      case .printTapped:
        let total = state.total
        // Made in the effect's task and sent to the store: it crosses through `send`.
        return .run { send in await send(.printed(Receipt("total \(total)"))) }
      case .printed(let receipt):
        state.receipt = receipt
        return .none
      case .reprintTapped:
        guard let receipt = state.receipt else { return .none }
        // An action made by the reducer, held by an effect that runs after another one.
        return .concatenate(.run { _ in await Task.yield() }, .send(.printed(receipt)))
      }
    }
  }
}

/// A child feature whose actions hold a `Receipt`.
@Reducer
public struct Basket {
  @ObservableState
  public struct State: Equatable {
    public var notes: [String] = []

    public init() {}
  }

  public enum Action: Equatable {
    case note(Receipt)
    case noteLater(Receipt)
  }

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .note(let receipt):
        state.notes.append(receipt.text)
        return .none
      case .noteLater(let receipt):
        let text = receipt.text
        return .run { send in await send(.note(Receipt(text + " (later)"))) }
      }
    }
  }
}
