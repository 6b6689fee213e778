/// The trait of a ``Completable``: no elements, only completion or an error.
public enum CompletableTrait {}

/// A sequence that only completes or fails, like an async function that returns nothing.
public typealias Completable = PrimitiveSequence<CompletableTrait, Never>

/// The outcome of a ``Completable``.
@frozen
public enum CompletableEvent: Sendable {
  /// The work failed.
  case error(any Swift.Error)
  /// The work finished.
  case completed
}

extension PrimitiveSequence where Trait == CompletableTrait, Element == Never {
  /// The closure a ``Completable`` producer calls with its outcome.
  public typealias CompletableObserver = @Sendable (CompletableEvent) -> Void

  /// Creates a `Completable` from a subscribe closure.
  ///
  /// Only the first outcome counts; later calls are ignored.
  ///
  /// - Parameter subscribe: Called for each subscription with the closure to report the
  ///   outcome to. Returns a disposable that cancels the work.
  /// - Returns: A `Completable`.
  @available(swift, introduced: 6)
  @_alwaysEmitIntoClient
  public static func create(
    subscribe: @escaping @Sendable (@escaping CompletableObserver) -> any Disposable
  ) -> Completable {
    Completable(
      raw: Observable.create { observer in
        subscribe { event in
          switch event {
          case .error(let error): observer.on(.error(error))
          case .completed: observer.on(.completed)
          }
        }
      })
  }

  /// Subscribes a closure to the outcome.
  ///
  /// - Parameter observer: Called once with the outcome.
  /// - Returns: A disposable that cancels the subscription.
  @_alwaysEmitIntoClient
  public func subscribe(_ observer: @escaping CompletableObserver) -> any Disposable {
    source.subscribe { event in
      switch event {
      case .next: break
      case .error(let error): observer(.error(error))
      case .completed: observer(.completed)
      }
    }
  }

  /// Subscribes closures to completion and the error.
  ///
  /// - Parameters:
  ///   - onCompleted: Called when the work finishes.
  ///   - onError: Called with the error. Without it, the error goes to
  ///     ``Hooks/defaultErrorHandler``.
  ///   - onDisposed: Called once when the subscription ends, for any reason.
  /// - Returns: A disposable that cancels the subscription.
  @available(swift, introduced: 6)
  @_alwaysEmitIntoClient
  public func subscribe(
    onCompleted: (@Sendable () -> Void)? = nil,
    onError: (@Sendable (any Swift.Error) -> Void)? = nil,
    onDisposed: (@Sendable () -> Void)? = nil
  ) -> any Disposable {
    source.subscribe(onError: onError, onCompleted: onCompleted, onDisposed: onDisposed)
  }

  /// Returns a `Completable` that completes at once.
  ///
  /// - Returns: A `Completable`.
  @_alwaysEmitIntoClient
  public static func empty() -> Completable {
    Completable(raw: .empty())
  }

  /// Returns a `Completable` that fails with `error`.
  ///
  /// - Parameter error: The error.
  /// - Returns: A `Completable`.
  @_alwaysEmitIntoClient
  public static func error(_ error: any Swift.Error) -> Completable {
    Completable(raw: .error(error))
  }

  /// Returns a `Completable` that never finishes.
  ///
  /// - Returns: A `Completable`.
  @_alwaysEmitIntoClient
  public static func never() -> Completable {
    Completable(raw: .never())
  }
}
