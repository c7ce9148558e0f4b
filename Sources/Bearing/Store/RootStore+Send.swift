import IssueReporting

extension RootStore {
  /// What the first part of a send found: the store was idle, so the action was reduced, or
  /// another send is draining, so the action was queued behind it.
  @usableFromInline
  enum Claim {
    /// Reduced with no effect, and nothing was queued: the send is over.
    case done(SendEnd)
    case reduced(Effect<Action>)
    case queued(EffectGroup)
  }

  /// Reduces `action` now if the store is idle, then every action queued meanwhile; otherwise
  /// queues it for the send that is draining.
  ///
  /// The store's dependencies are current while reducing and while effects start, so effect
  /// tasks inherit them.
  @inlinable
  func send(_ action: Action) -> StoreTask {
    send(action, group: nil)
  }

  /// - Parameter group: The send an effect's action belongs to; `nil` for a new send.
  @inlinable
  func send(_ action: Action, group: EffectGroup?) -> StoreTask {
    if isPublishing, group == nil {
      reportReentrantSend(action)
      let queued = EffectGroup()
      queued.beginPending()
      sentWhilePublishing.append(Queued(action: action, group: queued))
      return StoreTask(group: queued)
    }
    if isReducing {
      // Sent from inside this store's reduce: reduced once the reduce returns, as TCA buffers
      // an action sent while the store is sending.
      if group == nil { reportReentrantSend(action) }
      let queued = group ?? EffectGroup()
      queued.beginPending()
      reentrant.append(Queued(action: action, group: queued))
      return StoreTask(group: queued)
    }
    return withStoreDependencies {
      switch withInner({ claim(&$0, action, group: group) }) {
      case .done(let end):
        finish(end)
        return StoreTask(group: nil)
      case .queued(let queued):
        return StoreTask(group: queued)
      case .reduced(let effect):
        let started = group ?? EffectGroup()
        drain(effect, group: started, origin: action)
        return StoreTask(group: started)
      }
    }
  }

  /// Reduces `action` when no send is draining; otherwise queues it behind that send.
  @inlinable
  func claim(_ inner: inout Inner, _ action: Action, group: EffectGroup?) -> Claim {
    guard !inner.isSending else {
      // Sent while a send up the stack drains (from an effect started by it, or a subscriber
      // of the store's publisher): part of the send under way.
      if group == nil { reportReentrantSend(action) }
      let queued = group ?? EffectGroup()
      queued.beginPending()
      inner.queue.append(Queued(action: action, group: queued))
      return .queued(queued)
    }
    // Idle, so the queue is empty: the drainer empties it before it lets go.
    let effect = reduce(&inner, action)
    if effect.isNone, inner.queue.isEmpty { return .done(inner.endSend()) }
    inner.isSending = true
    return .reduced(effect)
  }

  /// Sends an effect's action: at once when nothing handed over earlier from another thread
  /// still waits; otherwise after it, in order. The action counts as pending in `group` until
  /// it is reduced.
  func sendFromEffect(_ action: Action, group: EffectGroup) {
    // Made and read on the main actor: the job that waits runs there.
    let action = Carried(action)
    inbox.run(pending: group) { _ = self.send(action.value, group: group) }
  }

  /// An action sent to the store, not by one of its effects, while the store is still
  /// processing another: from inside a reducer, or from something that reducer's state change
  /// called synchronously (a subscriber of `Store.publisher`). It is still reduced, after the
  /// action under way, but the order such sends make is not one to rely on.
  @usableFromInline
  func reportReentrantSend(_ action: Action) {
    reportIssue(RuntimeWarningMessage.reentrantSend(action: action))
  }
}
