import Synchronization

extension ConnectableObservableType {
  /// Returns a sequence that stays connected to this connectable sequence while it has at
  /// least one subscriber.
  ///
  /// The first subscriber connects; when the last one leaves, the connection is disposed.
  /// When the source terminates, the connection ends and the count restarts from zero, so the
  /// next subscriber connects again. If this sequence was already connected with
  /// ``ConnectableObservableType/connect()``, the last subscriber to leave disposes that
  /// connection too.
  ///
  /// ```
  /// source:        --1--2--3--4--5--
  /// subscriber A:  --1--2-            (connects; leaves at 7)
  /// subscriber B:      -2--3--        (leaves at 10, the last one: disconnects)
  /// ```
  ///
  /// As in RxSwift, with a connectable that makes a fresh subject per connection
  /// (``ObservableType/publish()``, ``ObservableType/replay(_:)``,
  /// ``ObservableType/multicast(makeSubject:)``), a subscriber that arrives on one thread at
  /// the very moment the last subscriber leaves on another can join the subject of the
  /// connection being torn down, and then receive nothing.
  /// ``ObservableType/share(replay:scope:)`` keeps its count and subject under one lock and
  /// has no such race: prefer it.
  ///
  /// - Returns: A sequence that connects and disconnects by itself.
  @_alwaysEmitIntoClient
  public func refCount() -> Observable<Element> {
    let storage = _RefCountStorage(source: self)
    return Observable(_run: { observer, lifetime in storage.subscribe(observer, lifetime) })
  }
}

/// A subscriber's place in a `refCount()` count.
///
/// Not public API. Read and written only under the storage's lock; atomic so that the class
/// is `Sendable`.
@usableFromInline
internal final class _RefCountTicket: Sendable {
  /// Not counted yet.
  @usableFromInline static let pending: UInt64 = 0
  /// Saw the terminal event before it was counted: never count it.
  @usableFromInline static let ended: UInt64 = .max

  @usableFromInline let value = _Atomic<UInt64>(pending)

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  init() {}
}

/// The shared state of a `refCount()` sequence.
///
/// Not public API.
@usableFromInline
internal final class _RefCountStorage<Source: ConnectableObservableType>: Sendable {
  @usableFromInline let source: Source
  @usableFromInline let machine = _Mutex(_RefCountStateMachine<_Lifetime>())

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  init(source: Source) {
    self.source = source
  }

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  func subscribe(_ observer: AnyObserver<Source.Element>, _ lifetime: _Lifetime) {
    let ticket = _RefCountTicket()
    // Subscribe first, as RxSwift does, so that a replaying subject's elements reach this
    // subscriber before the connection starts the source.
    source.asObservable()._subscribe(
      AnyObserver { event in
        guard event.isStopEvent else {
          observer.on(event)
          return
        }
        self.sourceTerminated(ticket)?.dispose()
        observer.on(event)
      },
      lifetime
    )
    let (counted, connection) = machine.withLock { machine -> (Bool, _Lifetime?) in
      guard !lifetime.isDisposed,
        ticket.value.load(ordering: .relaxed) == _RefCountTicket.pending
      else { return (false, nil) }
      let arrival = machine.subscriberArrived(makeConnection: { _Lifetime(inheriting: lifetime) })
      ticket.value.store(arrival.ticket, ordering: .relaxed)
      return (true, arrival.connect)
    }
    guard counted else { return }
    lifetime.onDispose { self.subscriberLeft(ticket)?.dispose() }
    if let connection { source._connect(within: connection) }
  }

  @usableFromInline
  func sourceTerminated(_ ticket: _RefCountTicket) -> _Lifetime? {
    machine.withLock { machine in
      let value = ticket.value.load(ordering: .relaxed)
      guard value != _RefCountTicket.pending else {
        ticket.value.store(_RefCountTicket.ended, ordering: .relaxed)
        return nil
      }
      return machine.sourceTerminated(ticket: value)
    }
  }

  @usableFromInline
  func subscriberLeft(_ ticket: _RefCountTicket) -> _Lifetime? {
    machine.withLock { machine in
      machine.subscriberLeft(ticket: ticket.value.load(ordering: .relaxed))
    }
  }
}
