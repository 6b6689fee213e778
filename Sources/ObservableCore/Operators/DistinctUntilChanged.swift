extension ObservableType where Element: Equatable {
  /// Skips elements equal to the previous emitted element.
  ///
  /// ```
  /// source:                  -1-1-2-2-1-|
  /// distinctUntilChanged()   -1---2---1-|
  /// ```
  ///
  /// - Returns: A sequence without consecutive duplicates.
  @_alwaysEmitIntoClient
  public func distinctUntilChanged() -> Observable<Element> {
    distinctUntilChanged({ $0 }, comparer: { $0 == $1 })
  }
}

extension ObservableType {
  /// Skips elements whose key equals the key of the previous emitted element.
  ///
  /// ```
  /// source:                            -a-b-c-d-|
  /// distinctUntilChanged { $0.count }  -a-b---d-|
  ///
  /// a = "a", b = "ab", c = "cd", d = "e"
  /// ```
  ///
  /// - Parameter keySelector: Computes the key to compare. If it throws, the sequence fails
  ///   with that error and the upstream subscription is disposed.
  /// - Returns: A sequence without consecutive elements of equal keys.
  @available(swift, introduced: 6)
  @_alwaysEmitIntoClient
  public func distinctUntilChanged<Key: Equatable & Sendable>(
    _ keySelector: @escaping @Sendable (Element) throws -> Key
  ) -> Observable<Element> {
    distinctUntilChanged(keySelector, comparer: { $0 == $1 })
  }

  /// Skips elements that `comparer` considers equal to the previous emitted element.
  ///
  /// ```
  /// source:                                    -1-2-4-5-|
  /// distinctUntilChanged { $0 / 2 == $1 / 2 }  -1-2-4---|
  /// ```
  ///
  /// - Parameter comparer: Whether two elements are equal. If it throws, the sequence fails
  ///   with that error and the upstream subscription is disposed.
  /// - Returns: A sequence without consecutive elements that compare equal.
  @_disfavoredOverload
  @available(swift, introduced: 6)
  @_alwaysEmitIntoClient
  public func distinctUntilChanged(
    _ comparer: @escaping @Sendable (Element, Element) throws -> Bool
  ) -> Observable<Element> {
    distinctUntilChanged({ $0 }, comparer: comparer)
  }

  /// Skips elements whose key `comparer` considers equal to the key of the previous emitted
  /// element.
  ///
  /// Each element is compared with the last element that was emitted, not with the last one
  /// that arrived.
  ///
  /// - Parameters:
  ///   - keySelector: Computes the key to compare. If it throws, the sequence fails with that
  ///     error and the upstream subscription is disposed.
  ///   - comparer: Whether two keys are equal. If it throws, the sequence fails with that
  ///     error and the upstream subscription is disposed.
  /// - Returns: A sequence without consecutive elements of equal keys.
  @available(swift, introduced: 6)
  @_alwaysEmitIntoClient
  public func distinctUntilChanged<Key: Sendable>(
    _ keySelector: @escaping @Sendable (Element) throws -> Key,
    comparer: @escaping @Sendable (Key, Key) throws -> Bool
  ) -> Observable<Element> {
    let source = asObservable()
    return Observable(_run: { observer, lifetime in
      let lastKey = _SinkState<Key?>(nil, lifetime: lifetime)
      source._subscribe(
        AnyObserver { event in
          switch event {
          case .next(let element):
            do {
              let key = try keySelector(element)
              if let previous = lastKey.value, try comparer(previous, key) { return }
              lastKey.value = key
            } catch {
              observer.on(.error(error))
              lifetime.dispose()
              return
            }
            observer.on(event)
          case .error, .completed:
            observer.on(event)
          }
        },
        lifetime
      )
    })
  }

  /// Skips elements whose property at `keyPath` equals that of the previous emitted element.
  ///
  /// ```swift
  /// users.distinctUntilChanged(at: \.id)
  /// ```
  ///
  /// - Parameter keyPath: The property to compare.
  /// - Returns: A sequence without consecutive elements with equal properties.
  @_alwaysEmitIntoClient
  public func distinctUntilChanged<Property: Equatable & Sendable>(
    at keyPath: KeyPath<Element, Property> & Sendable
  ) -> Observable<Element> {
    distinctUntilChanged({ $0[keyPath: keyPath] }, comparer: { $0 == $1 })
  }
}
