extension Observable {
  /// Returns a sequence that emits `element` forever.
  ///
  /// ```
  /// repeatElement(1): 1-1-1-1-1-…
  /// ```
  ///
  /// Elements are emitted synchronously during `subscribe`, in a loop that stops as soon as the
  /// subscription is disposed, so `repeatElement(1).take(3)` emits three elements and
  /// completes.
  ///
  /// To emit each element as scheduled work instead, use ``repeatElement(_:scheduler:)``.
  ///
  /// - Parameter element: The element to repeat.
  /// - Returns: An infinite sequence of `element`.
  @inlinable
  public static func repeatElement(_ element: Element) -> Observable<Element> {
    Observable(_run: { observer, lifetime in
      while !lifetime.isDisposed {
        observer.on(.next(element))
      }
    })
  }
}
