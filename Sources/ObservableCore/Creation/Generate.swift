extension Observable {
  /// Returns a sequence that emits states, from `initialState`, for as long as `condition`
  /// holds, computing each next state with `iterate`.
  ///
  /// ```swift
  /// Observable.generate(initialState: 1, condition: { $0 < 100 }, iterate: { $0 * 3 })
  /// // 1, 3, 9, 27, 81, completed
  /// ```
  ///
  /// Like a `for` loop: `condition` is checked before each element, and the sequence completes
  /// the first time it returns `false`. Elements are emitted synchronously during `subscribe`
  /// and the loop stops as soon as the subscription is disposed. To emit each element as
  /// scheduled work instead, use ``generate(initialState:condition:scheduler:iterate:)``.
  ///
  /// - Parameters:
  ///   - initialState: The first state.
  ///   - condition: Whether to emit a state; the sequence completes once it returns `false`.
  ///     If it throws, the sequence fails with that error.
  ///   - iterate: Computes the next state from the current one. If it throws, the sequence
  ///     fails with that error.
  /// - Returns: A sequence of the generated states.
  @available(swift, introduced: 6)
  @inlinable
  public static func generate(
    initialState: Element,
    condition: @escaping @Sendable (Element) throws -> Bool,
    iterate: @escaping @Sendable (Element) throws -> Element
  ) -> Observable<Element> {
    Observable(_run: { observer, lifetime in
      var state = initialState
      do {
        while true {
          guard !lifetime.isDisposed else { return }
          guard try condition(state) else { break }
          guard !lifetime.isDisposed else { return }
          observer.on(.next(state))
          guard !lifetime.isDisposed else { return }
          state = try iterate(state)
        }
      } catch {
        guard !lifetime.isDisposed else { return }
        observer.on(.error(error))
        return
      }
      guard !lifetime.isDisposed else { return }
      observer.on(.completed)
    })
  }
}
