extension Observable {
  /// Returns a sequence that emits `elements` in order, then completes.
  ///
  /// ```
  /// of(1, 2, 3)  [123|]
  /// ```
  ///
  /// The elements are emitted on the current thread during the outermost `subscribe` call,
  /// and synchronous sources take turns, as RxSwift's do on its `CurrentThreadScheduler`:
  ///
  /// ```swift
  /// Observable.merge(.of(1, 2), .of(3, 4))                          // 1, 3, 2, 4
  /// Observable.combineLatest(.of(1, 2), .of(10, 20)) { $0 + $1 }    // 11, 12, 22
  /// ```
  ///
  /// A source subscribed while this thread is already inside a `subscribe` call (an operator
  /// subscribing its sources, or a `subscribe` in an `onNext` handler) starts once the work
  /// queued before it has run, and after each element it lets the work queued meanwhile go
  /// first. Nothing is queued while it runs alone, so a lone source emits in a tight loop. The
  /// sequence stops as soon as the subscription is disposed.
  ///
  /// - Parameter elements: The elements to emit.
  /// - Returns: A sequence of `elements`.
  @_alwaysEmitIntoClient
  public static func of(_ elements: Element...) -> Observable<Element> {
    from(elements)
  }

  /// Returns a sequence that emits the elements of `array` in order, then completes.
  ///
  /// ```
  /// from([1, 2, 3])  [123|]
  /// ```
  ///
  /// The elements take turns with other synchronous sources, as described for ``of(_:)``.
  ///
  /// - Parameter array: The elements to emit.
  /// - Returns: A sequence of the array's elements.
  @_alwaysEmitIntoClient
  public static func from(_ array: [Element]) -> Observable<Element> {
    Observable(_run: { observer, lifetime in
      _ArrayEmitter(observer: observer, lifetime: lifetime, elements: array).start()
    })
  }

  /// Returns a sequence that emits the elements of `sequence` in order, then completes.
  ///
  /// Each subscription iterates `sequence` anew, and stops iterating when disposed, so an
  /// infinite sequence works with `take(_:)`. The elements take turns with other synchronous
  /// sources, as described for ``of(_:)``; each element is pulled from the iterator just before
  /// it is emitted.
  ///
  /// - Parameter sequence: The elements to emit.
  /// - Returns: A sequence of the elements of `sequence`.
  @_alwaysEmitIntoClient
  public static func from<S: Sequence & Sendable>(_ sequence: S) -> Observable<Element>
  where S.Element == Element {
    Observable(_run: { observer, lifetime in
      _IteratorEmitter(observer: observer, lifetime: lifetime, iterator: sequence.makeIterator())
        .start()
    })
  }
}

/// The emission loop of `Observable.of` and `Observable.from` over an array.
///
/// Not public API.
@usableFromInline
internal struct _ArrayEmitter<Element: Sendable>: _TrampolinedSource {
  @usableFromInline let observer: AnyObserver<Element>
  @usableFromInline let lifetime: _Lifetime
  @usableFromInline let elements: [Element]
  @usableFromInline var index = 0

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  init(observer: AnyObserver<Element>, lifetime: _Lifetime, elements: [Element]) {
    self.observer = observer
    self.lifetime = lifetime
    self.elements = elements
  }

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  mutating func emit(on trampoline: _Trampoline) -> Bool {
    while index < elements.count {
      guard !lifetime.isDisposed else { return false }
      let element = elements[index]
      index += 1
      observer.on(.next(element))
      if trampoline.hasQueuedWork { return true }
    }
    guard !lifetime.isDisposed else { return false }
    observer.on(.completed)
    return false
  }
}

/// The emission loop of `Observable.from` over a `Sequence`.
///
/// Not public API.
@usableFromInline
internal struct _IteratorEmitter<Iterator: IteratorProtocol>: _TrampolinedSource
where Iterator.Element: Sendable {
  @usableFromInline let observer: AnyObserver<Iterator.Element>
  @usableFromInline let lifetime: _Lifetime
  @usableFromInline var iterator: Iterator

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  init(observer: AnyObserver<Iterator.Element>, lifetime: _Lifetime, iterator: Iterator) {
    self.observer = observer
    self.lifetime = lifetime
    self.iterator = iterator
  }

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  mutating func emit(on trampoline: _Trampoline) -> Bool {
    // Check before pulling each element, so that a disposed subscription never advances the
    // iterator again (its `next()` may have side effects).
    while !lifetime.isDisposed {
      guard let element = iterator.next() else {
        guard !lifetime.isDisposed else { return false }
        observer.on(.completed)
        return false
      }
      observer.on(.next(element))
      if trampoline.hasQueuedWork { return true }
    }
    return false
  }
}

extension Observable {
  /// Returns a sequence that emits `elements` and completes during `subscribe`, without taking
  /// turns with other sources.
  ///
  /// Not public API. For operators that subscribe a list of sources all at once, like RxSwift's
  /// `merge(_:)`: feeding them to `merge()` through ``from(_:)`` would let the first source
  /// emit before the second is subscribed.
  ///
  /// - Parameter elements: The elements to emit.
  /// - Returns: A sequence of `elements`.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal static func _fromAtOnce(_ elements: [Element]) -> Observable<Element> {
    Observable(_runImmediately: { observer, lifetime in
      for element in elements {
        guard !lifetime.isDisposed else { return }
        observer.on(.next(element))
      }
      guard !lifetime.isDisposed else { return }
      observer.on(.completed)
    })
  }
}
