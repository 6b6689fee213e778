extension ObservableType {
  /// Shares one subscription to this sequence, through a subject, among every use of it inside
  /// `selector`, separately for each subscription to the result.
  ///
  /// ```
  /// source:                                                  -1-2-3-|
  /// multicast({ PublishSubject() }) { zip($0, $0.skip(1)) }  ---a-b-|
  ///
  /// a = (1, 2), b = (2, 3)
  /// ```
  ///
  /// Each subscription to the result makes a subject with `subjectSelector`, passes a sequence
  /// of the subject's elements to `selector`, subscribes to what `selector` returns, and only
  /// then subscribes the subject to this sequence. So however many times `selector` uses its
  /// argument, this sequence is subscribed once per subscription to the result, and the uses
  /// subscribed inside `selector` miss nothing.
  ///
  /// The result ends when the sequence `selector` returned terminates; that, or disposing the
  /// result, also disposes the subscription to this sequence.
  ///
  /// - Parameters:
  ///   - subjectSelector: Makes the subject for one subscription: a ``PublishSubject``, or a
  ///     ``ReplaySubject`` for uses subscribed later. If it throws, the result fails with that
  ///     error and this sequence is not subscribed.
  ///   - selector: Builds the result from the shared sequence. If it throws, the result fails
  ///     with that error and this sequence is not subscribed.
  /// - Returns: The events of the sequence `selector` returns.
  @available(swift, introduced: 6)
  @_alwaysEmitIntoClient
  public func multicast<Subject: SubjectType, Result: Sendable>(
    _ subjectSelector: @escaping @Sendable () throws -> Subject,
    selector: @escaping @Sendable (Observable<Subject.Element>) throws -> Observable<Result>
  ) -> Observable<Result> where Subject.Observer.Element == Element {
    let source = asObservable()
    return Observable(_run: { observer, lifetime in
      let connectable: ConnectableObservable<Subject.Element>
      let result: Observable<Result>
      do {
        let subject = try subjectSelector()
        connectable = source.multicast(subject)
        result = try selector(connectable.asObservable())
      } catch {
        observer.on(.error(error))
        lifetime.dispose()
        return
      }
      // The connection gets a lifetime of its own: the source terminating ends the
      // connection, but not the result, which may go on after the subject terminates.
      let connection = _Lifetime(inheriting: lifetime)
      lifetime.add(connection)
      result._subscribe(
        AnyObserver { event in
          guard !lifetime.isDisposed else { return }
          observer.on(event)
          if event.isStopEvent { lifetime.dispose() }
        },
        lifetime
      )
      guard !lifetime.isDisposed else { return }
      connectable._connect(within: connection)
    })
  }
}
