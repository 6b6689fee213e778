extension ObservableType {
  /// Projects each element to an inner sequence and mirrors only the most recent one.
  ///
  /// ```
  /// source:                      -a------b-----|
  /// inner for a:                  -1-2-3-4
  /// inner for b:                         -5-6-|
  /// flatMapLatest { inner($0) }  --1-2-3--5-6--|
  /// ```
  ///
  /// When an element arrives, the subscription to the previous inner sequence is disposed
  /// before the new one is subscribed, and anything the previous inner still sends (even
  /// from another thread) is ignored. The result completes when the source and the latest
  /// inner have both completed, and fails as soon as either fails.
  ///
  /// - Parameter selector: Returns the inner sequence for an element: any observable,
  ///   including a trait such as ``Single``. If it throws, the result fails with that error.
  /// - Returns: The elements of the latest inner sequence.
  @_disfavoredOverload
  @available(swift, introduced: 6)
  @_alwaysEmitIntoClient
  public func flatMapLatest<Source: ObservableConvertibleType>(
    _ selector: @escaping @Sendable (Element) throws -> Source
  ) -> Observable<Source.Element> {
    let source = asObservable()
    return Observable(_run: { observer, lifetime in
      let storage = _FlatMapLatestStorage(downstream: observer, lifetime: lifetime)
      lifetime.onDispose { storage.dispose() }
      let outer = storage.outerLifetime
      source._subscribe(
        AnyObserver { event in
          guard !outer.isDisposed else { return }
          switch event {
          case .next(let element):
            let inner: Observable<Source.Element>
            do { inner = try selector(element).asObservable() } catch {
              storage.outerFailed(error)
              return
            }
            storage.outerElementArrived(inner)
          case .error(let error):
            storage.outerFailed(error)
          case .completed:
            storage.outerCompleted()
          }
        },
        outer
      )
    })
  }
}
