import ObservableCore

extension ObservableType {
  // Swift 5-mode twin: disfavored too (a synchronous closure selects the synchronous operator)
  /// Transforms each element with an async function, one element at a time, in order.
  ///
  /// ```
  /// source:                   -1-2-3-|
  /// map { await double($0) }  --2--4--6-|
  /// ```
  ///
  /// ```swift
  /// userIDs
  ///   .map { id in try await api.user(id: id) }
  ///   .subscribe(onNext: { print($0.name) })
  /// ```
  ///
  /// **Concurrency:** one transform at a time. An element's transform starts once the previous
  /// element's result has been delivered downstream, and only while the subscription is live,
  /// so a downstream that stops taking elements (`take(2)`, a dispose) stops the transforms
  /// too; elements that arrive meanwhile wait in an unbounded queue. Results come out in
  /// element order, as with the synchronous `map`. The sequence completes once the upstream has
  /// completed and the last result has been delivered.
  ///
  /// **Where tasks run:** each transform runs in a `Task` of its own on the global concurrent
  /// executor, never on the subscriber's actor, with the priority and task-local values of the
  /// task that subscribed (the default priority and none when the subscription started outside
  /// a task), whichever thread or task sends the elements.
  ///
  /// A synchronous closure still selects the synchronous `map`; this overload is chosen only
  /// for a closure that awaits.
  ///
  /// **Cancellation:** disposing the subscription cancels the running task and drops the
  /// queued elements. An error from `transform` or from the upstream ends the sequence,
  /// cancels the running task and disposes the upstream.
  ///
  /// - Parameter transform: The async transform. If it throws, the sequence fails with that
  ///   error.
  /// - Returns: A sequence of transformed elements, in order.
  @available(swift, introduced: 6)
  @inlinable
  @_disfavoredOverload
  public func map<Result: Sendable>(
    _ transform: @escaping @Sendable (Element) async throws -> Result
  ) -> Observable<Result> {
    _asyncFlatMap(mode: .concat, transform)
  }

  // Swift 5-mode twin: disfavored too (a synchronous closure selects the synchronous operator)
  /// Runs an async function for each element, all at once, and emits the results as they
  /// finish.
  ///
  /// ```
  /// source:                        -1-2-3-|
  /// flatMap { await slowly($0) }   ----2-1--3-|  (whichever finishes first)
  /// ```
  ///
  /// **Concurrency:** unbounded. Each element starts its task as soon as it arrives, so
  /// results come out in the order the tasks finish, like the synchronous `flatMap` with one
  /// `Single` per element. To run at most *n* at a time, use ``flatMap(maxConcurrent:_:)``;
  /// for one at a time in element order, ``concatMap(_:)``. The sequence completes once the
  /// upstream has completed and every task has finished.
  ///
  /// **Where tasks run:** on the global concurrent executor, with the priority and task-local
  /// values of the task that subscribed, whichever thread or task sends the elements.
  ///
  /// **Cancellation:** disposing the subscription cancels every running task. An error from
  /// `transform` or from the upstream ends the sequence, cancels the other tasks and disposes
  /// the upstream.
  ///
  /// - Parameter transform: The async function. If it throws, the sequence fails with that
  ///   error.
  /// - Returns: A sequence of results in completion order.
  @available(swift, introduced: 6)
  @inlinable
  @_disfavoredOverload
  public func flatMap<Result: Sendable>(
    _ transform: @escaping @Sendable (Element) async throws -> Result
  ) -> Observable<Result> {
    _asyncFlatMap(mode: .merge(limit: nil), transform)
  }

