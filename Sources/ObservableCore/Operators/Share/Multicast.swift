extension ObservableType {
  /// Returns a connectable sequence that, once connected, sends the source's events through
  /// `subject` to its subscribers.
  ///
  /// The same subject serves every connection, so after the source terminates, later
  /// subscribers receive what the subject replays after termination.
  ///
  /// - Parameter subject: The subject that subscribers subscribe to and the source feeds.
  /// - Returns: A connectable sequence of the subject's elements.
  @_alwaysEmitIntoClient
  public func multicast<Subject: SubjectType>(_ subject: Subject)
    -> ConnectableObservable<Subject.Element>
  where Subject.Observer.Element == Element {
    multicast(makeSubject: { subject })
  }

  /// Returns a connectable sequence that, once connected, sends the source's events through a
  /// subject made by `makeSubject` to its subscribers.
  ///
  /// A new subject is made for the first subscriber or connection after the previous
  /// connection ends (disposed, or the source terminated), so each connection starts fresh.
  ///
  /// - Parameter makeSubject: Makes a subject. It may be called more than once when threads
  ///   race to subscribe; only one subject is kept.
  /// - Returns: A connectable sequence of the subjects' elements.
  @available(swift, introduced: 6)
  @_alwaysEmitIntoClient
  public func multicast<Subject: SubjectType>(
    makeSubject: @escaping @Sendable () -> Subject
  ) -> ConnectableObservable<Subject.Element>
  where Subject.Observer.Element == Element {
    let storage = _MulticastStorage(source: asObservable(), makeSubject: makeSubject)
    return ConnectableObservable(
      _run: { observer, lifetime in storage.subscribe(observer, lifetime) },
      connector: { proposed in storage.connect(proposed) }
    )
  }

  /// Returns a connectable sequence that shares one subscription to the source through a
  /// ``PublishSubject``.
  ///
  /// Subscribers receive the events sent after they subscribe. Each connection gets a fresh
  /// subject.
  ///
  /// - Returns: A connectable sequence of the source's elements.
  @_alwaysEmitIntoClient
  public func publish() -> ConnectableObservable<Element> {
    multicast(makeSubject: { PublishSubject<Element>() })
  }

  /// Returns a connectable sequence that shares one subscription to the source through a
  /// ``ReplaySubject`` of `bufferSize` elements.
  ///
  /// Each connection gets a fresh subject, so the buffer starts empty.
  ///
  /// - Parameter bufferSize: The largest number of elements replayed to a new subscriber. A
  ///   negative size makes every subscriber fail with ``RxError/argumentOutOfRange``.
  /// - Returns: A connectable sequence of the source's elements.
  @_alwaysEmitIntoClient
  public func replay(_ bufferSize: Int) -> ConnectableObservable<Element> {
    multicast(makeSubject: { ReplaySubject<Element>.create(bufferSize: bufferSize) })
  }

  /// Returns a connectable sequence that shares one subscription to the source through a
  /// ``ReplaySubject`` that replays every element.
  ///
  /// Each connection gets a fresh subject, so the buffer starts empty.
  ///
  /// - Returns: A connectable sequence of the source's elements.
  @_alwaysEmitIntoClient
  public func replayAll() -> ConnectableObservable<Element> {
    multicast(makeSubject: { ReplaySubject<Element>.createUnbounded() })
  }
}

/// The current subject and connection of a ``ConnectableObservable``.
///
/// Not public API.
@usableFromInline
internal struct _MulticastState<Subject: SubjectType>: Sendable {
  @usableFromInline var subject: Subject?
  @usableFromInline var connection: _Lifetime?

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  init() {}
}

/// What `connect` must do after inspecting the state.
///
/// Not public API.
@usableFromInline
internal enum _MulticastConnectAction<Subject: SubjectType>: Sendable {
  /// Already connected: return this connection.
  case existing(_Lifetime)
  /// No subject yet: make one, then try again.
  case needSubject
  /// The proposed lifetime is now the connection: subscribe `Subject` to the source.
  case start(Subject)
}

/// The subject and connection of a ``ConnectableObservable`` made by `multicast`.
///
/// Not public API.
@usableFromInline
internal final class _MulticastStorage<Subject: SubjectType>: Sendable
where Subject.Observer.Element: Sendable {
  @usableFromInline let source: Observable<Subject.Observer.Element>
  @usableFromInline let makeSubject: @Sendable () -> Subject
  @usableFromInline let state = _Mutex(_MulticastState<Subject>())

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  init(source: Observable<Subject.Observer.Element>, makeSubject: @escaping @Sendable () -> Subject)
  {
    self.source = source
    self.makeSubject = makeSubject
  }

  /// Subscribes a subscriber of the connectable sequence to the current subject.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  func subscribe(_ observer: AnyObserver<Subject.Element>, _ lifetime: _Lifetime) {
    currentSubject().asObservable()._subscribe(observer, lifetime)
  }

  /// The current subject, made if there is none.
  ///
  /// `makeSubject` runs outside the lock.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  func currentSubject() -> Subject {
    if let subject = state.withLock({ $0.subject }) { return subject }
    let made = makeSubject()
    // If another thread installed a subject meanwhile, `made` is dropped here, after the lock.
    let (current, _) = state.withLock { state -> (Subject, Subject?) in
      if let subject = state.subject { return (subject, made) }
      state.subject = made
      return (made, nil)
    }
    return current
  }

  /// Connects with `proposed` as the connection, or returns the existing connection.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  func connect(_ proposed: _Lifetime) -> _Lifetime {
    while true {
      let action = state.withLock { state -> _MulticastConnectAction<Subject> in
        if let connection = state.connection { return .existing(connection) }
        guard let subject = state.subject else { return .needSubject }
        state.connection = proposed
        return .start(subject)
      }
      switch action {
      case .existing(let connection):
        return connection
      case .needSubject:
        _ = currentSubject()
      case .start(let subject):
        start(subject, proposed)
        return proposed
      }
    }
  }

  /// Subscribes `subject` to the source within `connection`.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  func start(_ subject: Subject, _ connection: _Lifetime) {
    let id = ObjectIdentifier(connection)
    connection.onDispose { [weak self] in self?.connectionEnded(id) }
    guard !connection.isDisposed else { return }
    let observer = subject.asObserver()
    source._subscribe(
      AnyObserver { event in
        guard !connection.isDisposed else { return }
        guard event.isStopEvent else {
          observer.on(event)
          return
        }
        // As in RxSwift, the connection is over before subscribers see the terminal event:
        // a subscriber that reconnects from its handler starts a new connection.
        self.connectionEnded(id)
        observer.on(event)
        connection.dispose()
      },
      connection
    )
  }

  /// Forgets the connection identified by `id`, and its subject, if it is still current.
  @usableFromInline
  func connectionEnded(_ id: ObjectIdentifier) {
    let released = state.withLock { state -> (Subject?, _Lifetime?) in
      guard let connection = state.connection, ObjectIdentifier(connection) == id else {
        return (nil, nil)
      }
      state.connection = nil
      defer { state.subject = nil }
      return (state.subject, connection)
    }
    _ = released
  }
}
