/// How long the subject that `share(replay:scope:)` multicasts through lives.
public enum SubjectLifetimeScope: Sendable {
  /// Each connection to the source gets its own subject, which is dropped when the
  /// connection ends.
  ///
  /// After the subscriber count drops to zero, or after the source terminates, the next
  /// subscriber starts a fresh connection with an empty replay buffer. This is the default,
  /// and what `retry` and `repeat` downstream expect.
  case whileConnected

  /// One subject serves every connection, for the life of the shared sequence.
  ///
  /// After the subscriber count drops to zero, a new subscriber receives the stale replay
  /// buffer and reconnects to the source. After the source terminates, new subscribers
  /// receive the buffer and the terminal event, and the source is never subscribed again.
  case forever
}

extension ObservableType {
  /// Returns a sequence that shares one subscription to the source among all its subscribers,
  /// replaying up to `replay` latest elements to each new one.
  ///
  /// The first subscriber subscribes to the source; when the last one leaves, the source
  /// subscription is disposed.
  ///
  /// With `share(replay: 1)`, B subscribes after 2 and receives it at once:
  ///
  /// ```
  /// source:        --1--2--3--4--
  /// subscriber A:  --1--2--3--4--
  /// subscriber B:        2-3--4--  (subscribes at 6)
  /// ```
  ///
  /// It behaves as `multicast(makeSubject:).refCount()` for `.whileConnected` and
  /// `multicast(_:).refCount()` for `.forever`, with a ``PublishSubject`` when `replay` is
  /// zero and a ``ReplaySubject`` otherwise. Like RxSwift, it uses a dedicated implementation:
  /// the subscriber count, the connection and the subject share one lock, so a subscriber
  /// that arrives just as the count drops to zero always joins the next connection.
  ///
  /// - Parameters:
  ///   - replay: The largest number of elements replayed to a new subscriber. A negative
  ///     value returns a sequence that fails with ``RxError/argumentOutOfRange`` (RxSwift
  ///     traps).
  ///   - scope: How long the subject lives; see ``SubjectLifetimeScope``.
  /// - Returns: A shared sequence of the source's elements.
  @_alwaysEmitIntoClient
  public func share(replay: Int = 0, scope: SubjectLifetimeScope = .whileConnected)
    -> Observable<Element>
  {
    guard replay >= 0 else { return .error(RxError.argumentOutOfRange) }
    let source = asObservable()
    let resetsSubject = scope == .whileConnected
    if replay == 0 {
      let storage = _ShareStorage(
        source: source, resetsSubject: resetsSubject, makeSubject: { PublishSubject<Element>() })
      // RxSwift's dedicated `.whileConnected` sharing (replay 0 or 1) subscribes without making
      // the trampoline active; its other cases are a `refCount()`, which does.
      guard resetsSubject else {
        return Observable(_run: { observer, lifetime in storage.subscribe(observer, lifetime) })
      }
      return Observable(_runImmediately: { observer, lifetime in
        storage.subscribe(observer, lifetime)
      })
    }
    let storage = _ShareStorage(
      source: source, resetsSubject: resetsSubject,
      makeSubject: { ReplaySubject<Element>.create(bufferSize: replay) })
    guard resetsSubject, replay == 1 else {
      return Observable(_run: { observer, lifetime in storage.subscribe(observer, lifetime) })
    }
    return Observable(_runImmediately: { observer, lifetime in
      storage.subscribe(observer, lifetime)
    })
  }
}
