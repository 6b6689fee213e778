extension ObservableType {
  /// Emits `default` before completing if the sequence completes without an element.
  ///
  /// ```
  /// source:              ---|
  /// ifEmpty(default: 0)  ---[0|]
  ///
  /// source:              -1-2-|
  /// ifEmpty(default: 0)  -1-2-|
  /// ```
  ///
  /// Errors pass through: a sequence that fails before an element fails the result.
  ///
  /// - Parameter default: The element to emit when the source has none.
  /// - Returns: The source's elements, or `default` alone if there are none.
  @_alwaysEmitIntoClient
  public func ifEmpty(default: Element) -> Observable<Element> {
    let source = asObservable()
    return Observable(_run: { observer, lifetime in
      let isEmpty = _SinkState(true, lifetime: lifetime)
      source._subscribe(
        AnyObserver { event in
          switch event {
          case .next:
            isEmpty.value = false
            observer.on(event)
          case .error:
            observer.on(event)
          case .completed:
            if isEmpty.value {
              observer.on(.next(`default`))
              guard !lifetime.isDisposed else { return }
            }
            observer.on(.completed)
          }
        },
        lifetime
      )
    })
  }

  /// Continues with `other` if the sequence completes without an element.
  ///
  /// ```
  /// source:                   ---|
  /// other:                       -7-8-|
  /// ifEmpty(switchTo: other)  ----7-8-|
  /// ```
  ///
  /// `other` is subscribed only when the source completes empty, never after an element or an
  /// error; the source's subscription is disposed before `other` is subscribed.
  ///
  /// - Parameter other: The sequence to continue with when the source has no element.
  /// - Returns: The source's elements, or, if there are none, `other`'s events.
  @_alwaysEmitIntoClient
  public func ifEmpty(switchTo other: Observable<Element>) -> Observable<Element> {
    let source = asObservable()
    return Observable(_run: { observer, lifetime in
      // The source runs in a child lifetime so that it can be let go of before `other`, which
      // then shares this operator's lifetime as a pass-through.
      let sourceLifetime = _Lifetime(inheriting: lifetime)
      lifetime.add(sourceLifetime)
      let isEmpty = _SinkState(true, lifetime: lifetime)
      source._subscribe(
        AnyObserver { event in
          guard !sourceLifetime.isDisposed else { return }
          switch event {
          case .next:
            isEmpty.value = false
            observer.on(event)
          case .error:
            observer.on(event)
          case .completed:
            guard isEmpty.value else {
              observer.on(.completed)
              return
            }
            sourceLifetime.dispose()
            guard !lifetime.isDisposed else { return }
            other._subscribe(observer, lifetime)
          }
        },
        sourceLifetime
      )
    })
  }
}
