extension ObservableType {
  /// Converts the sequence to a ``Single``.
  ///
  /// ```
  /// source:     -1-|
  /// asSingle()  ---[1|]
  ///
  /// source:     -|
  /// asSingle()  -#       (#: RxError.noElements)
  ///
  /// source:     -1-2
  /// asSingle()  ---#     (#: RxError.moreThanOneElement)
  /// ```
  ///
  /// - Returns: A `Single` of the only element. It fails with ``RxError/noElements`` if the
  ///   sequence completes empty, and with ``RxError/moreThanOneElement`` (disposing upstream)
  ///   as soon as a second element arrives.
  @_alwaysEmitIntoClient
  public func asSingle() -> Single<Element> {
    Single(raw: _exactlyOne(failWhenEmpty: true))
  }

  /// Converts the sequence to a ``Maybe``.
  ///
  /// - Returns: A `Maybe` of the only element, or empty if the sequence completes empty. It
  ///   fails with ``RxError/moreThanOneElement`` (disposing upstream) as soon as a second
  ///   element arrives.
  @_alwaysEmitIntoClient
  public func asMaybe() -> Maybe<Element> {
    Maybe(raw: _exactlyOne(failWhenEmpty: false))
  }

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal func _exactlyOne(failWhenEmpty: Bool) -> Observable<Element> {
    let source = asObservable()
    return Observable(_run: { observer, lifetime in
      let stored = _SinkState<Element?>(nil, lifetime: lifetime)
      source._subscribe(
        AnyObserver { event in
          switch event {
          case .next(let element):
            if stored.value == nil {
              stored.value = element
            } else {
              observer.on(.error(RxError.moreThanOneElement))
              lifetime.dispose()
            }
          case .error:
            observer.on(event)
          case .completed:
            if let element = stored.value {
              stored.value = nil
              observer.on(.next(element))
              observer.on(.completed)
            } else if failWhenEmpty {
              observer.on(.error(RxError.noElements))
            } else {
              observer.on(.completed)
            }
          }
        },
        lifetime
      )
    })
  }

  /// Returns a ``Single`` of the first element, or of `nil` if the sequence completes empty.
  ///
  /// ```
  /// source:  -1-2-3-|
  /// first()  -[1|]
  /// ```
  ///
  /// The upstream subscription is disposed as soon as the first element arrives.
  ///
  /// - Returns: A `Single` of the first element, if any.
  @_alwaysEmitIntoClient
  public func first() -> Single<Element?> {
    let source = asObservable()
    return Single(
      raw: Observable(_run: { observer, lifetime in
        let done = _SerializedFlag()
        source._subscribe(
          AnyObserver { event in
            guard !done.isSet else { return }
            switch event {
            case .next(let element):
              done.set()
              observer.on(.next(element))
              observer.on(.completed)
              lifetime.dispose()
            case .error(let error):
              done.set()
              observer.on(.error(error))
            case .completed:
              done.set()
              observer.on(.next(nil))
              observer.on(.completed)
            }
          },
          lifetime
        )
      }))
  }
}

extension ObservableType where Element == Never {
  /// Converts a sequence without elements to a ``Completable``.
  ///
  /// - Returns: A `Completable` that completes or fails with the sequence.
  @_alwaysEmitIntoClient
  public func asCompletable() -> Completable {
    Completable(raw: asObservable())
  }
}
