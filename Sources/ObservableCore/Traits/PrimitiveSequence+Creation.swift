// Creation operators that every trait (`Single`, `Maybe`, `Completable`) shares, as in
// RxSwift's `PrimitiveSequence.swift`. Each wraps the Observable operator of the same name.

extension PrimitiveSequence {
  /// Returns a sequence that calls `observableFactory` for each subscription and subscribes to
  /// the sequence it returns.
  ///
  /// ```swift
  /// let now = Single<Date>.deferred { .just(Date()) }
  /// ```
  ///
  /// The factory runs when a subscription starts, not when `deferred` is called, so every
  /// subscriber gets fresh work.
  ///
  /// - Parameter observableFactory: Builds the sequence for one subscription. If it throws,
  ///   that subscription fails with the thrown error.
  /// - Returns: A sequence of the same trait that defers its creation until subscription.
  @available(swift, introduced: 6)
  @_alwaysEmitIntoClient
  public static func deferred(
    _ observableFactory: @escaping @Sendable () throws -> PrimitiveSequence<Trait, Element>
  ) -> PrimitiveSequence<Trait, Element> {
    PrimitiveSequence(raw: Observable.deferred { try observableFactory().asObservable() })
  }

  /// Returns a sequence that creates a resource for each subscription, builds the sequence from
  /// it, and disposes the resource when the subscription ends.
  ///
  /// ```swift
  /// let contents = Single<Data>.using(
  ///   { try FileResource(path: path) },
  ///   primitiveSequenceFactory: { file in file.readAll() })
  /// ```
  ///
  /// The resource is disposed once, after the inner subscription has been disposed: when the
  /// outcome has been delivered, or when the subscription is disposed early.
  ///
  /// - Parameters:
  ///   - resourceFactory: Creates the resource for one subscription. If it throws, the
  ///     subscription fails with that error.
  ///   - primitiveSequenceFactory: Builds the sequence that uses the resource. If it throws, the
  ///     subscription fails with that error and the resource is disposed.
  /// - Returns: A sequence of the same trait whose resource lives exactly as long as each
  ///   subscription.
  @available(swift, introduced: 6)
  @_alwaysEmitIntoClient
  public static func using<Resource: Disposable>(
    _ resourceFactory: @escaping @Sendable () throws -> Resource,
    primitiveSequenceFactory:
      @escaping @Sendable (Resource) throws -> PrimitiveSequence<Trait, Element>
  ) -> PrimitiveSequence<Trait, Element> {
    PrimitiveSequence(
      raw: Observable.using(
        resourceFactory,
        observableFactory: { resource in try primitiveSequenceFactory(resource).asObservable() }))
  }
}
