extension Observable {
  /// Returns a sequence that emits `element` and completes.
  ///
  /// ```
  /// just(1)  [1|]
  /// ```
  ///
  /// - Parameter element: The only element.
  /// - Returns: A one-element sequence.
  @_alwaysEmitIntoClient
  public static func just(_ element: Element) -> Observable<Element> {
    _Just(element)
  }
}

/// The sequence ``Observable/just(_:)`` returns: its element is readable without subscribing.
///
/// Not public API.
///
/// `flatMapLatest` (and `switchLatest`) recognize it and deliver the element in place of
/// subscribing an inner sequence, which would cost a child lifetime, an observer and several
/// lock round trips per element.
@usableFromInline
internal final class _Just<Element: Sendable>: Observable<Element>,
  // SAFETY: adds one immutable `Sendable` stored property to `Observable`'s immutable state.
  @unchecked Sendable
{
  /// The only element.
  @usableFromInline
  internal let element: Element

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal init(_ element: Element) {
    self.element = element
    super.init(_runImmediately: { observer, lifetime in
      observer.on(.next(element))
      guard !lifetime.isDisposed else { return }
      observer.on(.completed)
    })
  }
}
