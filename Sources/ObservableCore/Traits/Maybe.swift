/// The trait of a ``Maybe``: at most one element, then completion, or an error.
public enum MaybeTrait {}

/// A sequence that emits one element, completes empty, or fails.
public typealias Maybe<Element: Sendable> = PrimitiveSequence<MaybeTrait, Element>

/// The outcome of a ``Maybe``.
@frozen
public enum MaybeEvent<Element> {
  /// The sequence produced an element.
  case success(Element)
  /// The sequence failed.
  case error(any Swift.Error)
  /// The sequence completed without an element.
  case completed
}

extension MaybeEvent: Sendable where Element: Sendable {}

// Why alike: the trait's observer type and `create`, with the shape of Single.swift's but this
// trait's own outcome type (a Maybe may complete empty), as RxSwift declares them.
extension PrimitiveSequence where Trait == MaybeTrait {
  /// The closure a ``Maybe`` producer calls with its outcome.
  public typealias MaybeObserver = @Sendable (MaybeEvent<Element>) -> Void

  /// Creates a `Maybe` from a subscribe closure.
  ///
  /// Only the first outcome counts; later calls are ignored.
  ///
  /// - Parameter subscribe: Called for each subscription with the closure to report the
  ///   outcome to. Returns a disposable that cancels the work.
  /// - Returns: A `Maybe`.
  @available(swift, introduced: 6)
  @_alwaysEmitIntoClient
  public static func create(
    subscribe: @escaping @Sendable (@escaping MaybeObserver) -> any Disposable
  ) -> Maybe<Element> {
    Maybe(
      raw: Observable.create { observer in
        let reported = _OnceFlag()
        return subscribe { event in
          // Only the first outcome counts, even when two race or one is reported reentrantly.
          guard reported.claim() else { return }
          switch event {
          case .success(let element):
            observer.on(.next(element))
            observer.on(.completed)
          case .error(let error):
            observer.on(.error(error))
          case .completed:
            observer.on(.completed)
          }
        }
      })
  }

  /// Subscribes a closure to the outcome.
  ///
  /// - Parameter observer: Called once with the outcome.
  /// - Returns: A disposable that cancels the subscription.
  @_alwaysEmitIntoClient
  public func subscribe(_ observer: @escaping MaybeObserver) -> any Disposable {
    let delivered = _SerializedFlag()
    return source.subscribe { event in
      switch event {
      case .next(let element):
        delivered.set()
        observer(.success(element))
      case .error(let error):
        observer(.error(error))
      case .completed:
        if !delivered.isSet { observer(.completed) }
      }
    }
  }

  /// Subscribes closures to the element, the error and empty completion.
  ///
  /// - Parameters:
  ///   - onSuccess: Called with the element.
  ///   - onError: Called with the error. Without it, the error goes to
  ///     ``Hooks/defaultErrorHandler``.
  ///   - onCompleted: Called if the sequence completes without an element.
  ///   - onDisposed: Called once when the subscription ends, for any reason.
  /// - Returns: A disposable that cancels the subscription.
  @available(swift, introduced: 6)
  @_alwaysEmitIntoClient
  public func subscribe(
    onSuccess: (@Sendable (Element) -> Void)? = nil,
    onError: (@Sendable (any Swift.Error) -> Void)? = nil,
    onCompleted: (@Sendable () -> Void)? = nil,
    onDisposed: (@Sendable () -> Void)? = nil
  ) -> any Disposable {
    let delivered = _SerializedFlag()
    return source.subscribe(
      onNext: { element in
        delivered.set()
        onSuccess?(element)
      },
      onError: onError,
      onCompleted: { if !delivered.isSet { onCompleted?() } },
      onDisposed: onDisposed)
  }

  /// Returns a `Maybe` that succeeds with `element`.
  ///
  /// - Parameter element: The element.
  /// - Returns: A `Maybe`.
  @_alwaysEmitIntoClient
  public static func just(_ element: Element) -> Maybe<Element> {
    Maybe(raw: .just(element))
  }

  /// Returns a `Maybe` that completes without an element.
  ///
  /// - Returns: A `Maybe`.
  @_alwaysEmitIntoClient
  public static func empty() -> Maybe<Element> {
    Maybe(raw: .empty())
  }

  /// Returns a `Maybe` that fails with `error`.
  ///
  /// - Parameter error: The error.
  /// - Returns: A `Maybe`.
  @_alwaysEmitIntoClient
  public static func error(_ error: any Swift.Error) -> Maybe<Element> {
    Maybe(raw: .error(error))
  }

  /// Returns a `Maybe` that never produces an outcome.
  ///
  /// - Returns: A `Maybe`.
  @_alwaysEmitIntoClient
  public static func never() -> Maybe<Element> {
    Maybe(raw: .never())
  }
}

/// A flag set and read only from inside one observer's serialized calls.
///
/// Not public API.
@usableFromInline
package final class _SerializedFlag:
  // SAFETY: set and read only from inside one observer's `on(_:)`, which the observable
  // contract serializes.
  @unchecked Sendable
{
  @usableFromInline
  internal var value = false

  /// Creates a cleared flag.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  package init() {}

  /// Whether the flag is set.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  package var isSet: Bool { value }

  /// Sets the flag.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  package func set() {
    value = true
  }
}
