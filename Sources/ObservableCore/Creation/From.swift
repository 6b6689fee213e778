extension Observable {
  /// Returns a sequence that emits `elements` in order, then completes.
  ///
  /// Elements are emitted synchronously during `subscribe`. The sequence stops as soon as the
  /// subscription is disposed, so an infinite `Sequence` works with `take(_:)`.
  ///
  /// - Parameter elements: The elements to emit.
  /// - Returns: A sequence of `elements`.
  @inlinable
  public static func of(_ elements: Element...) -> Observable<Element> {
    from(elements)
  }

  /// Returns a sequence that emits the elements of `array` in order, then completes.
  ///
  /// - Parameter array: The elements to emit.
  /// - Returns: A sequence of the array's elements.
  @inlinable
  public static func from(_ array: [Element]) -> Observable<Element> {
    Observable(_run: { observer, lifetime in
      for element in array {
        guard !lifetime.isDisposed else { return }
        observer.on(.next(element))
      }
      guard !lifetime.isDisposed else { return }
      observer.on(.completed)
    })
  }

  /// Returns a sequence that emits the elements of `sequence` in order, then completes.
  ///
  /// Each subscription iterates `sequence` anew, and stops iterating when disposed.
  ///
  /// - Parameter sequence: The elements to emit.
  /// - Returns: A sequence of the elements of `sequence`.
  @inlinable
  public static func from<S: Sequence & Sendable>(_ sequence: S) -> Observable<Element>
  where S.Element == Element {
    Observable(_run: { observer, lifetime in
      // Check before pulling each element, so that a disposed subscription never advances
      // the iterator again (its `next()` may have side effects).
      var iterator = sequence.makeIterator()
      while !lifetime.isDisposed, let element = iterator.next() {
        observer.on(.next(element))
      }
      guard !lifetime.isDisposed else { return }
      observer.on(.completed)
    })
  }
}
