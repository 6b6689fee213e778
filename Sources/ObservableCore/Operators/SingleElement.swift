extension ObservableType {
  /// Emits the sequence's only element, failing if there is none or more than one.
  ///
  /// ```
  /// source:   -1-|
  /// single()  -1-|
  ///
  /// source:   -|
  /// single()  -#        (#: RxError.noElements)
  ///
  /// source:   -1-2-3-|
  /// single()  -1-#      (#: RxError.moreThanOneElement)
  /// ```
  ///
  /// The element is forwarded as soon as it arrives. A second element fails the result with
  /// ``RxError/moreThanOneElement`` at once and disposes the upstream subscription, without
  /// waiting for the source to complete; a source that completes without an element fails it
  /// with ``RxError/noElements``.
  ///
  /// - Returns: A sequence of at most one element.
  @_alwaysEmitIntoClient
  public func single() -> Observable<Element> {
    _single(nil)
  }

  /// Emits the only element that satisfies `predicate`, failing if there is none or more
  /// than one.
  ///
  /// ```
  /// source:             -1-2-3-4-|
  /// single { $0 == 2 }  ---2-----|
  /// single { $0 > 1 }   ---2-#      (#: RxError.moreThanOneElement)
  /// single { $0 > 9 }   ---------#  (#: RxError.noElements)
  /// ```
  ///
  /// Elements that do not satisfy `predicate` are ignored. The first one that does is
  /// forwarded as soon as it arrives; a second one fails the result with
  /// ``RxError/moreThanOneElement`` at once and disposes the upstream subscription.
  ///
  /// - Parameter predicate: Whether an element counts. If it throws, the result fails with that
  ///   error and the upstream subscription is disposed.
  /// - Returns: A sequence of at most one element. It fails with ``RxError/noElements`` if the
  ///   source completes before an element satisfies `predicate`.
  @available(swift, introduced: 6)
  @_alwaysEmitIntoClient
  public func single(_ predicate: @escaping @Sendable (Element) throws -> Bool)
    -> Observable<Element>
  {
    _single(predicate)
  }

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal func _single(_ predicate: (@Sendable (Element) throws -> Bool)?)
    -> Observable<Element>
  {
    let source = asObservable()
    return Observable(_run: { observer, lifetime in
      let seen = _SinkState(false, lifetime: lifetime)
      source._subscribe(
        AnyObserver { event in
          switch event {
          case .next(let element):
            if let predicate {
              let counts: Bool
              do { counts = try predicate(element) } catch {
                observer.on(.error(error))
                lifetime.dispose()
                return
              }
              guard counts else { return }
            }
            guard !seen.value else {
              observer.on(.error(RxError.moreThanOneElement))
              lifetime.dispose()
              return
            }
            seen.value = true
            observer.on(event)
          case .error:
            observer.on(event)
          case .completed:
            observer.on(seen.value ? .completed : .error(RxError.noElements))
          }
        },
        lifetime
      )
    })
  }
}
