import ObservableCore

extension AsyncSequence where Self: Sendable, Element: Sendable {
  /// Returns an Observable that iterates this sequence once per subscription.
  ///
  /// ```swift
  /// let ticks = AsyncStream<Int> { continuation in ... }
  /// ticks.asObservable()
  ///   .map { "tick \($0)" }
  ///   .subscribe(onNext: { print($0) })
  ///   .disposed(by: disposeBag)
  /// ```
  ///
  /// Subscribing starts a `Task` that iterates the sequence and sends each element, then
  /// `completed` when the sequence ends, or `error` with whatever the sequence throws.
  ///
  /// The task never runs on the subscriber's actor: it is an unstructured task on the global
  /// concurrent executor, because a subscription can start on any thread. Its priority is
  /// `priority` if you pass one; otherwise, like `Task.init`, it inherits the priority of the
  /// task that subscribes, or runs at the default priority when the subscription starts
  /// outside a task.
  ///
  /// **Cancellation:** disposing the subscription cancels the task, so the sequence's iterator
  /// sees the cancellation (an `AsyncStream` runs its `onTermination`). No event is delivered
  /// after disposal, even if the sequence yields one more element or throws
  /// `CancellationError`.
  ///
  /// - Parameter priority: The priority of the iterating task; `nil` inherits it.
  /// - Returns: An Observable of the sequence's elements.
  @inlinable
  public func asObservable(priority: TaskPriority? = nil) -> Observable<Element> {
    let sequence = self
    return Observable(_run: { observer, lifetime in
      // Counted as a resource until the task ends, so leak checks also wait for the task.
      let taskResource = _Lifetime(inheriting: lifetime)
      let task = Task(priority: priority) {
        defer { _ = taskResource }
        do {
          for try await element in sequence {
            guard !lifetime.isDisposed else { return }
            observer.on(.next(element))
          }
          guard !lifetime.isDisposed else { return }
          observer.on(.completed)
        } catch {
          guard !lifetime.isDisposed else { return }
          observer.on(.error(error))
        }
      }
      lifetime.onDispose { task.cancel() }
    })
  }
}
