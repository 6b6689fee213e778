extension Observable {
  /// Returns a sequence that emits `element` forever.
  ///
  /// ```
  /// repeatElement(1):  [11111…
  /// ```
  ///
  /// Elements are emitted on the current thread, taking turns with other synchronous sources
  /// as described for ``of(_:)``, in a loop that stops as soon as the subscription is disposed,
  /// so `repeatElement(1).take(3)` emits three elements and completes.
  ///
  /// To emit each element as scheduled work instead, use ``repeatElement(_:scheduler:)``.
  ///
  /// - Parameter element: The element to repeat.
  /// - Returns: An infinite sequence of `element`.
  @_alwaysEmitIntoClient
  public static func repeatElement(_ element: Element) -> Observable<Element> {
    Observable(_run: { observer, lifetime in
      _RepeatEmitter(observer: observer, lifetime: lifetime, element: element).start()
    })
  }
}

/// The emission loop of ``Observable/repeatElement(_:)``.
///
/// Not public API.
@usableFromInline
internal struct _RepeatEmitter<Element: Sendable>: _TrampolinedSource {
  @usableFromInline let observer: AnyObserver<Element>
  @usableFromInline let lifetime: _Lifetime
  @usableFromInline let element: Element

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  init(observer: AnyObserver<Element>, lifetime: _Lifetime, element: Element) {
    self.observer = observer
    self.lifetime = lifetime
    self.element = element
  }

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  mutating func emit(on trampoline: _Trampoline) -> Bool {
    while !lifetime.isDisposed {
      observer.on(.next(element))
      if trampoline.hasQueuedWork { return true }
    }
    return false
  }
}
