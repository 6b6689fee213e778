import ObservableCore

extension ObservableType {
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
  /// Each element runs `transform` in a `Task` of its own, after the previous one has finished,
  /// so results come out in element order, as with the synchronous `map`. Elements that arrive
  /// meanwhile wait in an unbounded queue. The sequence completes once the upstream has
  /// completed and the last transform has finished. Tasks run on the global concurrent
  /// executor, never on the subscriber's actor.
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

  /// Runs an async function for each element, all at once, and emits the results as they
  /// finish.
  ///
  /// ```
  /// source:                        -1-2-3-|
  /// flatMap { await slowly($0) }   ----2-1--3-|  (whichever finishes first)
  /// ```
  ///
  /// Each element starts a `Task` at once, so results come out in the order the tasks finish,
  /// like the synchronous `flatMap` with one `Single` per element. The sequence completes once
  /// the upstream has completed and every task has finished. Tasks run on the global
  /// concurrent executor.
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
    _asyncFlatMap(mode: .merge, transform)
  }

  /// Runs an async function for each element, one at a time, and emits the results in element
  /// order.
  ///
  /// ```
  /// source:                          -1-2-3-|
  /// concatMap { await slowly($0) }   ---1---2---3-|
  /// ```
  ///
  /// The task for an element starts when the previous one has finished; elements that arrive
  /// meanwhile wait in an unbounded queue. The sequence completes once the upstream has
  /// completed and the last task has finished.
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
  /// When an element arrives while a task is running, that task is cancelled and its result,
  /// if it still produces one, is dropped. The sequence completes once the upstream has
  /// completed and the last task has finished.
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
