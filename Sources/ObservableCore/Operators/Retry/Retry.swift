extension ObservableType {
  /// Resubscribes to this sequence whenever it fails, until it completes.
  ///
  /// ```
  /// source (1st):  -1-2-#
  /// source (2nd):       -1-2-|
  /// retry()        -1-2--1-2-|
  /// ```
  ///
  /// Elements of every attempt are forwarded. A source that fails synchronously is
  /// resubscribed in a loop, so the stack does not grow; if it always fails, the retrying
  /// goes on until the subscription is disposed.
  ///
  /// - Returns: The elements of every attempt, ending when an attempt completes.
  @inlinable
  public func retry() -> Observable<Element> {
    _retry(maxAttempts: nil)
  }

  /// Resubscribes to this sequence when it fails, subscribing at most `maxAttemptCount`
  /// times in all.
  ///
  /// ```
  /// source (each):  -1-#
  /// retry(2)        -1--1-#
  /// ```
  ///
  /// `retry(1)` does not retry. A source that fails synchronously is resubscribed in a loop,
  /// so the stack does not grow with the number of attempts.
  ///
  /// - Parameter maxAttemptCount: The most subscriptions to make, the first one included.
  ///   As in RxSwift, zero completes at once without subscribing. Unlike RxSwift, which
  ///   crashes on a negative count, a negative count fails with
  ///   ``RxError/argumentOutOfRange``.
  /// - Returns: The elements of every attempt, ending when an attempt completes or the last
  ///   attempt fails.
  @inlinable
  public func retry(_ maxAttemptCount: Int) -> Observable<Element> {
    guard maxAttemptCount > 0 else {
      return maxAttemptCount == 0 ? .empty() : .error(RxError.argumentOutOfRange)
    }
    return _retry(maxAttempts: maxAttemptCount)
  }

  @inlinable
  internal func _retry(maxAttempts: Int?) -> Observable<Element> {
    let source = asObservable()
    return Observable(_run: { observer, lifetime in
      let storage = _SequentialStorage(
        policy: _RetryPolicy(maxAttempts: maxAttempts), context: source, downstream: observer,
        lifetime: lifetime)
      lifetime.onDispose { storage.dispose() }
      storage.start()
    })
  }
}
