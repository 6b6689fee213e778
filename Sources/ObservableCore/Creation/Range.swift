extension Observable where Element: FixedWidthInteger {
  /// Returns a sequence of `count` consecutive integers starting at `start`.
  ///
  /// ```
  /// range(start: 3, count: 3)  [345|]
  /// ```
  ///
  /// The integers are emitted on the current thread during `subscribe`, taking turns with other
  /// synchronous sources the way ``CurrentThreadScheduler`` work does (see
  /// ``of(_:)``): `merge(range(start: 0, count: 2), range(start: 10, count: 2))` emits
  /// `0, 10, 1, 11`.
  ///
  /// - Parameters:
  ///   - start: The first integer.
  ///   - count: How many integers to emit.
  /// - Returns: A sequence of integers that then completes. If `count` is negative, or the
  ///   range would overflow `Element`, it fails with ``RxError/argumentOutOfRange`` instead.
  @_alwaysEmitIntoClient
  public static func range(start: Element, count: Element) -> Observable<Element> {
    guard count >= 0, count == 0 || start <= Element.max - (count - 1) else {
      return .error(RxError.argumentOutOfRange)
    }
    return Observable(_run: { observer, lifetime in
      _RangeEmitter(observer: observer, lifetime: lifetime, next: start, remaining: count).start()
    })
  }
}

/// The emission loop of ``Observable/range(start:count:)``.
///
/// Not public API.
@usableFromInline
internal struct _RangeEmitter<Element: FixedWidthInteger & Sendable>: _TrampolinedSource {
  @usableFromInline let observer: AnyObserver<Element>
  @usableFromInline let lifetime: _Lifetime
  @usableFromInline var next: Element
  @usableFromInline var remaining: Element

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  init(observer: AnyObserver<Element>, lifetime: _Lifetime, next: Element, remaining: Element) {
    self.observer = observer
    self.lifetime = lifetime
    self.next = next
    self.remaining = remaining
  }

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  mutating func emit(on trampoline: _Trampoline) -> Bool {
    while remaining > 0 {
      guard !lifetime.isDisposed else { return false }
      let value = next
      remaining -= 1
      // `next` stays in range: it only advances while another integer is due.
      if remaining > 0 { next += 1 }
      observer.on(.next(value))
      if trampoline.hasQueuedWork { return true }
    }
    guard !lifetime.isDisposed else { return false }
    observer.on(.completed)
    return false
  }
}
