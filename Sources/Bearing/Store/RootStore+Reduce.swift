extension RootStore {
  /// How a send ended: whether the state got a new identity (Observation is told) and whether a
  /// state waits for `Store.publisher`'s subscribers.
  @usableFromInline
  struct SendEnd {
    @usableFromInline let identityChanged: Bool
    @usableFromInline let published: Bool

    @usableFromInline
    init(identityChanged: Bool, published: Bool) {
      self.identityChanged = identityChanged
      self.published = published
    }
  }

  /// Reduces one action; what the reduce sends to this store meanwhile joins the queue's end.
  @inlinable
  func reduce(_ inner: inout Inner, _ action: Action) -> Effect<Action> {
    inner.version &+= 1
    isReducing = true
    let effect = inner.reduce(&inner.state, action)
    isReducing = false
    if !reentrant.isEmpty {
      inner.queue.append(contentsOf: reentrant)
      reentrant.removeAll()
    }
    inner.noteIdentity(identify)
    return effect
  }

  /// Starts `effect`, then reduces queued actions until the queue is empty.
  ///
  /// A queued action stays pending in its group until its effects have started, so that a
  /// ``StoreTask`` waiting on the group never sees it idle in between.
  @inlinable
  func drain(_ firstEffect: Effect<Action>, group firstGroup: EffectGroup, origin: Action) {
    var effect = firstEffect
    var group = firstGroup
    // The action whose reduce returned `effect`: what a warning about the effect names.
    var origin = origin
    // Queued actions whose effects have started: their groups stop counting them as pending
    // once the state they made has been delivered, so that a `StoreTask` that finishes finds
    // it delivered (a view store's state read after `finish()`).
    var reduced: [EffectGroup] = []
    var wasQueued = false
    while true {
      var actions: [Action] = []
      if !effect.isNone {
        var started: [Task<Void, Never>] = []
        runner.start(
          effect, group: group, origin: Carried(origin), tasks: &started, actions: &actions)
      }
      if wasQueued { reduced.append(group) }
      switch withInner({ reduceNext(&$0, queuing: actions, for: group) }) {
      case .reduced(let next, let queued):
        (effect, group, origin) = (next, queued.group, queued.action)
        wasQueued = true
      case .ended(let end):
        finish(end, releasing: reduced)
        return
      }
    }
  }

  /// What ``reduceNext(_:queuing:for:)`` did.
  @usableFromInline
  enum Next {
    case reduced(Effect<Action>, Queued)
    case ended(SendEnd)
  }

  /// Queues `actions` (fed back synchronously by the effect `group`'s action started), then
  /// reduces the next queued action; the send ends when none is left.
  @inlinable
  func reduceNext(_ inner: inout Inner, queuing actions: [Action], for group: EffectGroup)
    -> Next
  {
    // Actions fed back synchronously belong to the send that caused them, and join the queue's
    // end, as TCA buffers them: `.merge(.send(.a), .send(.b))` then what `.a` sends reduces
    // `.a`, `.b`, then `.a`'s.
    for action in actions {
      group.beginPending()
      inner.queue.append(Queued(action: action, group: group))
    }
    if inner.queueHead < inner.queue.count {
      let queued = inner.queue[inner.queueHead]
      inner.queueHead += 1
      return .reduced(reduce(&inner, queued.action), queued)
    }
    if !inner.queue.isEmpty {
      inner.queue.removeAll(keepingCapacity: inner.queue.count < 1024)
      inner.queueHead = 0
    }
    return .ended(inner.endSend())
  }

  /// Tells those who wait how a send ended: `Store.publisher`'s subscribers get the state, the
  /// queued actions of `groups` stop counting as pending, then Observation hears of a new
  /// identity.
  @inlinable
  func finish(_ end: SendEnd, releasing groups: [EffectGroup] = []) {
    if end.published { deliverPublication() }
    for group in groups { group.endPending() }
    if end.identityChanged { observation?.changed() }
  }
}

extension RootStore.Inner {
  /// Notes whether the reduce just run gave the state a new identity (replaced it, or moved an
  /// enum to another case). Costs one `nil` check for a state that is not observable.
  @inlinable
  mutating func noteIdentity(_ identify: (@Sendable (State) -> ObservableStateID)?) {
    guard let identify else { return }
    let new = identify(state)
    if new != identity {
      identity = new
      identityChanged = true
    }
  }

  /// Ends a send once the queue is empty: observers get the state now.
  @inlinable
  mutating func endSend() -> RootStore.SendEnd {
    isSending = false
    let published = notifyObservers()
    defer { identityChanged = false }
    return RootStore.SendEnd(identityChanged: identityChanged, published: published)
  }
}
