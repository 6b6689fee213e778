import Synchronization

/// The trait of a ``Single``: exactly one element, or an error.
public enum SingleTrait {}

/// A sequence that emits exactly one element or fails, like a function call that may throw.
///
/// ```swift
/// let answer = Single<Int>.create { single in
///   single(.success(42))
///   return Disposables.create()
/// }
/// answer.subscribe(onSuccess: { print($0) }, onFailure: { print($0) })
/// ```
public typealias Single<Element: Sendable> = PrimitiveSequence<SingleTrait, Element>

/// The outcome of a ``Single``.
public typealias SingleEvent<Element> = Result<Element, any Swift.Error>

// Why alike: the trait's observer type and `create`, with the shape of Maybe.swift's but this
// trait's own outcome type (a Maybe may complete empty), as RxSwift declares them.
extension PrimitiveSequence where Trait == SingleTrait {
  /// The closure a ``Single`` producer calls with its outcome.
  public typealias SingleObserver = @Sendable (SingleEvent<Element>) -> Void

  /// Creates a `Single` from a subscribe closure.
  ///
  /// Only the first outcome counts; later calls are ignored.
  ///
  /// - Parameter subscribe: Called for each subscription with the closure to report the
  ///   outcome to. Returns a disposable that cancels the work.
  /// - Returns: A `Single`.
  @available(swift, introduced: 6)
  @_alwaysEmitIntoClient
  public static func create(
    subscribe: @escaping @Sendable (@escaping SingleObserver) -> any Disposable
  ) -> Single<Element> {
    Single(
      raw: Observable.create { observer in
        let reported = _OnceFlag()
        return subscribe { result in
          // Only the first outcome counts, even when two arrive at once or one is reported
          // from inside the observer of the other: the success is two events, and another
          // outcome must not slip in between them.
          guard reported.claim() else { return }
          switch result {
          case .success(let element):
            observer.on(.next(element))
            observer.on(.completed)
          case .failure(let error):
            observer.on(.error(error))
          }
        }
      })
  }

  /// Subscribes a closure to the outcome.
  ///
  /// - Parameter observer: Called once with the outcome.
  /// - Returns: A disposable that cancels the subscription.
  @_alwaysEmitIntoClient
  public func subscribe(_ observer: @escaping SingleObserver) -> any Disposable {
    source.subscribe(_SingleValueObserver(observer))
  }

  /// Subscribes closures to the element and the error.
  ///
  /// - Parameters:
  ///   - onSuccess: Called with the element.
  ///   - onFailure: Called with the error. Without it, the error goes to
  ///     ``Hooks/defaultErrorHandler``.
  ///   - onDisposed: Called once when the subscription ends, for any reason.
  /// - Returns: A disposable that cancels the subscription.
  @available(swift, introduced: 6)
  @_alwaysEmitIntoClient
  public func subscribe(
    onSuccess: (@Sendable (Element) -> Void)? = nil,
    onFailure: (@Sendable (any Swift.Error) -> Void)? = nil,
    onDisposed: (@Sendable () -> Void)? = nil
  ) -> any Disposable {
    source.subscribe(onNext: onSuccess, onError: onFailure, onDisposed: onDisposed)
  }

  /// Returns a `Single` that succeeds with `element`.
  ///
  /// - Parameter element: The element.
  /// - Returns: A `Single`.
  @_alwaysEmitIntoClient
  public static func just(_ element: Element) -> Single<Element> {
    Single(raw: .just(element))
  }

  /// Returns a `Single` that fails with `error`.
  ///
  /// - Parameter error: The error.
  /// - Returns: A `Single`.
  @_alwaysEmitIntoClient
  public static func error(_ error: any Swift.Error) -> Single<Element> {
    Single(raw: .error(error))
  }

  /// Returns a `Single` that never produces an outcome.
  ///
  /// - Returns: A `Single`.
  @_alwaysEmitIntoClient
  public static func never() -> Single<Element> {
    Single(raw: .never())
  }
}

/// A flag that one caller, of any number racing, can claim.
///
/// Not public API.
@usableFromInline package final class _OnceFlag: Sendable {
  @usableFromInline
  internal let claimed = _Atomic<Bool>(false)

  /// Creates an unclaimed flag.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  package init() {}

  /// Claims the flag.
  ///
  /// - Returns: `true` for the first caller only.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  package func claim() -> Bool {
    !claimed.exchange(true, ordering: .acquiringAndReleasing)
  }
}

/// Adapts a ``SingleObserver`` closure to an observer.
///
/// Not public API.
@usableFromInline
internal struct _SingleValueObserver<Element: Sendable>: ObserverType {
  @usableFromInline
  let observer: @Sendable (SingleEvent<Element>) -> Void

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  init(_ observer: @escaping @Sendable (SingleEvent<Element>) -> Void) {
    self.observer = observer
  }

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  func on(_ event: Event<Element>) {
    switch event {
    case .next(let element): observer(.success(element))
    case .error(let error): observer(.failure(error))
    case .completed: break
    }
  }
}