  // Swift 5-mode twin: disfavored too (a synchronous closure selects the synchronous operator)
  /// Runs an async function for each element, at most `maxConcurrent` at a time, and emits the
  /// results as they finish.
  ///
  /// ```
  /// source:                                           -1-2-3-|
  /// flatMap(maxConcurrent: 2) { await slowly($0) }    ----2-1---3-|  (3 waits for a slot)
  /// ```
  ///
  /// ```swift
  /// photoIDs
  ///   .flatMap(maxConcurrent: 4) { id in try await api.download(id) }
  ///   .subscribe(onNext: { save($0) })
  /// ```
  ///
  /// **Concurrency:** at most `maxConcurrent` transforms at once, RxSwift's
  /// `merge(maxConcurrent:)` for async functions. A slot frees once its result has been
  /// delivered downstream, so an element waiting for a slot starts only while the downstream
  /// is taking results and the subscription is live; waiting elements queue without bound.
  /// Results come out in the order the tasks finish. `maxConcurrent: 1` is ``concatMap(_:)``.
  ///
  /// **Where tasks run:** on the global concurrent executor, with the priority and task-local
  /// values of the task that subscribed.
  ///
  /// **Cancellation:** disposing the subscription cancels every running task and drops the
  /// waiting elements. An error from `transform` or from the upstream ends the sequence,
  /// cancels the other tasks and disposes the upstream.
  ///
  /// - Parameters:
  ///   - maxConcurrent: The most transforms that run at once. Less than 1 fails the sequence
  ///     with `RxError.argumentOutOfRange` when it is subscribed, without subscribing to the
  ///     upstream.
  ///   - transform: The async function. If it throws, the sequence fails with that error.
  /// - Returns: A sequence of results in completion order.
  @available(swift, introduced: 6)
  @inlinable
  @_disfavoredOverload
  public func flatMap<Result: Sendable>(
    maxConcurrent: Int, _ transform: @escaping @Sendable (Element) async throws -> Result
  ) -> Observable<Result> {
    guard maxConcurrent >= 1 else { return Observable.error(RxError.argumentOutOfRange) }
    return _asyncFlatMap(mode: .merge(limit: maxConcurrent), transform)
  }

  // Swift 5-mode twin: disfavored too (a synchronous closure selects the synchronous operator)
  /// Runs an async function for each element, one at a time, and emits the results in element
  /// order.
  ///
  /// ```
  /// source:                          -1-2-3-|
  /// concatMap { await slowly($0) }   ---1---2---3-|
  /// ```
  ///
  /// **Concurrency:** one transform at a time, as RxSwift's `concatMap` subscribes one inner
  /// sequence at a time. An element's transform starts once the previous element's result has
  /// been delivered downstream, and only while the subscription is live: a `take(2)` after it
  /// runs exactly two transforms. Elements that arrive meanwhile wait in an unbounded queue.
  /// The sequence completes once the upstream has completed and the last result has been
  /// delivered.
  ///
  /// **Where tasks run:** on the global concurrent executor, with the priority and task-local
  /// values of the task that subscribed.
  ///
  /// **Cancellation:** disposing the subscription cancels the running task and drops the
  /// queued elements. An error from `transform` or from the upstream ends the sequence,
  /// cancels the running task and disposes the upstream.
  ///
  /// - Parameter transform: The async function. If it throws, the sequence fails with that
  ///   error.
  /// - Returns: A sequence of results in element order.
  @available(swift, introduced: 6)
  @inlinable
  @_disfavoredOverload
  public func concatMap<Result: Sendable>(
    _ transform: @escaping @Sendable (Element) async throws -> Result
  ) -> Observable<Result> {
    _asyncFlatMap(mode: .concat, transform)
  }

  // Swift 5-mode twin: disfavored too (a synchronous closure selects the synchronous operator)
  /// Runs an async function for the latest element only, cancelling the task of the previous
  /// one.
  ///
  /// ```
  /// source:                              -a--b-----c-|
  /// flatMapLatest { await search($0) }   -------B-----C-|  (a's task was cancelled)
  /// ```
  ///
  /// ```swift
  /// query
  ///   .flatMapLatest { text in try await api.search(text) }
  ///   .subscribe(onNext: { show($0) })
  /// ```
  ///
  /// **Concurrency:** one transform at a time. When an element arrives while a task is
  /// running, that task is cancelled and its result, if it still produces one, is dropped.
  /// The sequence completes once the upstream has completed and the last task has finished.
  ///
  /// **Where tasks run:** on the global concurrent executor, with the priority and task-local
  /// values of the task that subscribed.
  ///
  /// **Cancellation:** disposing the subscription cancels the running task. An error from the
  /// current task or from the upstream ends the sequence and disposes the upstream; a
  /// superseded task's error is ignored.
  ///
  /// - Parameter transform: The async function. If it throws, the sequence fails with that
  ///   error.
  /// - Returns: A sequence of the results of tasks that were not superseded.
  @available(swift, introduced: 6)
  @inlinable
  @_disfavoredOverload
  public func flatMapLatest<Result: Sendable>(
    _ transform: @escaping @Sendable (Element) async throws -> Result
  ) -> Observable<Result> {
    _asyncFlatMap(mode: .latest, transform)
  }

  @inlinable
  internal func _asyncFlatMap<Result: Sendable>(
    mode: _AsyncFlatMapStateMachine<Element, Result>.Mode,
    _ transform: @escaping @Sendable (Element) async throws -> Result
  ) -> Observable<Result> {
    let source = asObservable()
    return Observable(_run: { observer, lifetime in
      _AsyncFlatMapStorage(
        mode: mode, transform: transform, downstream: observer, lifetime: lifetime
      ).run(source)
    })
  }
}
