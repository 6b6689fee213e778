import ObservableCore
import Synchronization

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
  /// cancelled throws without subscribing.
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
  /// throws `CancellationError`. A task that is already cancelled throws without subscribing.
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
  /// throws `CancellationError`. A task that is already cancelled throws without subscribing.
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
///
/// - Parameter source: The sequence to await.
/// - Returns: The first element, or `nil` if the sequence completed without one.
/// - Throws: The sequence's error, or `CancellationError` if the task is cancelled.
@usableFromInline
internal func _awaitFirstElement<Element: Sendable>(
  of source: Observable<Element>
) async throws -> Element? {
  if Task.isCancelled { throw CancellationError() }
  let awaiter = _FirstElementAwaiter<Element>()
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
    case idle
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
    let proceed = state.withLock { state -> Bool in
      guard case .idle = state else { return false }
      state = .waiting(continuation, lifetime)
      return true
    }
    guard proceed else {
      continuation.resume(throwing: CancellationError())
      return
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
        state = .cancelled
        return nil
      case .waiting(let continuation, let lifetime):
        state = .cancelled
        return (continuation, lifetime)
      case .finished, .cancelled:
        return nil
      }
    }
    guard let (continuation, lifetime) = taken else { return }
    lifetime.dispose()
    continuation.resume(throwing: CancellationError())
  }
}
