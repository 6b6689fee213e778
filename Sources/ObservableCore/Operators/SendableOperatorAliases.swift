// Unambiguous names for the `@Sendable` forms of the operators that `MainActorObservable`
// shadows. Those forms are `@_disfavoredOverload` (see MainActorObservable+Operators.swift), and
// so are their Swift 5-mode twins; inside a twin, an `obsoleted: 6` context, a call such as
// `asObservable().map(transform)` with a closure value then matches both equally and is
// ambiguous. ObservableCocoa's operators, whose twins copy their bodies, call these instead.
// Each forwards from an available context, where the original is chosen.

extension ObservableType {
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  package func _sendableMap<Result: Sendable>(
    _ transform: @escaping @Sendable (Element) throws -> Result
  ) -> Observable<Result> {
    map(transform)
  }

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  package func _sendableCompactMap<Result: Sendable>(
    _ transform: @escaping @Sendable (Element) throws -> Result?
  ) -> Observable<Result> {
    compactMap(transform)
  }

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  package func _sendableFilter(
    _ predicate: @escaping @Sendable (Element) throws -> Bool
  ) -> Observable<Element> {
    filter(predicate)
  }

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  package func _sendableFlatMapLatest<Source: ObservableConvertibleType>(
    _ selector: @escaping @Sendable (Element) throws -> Source
  ) -> Observable<Source.Element> {
    flatMapLatest(selector)
  }

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  package func _sendableFlatMap<Source: ObservableConvertibleType>(
    _ selector: @escaping @Sendable (Element) throws -> Source
  ) -> Observable<Source.Element> {
    flatMap(selector)
  }

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  package func _sendableDistinctUntilChanged(
    _ comparer: @escaping @Sendable (Element, Element) throws -> Bool
  ) -> Observable<Element> {
    distinctUntilChanged(comparer)
  }

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  package func _sendableScan<Accumulate: Sendable>(
    _ seed: Accumulate, accumulator: @escaping @Sendable (Accumulate, Element) throws -> Accumulate
  ) -> Observable<Accumulate> {
    scan(seed, accumulator: accumulator)
  }

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  package func _sendableWithLatestFrom<Source: ObservableConvertibleType, Result: Sendable>(
    _ second: Source,
    resultSelector: @escaping @Sendable (Element, Source.Element) throws -> Result
  ) -> Observable<Result> {
    withLatestFrom(second, resultSelector: resultSelector)
  }

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  package func _sendableDo(
    onNext: (@Sendable (Element) throws -> Void)?,
    afterNext: (@Sendable (Element) throws -> Void)?,
    onCompleted: (@Sendable () throws -> Void)?,
    afterCompleted: (@Sendable () throws -> Void)?,
    onSubscribe: (@Sendable () -> Void)?,
    onSubscribed: (@Sendable () -> Void)?,
    onDispose: (@Sendable () -> Void)?
  ) -> Observable<Element> {
    self.do(
      onNext: onNext, afterNext: afterNext, onCompleted: onCompleted,
      afterCompleted: afterCompleted, onSubscribe: onSubscribe, onSubscribed: onSubscribed,
      onDispose: onDispose)
  }

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  package func _sendableSubscribe(
    onNext: (@Sendable (Element) -> Void)?
  ) -> any Disposable {
    subscribe(onNext: onNext)
  }
}
