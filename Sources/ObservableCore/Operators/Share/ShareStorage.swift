/// The subscriber count, connection and subject of a `share(replay:scope:)` sequence.
///
/// Not public API.
@usableFromInline
internal struct _ShareState<Subject: SubjectType>: Sendable {
  /// The subject subscribers subscribe to; made on demand.
  @usableFromInline var subject: Subject?
  /// The connection to the source, while there are subscribers.
  @usableFromInline var connection: _Lifetime?
  /// The number of subscribers of the current connection.
  @usableFromInline var count = 0
  /// Identifies the current connection, so that subscribers of a finished one change nothing.
  @usableFromInline var epoch: UInt64 = 0
  /// Whether the source terminated into a subject that is kept (`.forever`): later
  /// subscribers get the subject's replay and terminal event, and nothing reconnects.
  @usableFromInline var subjectTerminated = false

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  init() {}

  /// Ends the current connection.
  ///
  /// - Returns: The connection and the dropped subject, to dispose and release outside the lock.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  mutating func endConnection(resetsSubject: Bool) -> (_Lifetime?, Subject?) {
    let connection = connection
    self.connection = nil
    count = 0
    epoch &+= 1
    guard resetsSubject else { return (connection, nil) }
    defer { subject = nil }
    return (connection, subject)
  }
}

/// The shared state of a `share(replay:scope:)` sequence.
///
/// Not public API.
@usableFromInline
internal final class _ShareStorage<Subject: SubjectType>: Sendable
where Subject.Observer.Element == Subject.Element {
  @usableFromInline typealias Element = Subject.Element

  @usableFromInline let source: Observable<Element>
  /// `true` for `.whileConnected`: each connection gets a fresh subject.
  @usableFromInline let resetsSubject: Bool
  /// Makes a subject; one of this module's subjects, so it is safe to call under the lock.
  @usableFromInline let makeSubject: @Sendable () -> Subject
  @usableFromInline let state = _Mutex(_ShareState<Subject>())

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  init(
    source: Observable<Element>, resetsSubject: Bool,
    makeSubject: @escaping @Sendable () -> Subject
  ) {
    self.source = source
    self.resetsSubject = resetsSubject
    self.makeSubject = makeSubject
  }

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  func subscribe(_ observer: AnyObserver<Element>, _ lifetime: _Lifetime) {
    let (subject, ticket, connection) = state.withLock {
      state -> (Subject, UInt64?, _Lifetime?) in
      let subject: Subject
      if let current = state.subject {
        subject = current
      } else {
        subject = makeSubject()
        state.subject = subject
      }
      if state.subjectTerminated { return (subject, nil, nil) }
      state.count += 1
      guard state.count == 1 else { return (subject, state.epoch, nil) }
      let connection = _Lifetime(inheriting: lifetime)
      state.connection = connection
      return (subject, state.epoch, connection)
    }
    if let ticket { lifetime.onDispose { self.subscriberLeft(ticket) } }
    // Subscribe before connecting, so that the subscriber sees what the source emits while
    // it is being subscribed.
    subject.asObservable()._subscribe(observer, lifetime)
    if let connection, let ticket { connect(subject, connection, ticket) }
  }

  /// Subscribes `subject` to the source within `connection`.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  func connect(_ subject: Subject, _ connection: _Lifetime, _ epoch: UInt64) {
    guard !connection.isDisposed else { return }
    let observer = subject.asObserver()
    source._subscribe(
      AnyObserver { event in
        guard !connection.isDisposed else { return }
        guard event.isStopEvent else {
          observer.on(event)
          return
        }
        // The connection is over before subscribers see the terminal event, so a subscriber
        // that resubscribes from its handler starts a new connection.
        let released = self.sourceTerminated(epoch)
        observer.on(event)
        connection.dispose()
        _ = released
      },
      connection
    )
  }

  @usableFromInline
  func subscriberLeft(_ ticket: UInt64) {
    let (connection, subject) = state.withLock { state -> (_Lifetime?, Subject?) in
      guard ticket == state.epoch, state.count > 0 else { return (nil, nil) }
      state.count -= 1
      guard state.count == 0 else { return (nil, nil) }
      return state.endConnection(resetsSubject: resetsSubject)
    }
    connection?.dispose()
    _ = subject
  }

  @usableFromInline
  func sourceTerminated(_ epoch: UInt64) -> (_Lifetime?, Subject?) {
    state.withLock { state in
      guard epoch == state.epoch else { return (nil, nil) }
      if !resetsSubject { state.subjectTerminated = true }
      return state.endConnection(resetsSubject: resetsSubject)
    }
  }
}
