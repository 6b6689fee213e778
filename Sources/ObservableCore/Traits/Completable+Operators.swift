extension PrimitiveSequence where Trait == CompletableTrait, Element == Never {
  /// Runs side effects for the outcome and the lifecycle of each subscription, without
  /// changing the outcome.
  ///
  /// ```swift
  /// save
  ///   .do(onSubscribe: { spinner.start() }, onDispose: { spinner.stop() })
  ///   .subscribe(onCompleted: close)
  /// ```
  ///
  /// The `on…` handlers run before the outcome is forwarded and the `after…` handlers after
  /// it. A throwing `onError` or `onCompleted` replaces the outcome with a failure carrying
  /// the thrown error; an error thrown by `afterError` or `afterCompleted` goes to
  /// ``Hooks/defaultErrorHandler``.
  ///
  /// - Parameters:
  ///   - onError: Called with the error before it is forwarded.
  ///   - afterError: Called with the error after it has been forwarded.
  ///   - onCompleted: Called before completion is forwarded.
  ///   - afterCompleted: Called after completion has been forwarded.
  ///   - onSubscribe: Called before subscribing to the source.
  ///   - onSubscribed: Called when subscribing to the source has returned, even if the
  ///     outcome has already been delivered by then.
  ///   - onDispose: Called once when the subscription has ended, for any reason: after the
  ///     source has been disposed and after `onSubscribed`, in RxSwift's order, as with the
  ///     Observable `do`.
  /// - Returns: A `Completable` with the same outcome.
  @available(swift, introduced: 6)
  @_alwaysEmitIntoClient
  public func `do`(
    onError: (@Sendable (any Swift.Error) throws -> Void)? = nil,
    afterError: (@Sendable (any Swift.Error) throws -> Void)? = nil,
    onCompleted: (@Sendable () throws -> Void)? = nil,
    afterCompleted: (@Sendable () throws -> Void)? = nil,
    onSubscribe: (@Sendable () -> Void)? = nil,
    onSubscribed: (@Sendable () -> Void)? = nil,
    onDispose: (@Sendable () -> Void)? = nil
  ) -> Completable {
    Completable(
      raw: source.do(
        onError: onError,
        afterError: afterError,
        onCompleted: onCompleted,
        afterCompleted: afterCompleted,
        onSubscribe: onSubscribe,
        onSubscribed: onSubscribed,
        onDispose: onDispose))
  }

  /// Runs `second` after this `Completable` completes.
  ///
  /// The same as `andThen(_:)` with a `Completable`.
  ///
  /// - Parameter second: The work to run next.
  /// - Returns: A `Completable` that completes when both have completed.
  @_alwaysEmitIntoClient
  public func concat(_ second: Completable) -> Completable {
    Completable(raw: source.concat(second))
  }

  /// Runs the `Completable`s one after another.
  ///
  /// ```
  /// first:    --|
  /// second:     -|
  /// concat    ---|
  /// ```
  ///
  /// Each one is subscribed when the previous one completes; the first error ends the result
  /// and the rest never run.
  ///
  /// - Parameter sequence: The work to run, in order.
  /// - Returns: A `Completable` that completes when the last one has completed.
  @_alwaysEmitIntoClient
  public static func concat<Sequence: Swift.Sequence>(_ sequence: Sequence) -> Completable
  where Sequence.Element == Completable {
    Completable(raw: Observable.concat(sequence.map { $0.asObservable() }))
  }

  /// Runs the `Completable`s one after another.
  ///
  /// Each one is subscribed when the previous one completes; the first error ends the result
  /// and the rest never run.
  ///
  /// - Parameter collection: The work to run, in order.
  /// - Returns: A `Completable` that completes when the last one has completed.
  @_alwaysEmitIntoClient
  public static func concat<Collection: Swift.Collection>(_ collection: Collection)
    -> Completable
  where Collection.Element == Completable {
    Completable(raw: Observable.concat(collection.map { $0.asObservable() }))
  }

  /// Runs the `Completable`s one after another.
  ///
  /// Each one is subscribed when the previous one completes; the first error ends the result
  /// and the rest never run.
  ///
  /// - Parameter sources: The work to run, in order.
  /// - Returns: A `Completable` that completes when the last one has completed.
  @_alwaysEmitIntoClient
  public static func concat(_ sources: Completable...) -> Completable {
    Completable(raw: Observable.concat(sources.map { $0.asObservable() }))
  }

  /// Runs the `Completable`s at the same time and completes when all have completed.
  ///
  /// ```
  /// first:    --|
  /// second:   -|
  /// merge     --|
  /// ```
  ///
  /// The first error ends the result and disposes the others. An empty collection completes
  /// at once.
  ///
  /// - Parameter sources: The work to run.
  /// - Returns: A `Completable` that completes when every one has completed.
  @_alwaysEmitIntoClient
  public static func merge<Collection: Swift.Collection>(_ sources: Collection) -> Completable
  where Collection.Element == Completable {
    Completable(raw: Observable.merge(sources.map { $0.asObservable() }))
  }

  /// Runs the `Completable`s at the same time and completes when all have completed.
  ///
  /// The first error ends the result and disposes the others.
  ///
  /// - Parameter sources: The work to run.
  /// - Returns: A `Completable` that completes when every one has completed.
  @_alwaysEmitIntoClient
  public static func merge(_ sources: [Completable]) -> Completable {
    Completable(raw: Observable.merge(sources.map { $0.asObservable() }))
  }

  /// Runs the `Completable`s at the same time and completes when all have completed.
  ///
  /// The first error ends the result and disposes the others.
  ///
  /// - Parameter sources: The work to run.
  /// - Returns: A `Completable` that completes when every one has completed.
  @_alwaysEmitIntoClient
  public static func merge(_ sources: Completable...) -> Completable {
    Completable(raw: Observable.merge(sources.map { $0.asObservable() }))
  }

  /// Runs the `Completable`s at the same time and completes when all have completed.
  ///
  /// For `Completable`, `zip` is the same as `merge`, as in RxSwift.
  ///
  /// - Parameter sources: The work to run.
  /// - Returns: A `Completable` that completes when every one has completed.
  @_alwaysEmitIntoClient
  public static func zip<Collection: Swift.Collection>(_ sources: Collection) -> Completable
  where Collection.Element == Completable {
    merge(sources)
  }

  /// Runs the `Completable`s at the same time and completes when all have completed.
  ///
  /// For `Completable`, `zip` is the same as `merge`, as in RxSwift.
  ///
  /// - Parameter sources: The work to run.
  /// - Returns: A `Completable` that completes when every one has completed.
  @_alwaysEmitIntoClient
  public static func zip(_ sources: [Completable]) -> Completable {
    merge(sources)
  }

  /// Runs the `Completable`s at the same time and completes when all have completed.
  ///
  /// For `Completable`, `zip` is the same as `merge`, as in RxSwift.
  ///
  /// - Parameter sources: The work to run.
  /// - Returns: A `Completable` that completes when every one has completed.
  @_alwaysEmitIntoClient
  public static func zip(_ sources: Completable...) -> Completable {
    merge(sources)
  }
}
