@_spi(Internals) import Bearing
import Testing

/// `Effect.merge` and `Effect.concatenate` of a sequence, written on the bare type as TCA's users
/// write them: Swift 6 infers the action from the effects (it could not while an effect was
/// Sendable only for Sendable actions).
@Suite struct EffectArrayCompositionTests {
  @Test func mergeOfAnArrayInfersItsActionAndRunsEveryEffect() async {
    let effect = Effect.merge((1...3).map { n -> Effect<Int> in .send(n * 10) })
    var received: [Int] = []
    for await action in effect.actions { received.append(action) }
    #expect(received.sorted() == [10, 20, 30])
  }

  @Test func concatenateOfAnArrayInfersItsActionAndKeepsOrder() async {
    let effects = [3, 1, 2].map { n -> Effect<Int> in
      let doubled = n * 2
      return .send(doubled)
    }
    var received: [Int] = []
    for await action in Effect.concatenate(effects).actions { received.append(action) }
    #expect(received == [6, 2, 4])
  }
}
