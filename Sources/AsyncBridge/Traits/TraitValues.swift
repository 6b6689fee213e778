import ObservableCore

extension PrimitiveSequence where Trait == SingleTrait {
  /// Subscribes, and returns the element once the `Single` succeeds.
  ///
  /// ```swift
  /// let user = try await api.rx.user(id: 42).value
  /// ```
  ///
  /// Awaiting suspends the task; it never blocks a thread. To await an `Observable`, go
  /// through the trait its operators return: `try await numbers.first().value`,
  /// `try await numbers.asSingle().value`.
  ///
  /// **Cancellation:** cancelling the awaiting task disposes the subscription at once (the
  /// upstream's dispose action runs) and throws `CancellationError`. A task that is already
  /// cancelled still subscribes, as in RxSwift: an outcome the `Single` delivers during
  /// `subscribe` (`Single.just(1)`, a cached value) is returned, and anything else is disposed
  /// at once and throws `CancellationError`.
  ///
  /// - Returns: The element.
  /// - Throws: The `Single`'s error, unchanged; `CancellationError` on cancellation;
  ///   `RxError.noElements` if the sequence completes without an element, which a well-formed
  ///   `Single` never does.
  public var value: Element {
    get async throws {
      guard let element = try await _awaitFirstElement(of: asObservable()) else {
        throw RxError.noElements
      }
      return element
    }
  }
}

extension PrimitiveSequence where Trait == MaybeTrait {
  /// Subscribes, and returns the element once the `Maybe` succeeds, or `nil` once it completes
  /// empty.
  ///
  /// ```swift
  /// let cached: Image? = try await cache.rx.image(for: key).value
  /// ```
  ///
  /// For the last element of an `Observable`, use
  /// `try await numbers.takeLast(1).asMaybe().value`.
  ///
  /// **Cancellation:** cancelling the awaiting task disposes the subscription at once and
  /// throws `CancellationError`. A task that is already cancelled still subscribes, as in
  /// RxSwift: an outcome the `Maybe` delivers during `subscribe` (`Maybe.just(1)`,
  /// `Maybe.empty()`) is returned, and anything else is disposed at once and throws
  /// `CancellationError`.
  ///
  /// - Returns: The element, or `nil` if the `Maybe` completed empty.
  /// - Throws: The `Maybe`'s error, unchanged; `CancellationError` on cancellation.
  public var value: Element? {
    get async throws {
      try await _awaitFirstElement(of: asObservable())
    }
  }
}

extension PrimitiveSequence where Trait == CompletableTrait, Element == Never {
  /// Subscribes, and returns once the `Completable` completes.
  ///
  /// ```swift
  /// try await database.rx.save(record).value
  /// ```
  ///
  /// **Cancellation:** cancelling the awaiting task disposes the subscription at once and
  /// throws `CancellationError`. A task that is already cancelled still subscribes, as in
  /// RxSwift: an outcome the `Completable` delivers during `subscribe` (`Completable.empty()`,
  /// `Completable.error(e)`) is returned or thrown, and anything else is disposed at once and
  /// throws `CancellationError`.
  ///
  /// - Throws: The `Completable`'s error, unchanged; `CancellationError` on cancellation.
  public var value: Void {
    get async throws {
      _ = try await _awaitFirstElement(of: asObservable())
    }
  }
}

/// Subscribes to `source` and returns its first element, or `nil` if it completes first.
///
/// Not public API.
///
/// The subscription is disposed as soon as the outcome is known, before the caller resumes.
/// A task that is already cancelled still subscribes, as RxSwift's `value` does: an outcome the
/// sequence delivers during `subscribe` is returned; otherwise the subscription is disposed at
/// once and `CancellationError` is thrown.
///
/// - Parameter source: The sequence to await.
/// - Returns: The first element, or `nil` if the sequence completed without one.
/// - Throws: The sequence's error, or `CancellationError` if the task is cancelled before the
///   outcome is known.
@usableFromInline
internal func _awaitFirstElement<Element: Sendable>(
  of source: Observable<Element>
) async throws -> Element? {
  let awaiter = _FirstElementAwaiter<Element>()
  // In a task that is already cancelled, `onCancel` runs first, before the operation: the
  // awaiter then subscribes anyway and cancels right after `subscribe` returns.
  return try await withTaskCancellationHandler {
    try await withUnsafeThrowingContinuation { continuation in
      awaiter.start(source, continuation)
    }
  } onCancel: {
    awaiter.cancel()
  }
}

/// The state of one `value` await: which of the outcome and cancellation came first.
///
/// Not public API.
@usableFromInline
internal final class _FirstElementAwaiter<Element: Sendable>: Sendable {
  @usableFromInline
  internal enum State {
    /// Not subscribed yet.
    case idle
    /// Cancelled before subscribing: subscribe, then cancel unless the outcome came at once.
    case cancelledBeforeStart
    case waiting(UnsafeContinuation<Element?, any Swift.Error>, _Lifetime)
    case finished
    case cancelled
  }

  @usableFromInline
  internal let state = _Mutex(State.idle)
  @usableFromInline
  internal let resource = _ResourceToken()

  @inlinable
  internal init() {}

  @inlinable
  internal func start(
    _ source: Observable<Element>, _ continuation: UnsafeContinuation<Element?, any Swift.Error>
  ) {
    let lifetime = _Lifetime()
    let cancelledBeforeStart = state.withLock { state -> Bool in
      switch state {
      case .idle:
        state = .waiting(continuation, lifetime)
        return false
      case .cancelledBeforeStart:
        state = .waiting(continuation, lifetime)
        return true
      case .waiting, .finished, .cancelled:
        preconditionFailure("Internal inconsistency: a value await started twice")
      }
    }
    source._subscribe(
      AnyObserver { event in
        switch event {
        case .next(let element): self.finish(.success(element))
        case .completed: self.finish(.success(nil))
        case .error(let error): self.finish(.failure(error))
        }
      },
      lifetime)
    // An outcome delivered during `subscribe` has finished the await; this is then a no-op.
    if cancelledBeforeStart { cancel() }
  }

  @inlinable
  internal func finish(_ result: Result<Element?, any Swift.Error>) {
    let taken = state.withLock {
      state -> (UnsafeContinuation<Element?, any Swift.Error>, _Lifetime)? in
      guard case .waiting(let continuation, let lifetime) = state else { return nil }
      state = .finished
      return (continuation, lifetime)
    }
    guard let (continuation, lifetime) = taken else { return }
    lifetime.dispose()
    continuation.resume(with: result)
  }

  @inlinable
  internal func cancel() {
    let taken = state.withLock {
      state -> (UnsafeContinuation<Element?, any Swift.Error>, _Lifetime)? in
      switch state {
      case .idle:
        state = .cancelledBeforeStart
        return nil
      case .waiting(let continuation, let lifetime):
        state = .cancelled
        return (continuation, lifetime)
      case .cancelledBeforeStart, .finished, .cancelled:
        return nil
      }
    }
    guard let (continuation, lifetime) = taken else { return }
    lifetime.dispose()
    continuation.resume(throwing: CancellationError())
  }
}
