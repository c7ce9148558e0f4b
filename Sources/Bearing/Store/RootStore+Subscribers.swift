extension RootStore {
  /// A state to hand to `Store.publisher`'s subscribers once the drain is over.
  @usableFromInline
  struct Publication {
    @usableFromInline let subscribers: [@Sendable (State) -> Void]
    @usableFromInline let state: State

    @usableFromInline
    init(subscribers: [@Sendable (State) -> Void], state: State) {
      self.subscribers = subscribers
      self.state = state
    }

    @usableFromInline
    func deliver() {
      for subscriber in subscribers { subscriber(state) }
    }
  }

  /// Who is handed the state after every send: an observer right away, a subscriber of
  /// `Store.publisher` once the drain is over (it may send).
  enum SubscriberKind {
    case observer
    case publisher
  }

  /// Calls `observer` with the state now and after every drain, on the main actor: it must only
  /// hand the state on (yield to a stream), never send. Registered now when called on the main
  /// actor, else as soon as the main actor is free.
  nonisolated func addObserver(_ observer: @escaping @Sendable (State) -> Void) -> Int {
    add(.observer, observer)
  }

  nonisolated func removeObserver(_ id: Int) {
    inbox.run { self.inner.remove(.observer, id: id) }
  }

  /// Calls `subscriber` with the current state now, then after every send, on the main actor,
  /// once the drain is over (a subscriber may send). For `Store.publisher`. Subscribed now when
  /// called on the main actor, else as soon as the main actor is free.
  nonisolated func addPublisher(_ subscriber: @escaping @Sendable (State) -> Void) -> Int {
    add(.publisher, subscriber)
  }

  nonisolated func removePublisher(_ id: Int) {
    inbox.run { self.inner.remove(.publisher, id: id) }
  }

  private nonisolated func add(
    _ kind: SubscriberKind, _ subscriber: @escaping @Sendable (State) -> Void
  ) -> Int {
    let id = nextObserver.add(1, ordering: .relaxed).oldValue
    inbox.run {
      switch kind {
      case .observer: self.inner.observers[id] = subscriber
      case .publisher: self.inner.publishers[id] = subscriber
      }
      self.inner.hasSubscribers = true
      subscriber(self.inner.state)
    }
    return id
  }

  /// Hands the state the last drain left to `Store.publisher`'s subscribers.
  @usableFromInline
  func deliverPublication() {
    let publication = inner.pendingPublication
    inner.pendingPublication = nil
    guard let publication else { return }
    let wasPublishing = isPublishing
    isPublishing = true
    publication.deliver()
    isPublishing = wasPublishing
    guard !wasPublishing else { return }
    while !sentWhilePublishing.isEmpty {
      let next = sentWhilePublishing.removeFirst()
      _ = send(next.action, group: next.group)
      next.group.endPending()
    }
  }
}

extension RootStore.Inner {
  /// Hands the state to every observer; called once a drain has ended.
  ///
  /// - Returns: Whether a publication for `Store.publisher` is pending, which the sender must
  ///   then deliver (``RootStore/deliverPublication()``).
  @inlinable
  mutating func notifyObservers() -> Bool {
    guard hasSubscribers else { return false }
    if !observers.isEmpty {
      for observer in observers.values { observer(state) }
    }
    if !publishers.isEmpty {
      // In the order they subscribed, as Combine delivers (the keys count up).
      pendingPublication = RootStore.Publication(
        subscribers: publishers.sorted { $0.key < $1.key }.map(\.value), state: state)
      return true
    }
    return false
  }

  mutating func remove(_ kind: RootStore.SubscriberKind, id: Int) {
    switch kind {
    case .observer: observers.removeValue(forKey: id)
    case .publisher: publishers.removeValue(forKey: id)
    }
    hasSubscribers = !observers.isEmpty || !publishers.isEmpty
  }
}
