import ObservableCore

extension PrimitiveSequence where Trait == SingleTrait {
  /// Creates a `Single` that runs an async function once per subscription.
  ///
  /// ```swift
  /// let user = Single<User>.create { try await api.user(id: 42) }
  /// ```
  ///
  /// Subscribing starts a `Task` that calls `operation`; its result is the `Single`'s element,
  /// and what it throws is the `Single`'s error. The task runs on the global concurrent
  /// executor, never on the subscriber's actor; its priority is `priority`, or inherited as
  /// `Task.init` does.
  ///
  /// **Cancellation:** disposing the subscription cancels the task, so `try await` calls inside
  /// `operation` see the cancellation. Nothing is delivered after disposal.
  ///
  /// - Parameters:
  ///   - priority: The priority of the task; `nil` inherits it.
  ///   - operation: The async work that produces the element.
  /// - Returns: A `Single` of the result of `operation`.
  @available(swift, introduced: 6)
  @inlinable
  public static func create(
    priority: TaskPriority? = nil,
    _ operation: @escaping @Sendable () async throws -> Element
  ) -> Single<Element> {
    Single(raw: _asyncProducer(priority: priority) { try await operation() })
  }
}

extension PrimitiveSequence where Trait == MaybeTrait {
  /// Creates a `Maybe` that runs an async function once per subscription.
  ///
  /// ```swift
  /// let cached = Maybe<Image>.create { try await cache.image(for: key) }   // nil: empty
  /// ```
  ///
  /// Subscribing starts a `Task` that calls `operation`: a value is the `Maybe`'s element,
  /// `nil` completes it empty, and what it throws is its error. The task runs on the global
  /// concurrent executor; its priority is `priority`, or inherited as `Task.init` does.
  ///
  /// **Cancellation:** disposing the subscription cancels the task. Nothing is delivered after
  /// disposal.
  ///
  /// - Parameters:
  ///   - priority: The priority of the task; `nil` inherits it.
  ///   - operation: The async work that produces the element, or `nil`.
  /// - Returns: A `Maybe` of the result of `operation`.
  @available(swift, introduced: 6)
  @inlinable
  public static func create(
    priority: TaskPriority? = nil,
    _ operation: @escaping @Sendable () async throws -> Element?
  ) -> Maybe<Element> {
    Maybe(raw: _asyncProducer(priority: priority, operation))
  }
}

extension PrimitiveSequence where Trait == CompletableTrait, Element == Never {
  /// Creates a `Completable` that runs an async function once per subscription.
  ///
  /// ```swift
  /// let save = Completable.create { try await database.save(record) }
  /// ```
  ///
  /// Subscribing starts a `Task` that calls `operation`; returning completes the
  /// `Completable`, throwing fails it. The task runs on the global concurrent executor; its
  /// priority is `priority`, or inherited as `Task.init` does.
  ///
  /// **Cancellation:** disposing the subscription cancels the task. Nothing is delivered after
  /// disposal.
  ///
  /// - Parameters:
  ///   - priority: The priority of the task; `nil` inherits it.
  ///   - operation: The async work.
  /// - Returns: A `Completable` that completes when `operation` returns.
  @available(swift, introduced: 6)
  @inlinable
  public static func create(
    priority: TaskPriority? = nil,
    _ operation: @escaping @Sendable () async throws -> Void
  ) -> Completable {
    Completable(
      raw: _asyncProducer(priority: priority) { () async throws -> Never? in
        try await operation()
        return nil
      })
  }
}

extension Observable {
  /// Creates an Observable whose elements an async closure sends, once per subscription.
  ///
  /// ```swift
  /// let pages = Observable<Page>.create { observer in
  ///   var url: URL? = firstPage
  ///   while let current = url {
  ///     let page = try await api.page(at: current)
  ///     observer.onNext(page)
  ///     url = page.next
  ///   }
  /// }
  /// ```
  ///
  /// Subscribing starts a `Task` that calls `body` with an observer. Returning from `body`
  /// completes the sequence and throwing fails it, unless `body` already sent a terminal event.
  /// The observer may be called from any task, even from several at once: calls are
  /// serialized, and events after a terminal event or after disposal are dropped. The task runs
  /// on the global concurrent executor; its priority is `priority`, or inherited as `Task.init`
  /// does.
  ///
  /// This differs from RxSwift's `create`, which has no async variant: there is no disposable
  /// to return, because the task itself is what disposal cancels.
  ///
  /// **Cancellation:** disposing the subscription cancels the task, so `try await` calls inside
  /// `body` see the cancellation. Nothing is delivered after disposal.
  ///
  /// - Parameters:
  ///   - priority: The priority of the task; `nil` inherits it.
  ///   - body: The async producer. It sends elements to the observer it is given.
  /// - Returns: An Observable of what `body` sends.
  @available(swift, introduced: 6)
  @inlinable
  public static func create(
    priority: TaskPriority? = nil,
    _ body: @escaping @Sendable (AnyObserver<Element>) async throws -> Void
  ) -> Observable<Element> {
    Observable.create { (observer: AnyObserver<Element>) -> any Disposable in
      let task = Task(priority: priority) {
        do {
          try await body(observer)
          observer.onCompleted()
        } catch {
          observer.onError(error)
        }
      }
      return Disposables.create { task.cancel() }
    }
  }
}

/// An Observable that runs `operation` in a task per subscription and emits its result: an
/// element then completion, completion alone for `nil`, or the thrown error.
///
/// Not public API.
///
/// - Parameters:
///   - priority: The priority of the task.
///   - operation: The async work.
/// - Returns: The Observable.
@inlinable
internal func _asyncProducer<Element: Sendable>(
  priority: TaskPriority?,
  _ operation: @escaping @Sendable () async throws -> Element?
) -> Observable<Element> {
  Observable(_run: { observer, lifetime in
    // Counted as a resource until the task ends, so leak checks also wait for the task.
    let taskResource = _Lifetime(inheriting: lifetime)
    let task = Task(priority: priority) {
      defer { _ = taskResource }
      let result: Result<Element?, any Swift.Error>
      do {
        result = .success(try await operation())
      } catch {
        result = .failure(error)
      }
      guard !lifetime.isDisposed else { return }
      switch result {
      case .success(let element):
        if let element {
          observer.on(.next(element))
          guard !lifetime.isDisposed else { return }
        }
        observer.on(.completed)
      case .failure(let error):
        observer.on(.error(error))
      }
    }
    lifetime.onDispose { task.cancel() }
  })
}
