extension Observable where Element: FixedWidthInteger {
  /// Returns a sequence of `count` consecutive integers starting at `start`.
  ///
  /// ```
  /// range(start: 3, count: 3): (3, 4, 5|)
  /// ```
  ///
  /// - Parameters:
  ///   - start: The first integer.
  ///   - count: How many integers to emit.
  /// - Returns: A sequence of integers that then completes. If `count` is negative, or the
  ///   range would overflow `Element`, it fails with ``RxError/argumentOutOfRange`` instead.
  @inlinable
  public static func range(start: Element, count: Element) -> Observable<Element> {
    guard count >= 0, count == 0 || start <= Element.max - (count - 1) else {
      return .error(RxError.argumentOutOfRange)
    }
    return Observable(_run: { observer, lifetime in
      var value = start
      var remaining = count
      while remaining > 0 {
        guard !lifetime.isDisposed else { return }
        observer.on(.next(value))
        remaining -= 1
        if remaining > 0 { value += 1 }
      }
      guard !lifetime.isDisposed else { return }
      observer.on(.completed)
    })
  }
}
