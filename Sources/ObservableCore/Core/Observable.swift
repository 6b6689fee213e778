/// A push-based sequence of elements: the central type of ReactiveX.
///
/// An observable does nothing until it is subscribed to. Each subscription runs the sequence's
/// producer once, which sends the subscriber `next* (error | completed)?` and stops when the
/// subscription is disposed.
///
/// ```swift
/// let disposable = Observable.of(1, 2, 3)
///   .map { $0 * 10 }
///   .subscribe(onNext: { print($0) }, onCompleted: { print("done") })
/// // 10, 20, 30, done
/// ```
///
/// ## How it works
///
/// Subscribing calls the producer with an ``AnyObserver`` and a `_Lifetime`. The producer
/// creates whatever sink it needs, subscribes upstream, and registers what must be released
/// with the lifetime; disposing the subscription disposes that lifetime. Operators are inlined
/// into your module, so each sink's closures are compiled for your element types and an element
/// crosses each operator with one direct closure call.
///
/// ## Sendable
///
/// `Observable` is `Sendable`: its only state is the producer, an immutable `@Sendable`
/// closure. Elements must be `Sendable` because a sequence may deliver them on any thread.
public class Observable<Element: Sendable>: ObservableType,
  // SAFETY: the only stored property is an immutable @Sendable closure. Subclasses are the
  // subjects in this module, which keep their state behind a Mutex in a separate core object.
  @unchecked Sendable
{
  /// The producer: subscribes an observer within a lifetime.
  ///
  /// Not public API.
  @usableFromInline package typealias _Producer =
    @Sendable (AnyObserver<Element>, _Lifetime) -> Void

  @usableFromInline
  internal let producer: _Producer

  #if TRACE_RESOURCES
    /// Counts this object in `Resources.total` while it lives (the `TraceResources` trait).
    @usableFromInline
    internal let _traced = _TracedResource()
  #endif

  /// Whether subscribing makes the thread's trampoline active if it is not (see
  /// `_Trampoline`), as RxSwift's `Producer` does with its `CurrentThreadScheduler`.
  @usableFromInline
  internal let activatesTrampoline: Bool

  /// Creates an observable from a producer.
  ///
  /// Not public API; use ``create(_:)``.
  ///
  /// Subscribing makes the current thread's trampoline active for the duration of the outermost
  /// `subscribe` call, so that the synchronous sources subscribed inside it take turns.
  ///
  /// - Parameter _run: Called once per subscription with the observer and its lifetime.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  package init(_run: @escaping _Producer) {
    self.producer = _run
    self.activatesTrampoline = true
  }

  /// Creates an observable from a producer that does not make the thread's trampoline active.
  ///
  /// Not public API.
  ///
  /// For sequences that deliver what they have at once and do not subscribe to anything
  /// (`just`, `empty`, subjects), which RxSwift does not run on its trampoline: an `onNext`
  /// handler that subscribes to `of(1, 2)` then sees both elements before its `subscribe` call
  /// returns.
  ///
  /// - Parameter _runImmediately: Called once per subscription with the observer and its
  ///   lifetime.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  package init(_runImmediately: @escaping _Producer) {
    self.producer = _runImmediately
    self.activatesTrampoline = false
  }

  /// Creates an observable that subscribes exactly as `source` does: the same producer, on the
  /// trampoline or not as `source` is.
  ///
  /// Not public API; for a subclass that gives a sequence another static type.
  ///
  /// - Parameter source: The observable whose producer to share.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal init(_sameProducerAs source: Observable<Element>) {
    self.producer = source.producer
    self.activatesTrampoline = source.activatesTrampoline
  }

  /// Runs the producer for `observer` within `lifetime`.
  ///
  /// Not public API.
  ///
  /// - Parameters:
  ///   - observer: The observer to deliver to.
  ///   - lifetime: The lifetime the producer checks and registers its resources with.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  package final func _subscribe(_ observer: AnyObserver<Element>, _ lifetime: _Lifetime) {
    Self._run(producer, activatesTrampoline: activatesTrampoline, observer, lifetime)
  }

  /// Runs `producer` for `observer` within `lifetime`, on this thread's trampoline if
  /// `activatesTrampoline` and none is active yet: the body of `_subscribe(_:_:)`, also for a
  /// producer kept apart from its observable (a fused chain's first stage keeps its source's).
  ///
  /// - Parameters:
  ///   - producer: The producer to run.
  ///   - activatesTrampoline: Whether the producer runs on the trampoline.
  ///   - observer: The observer to deliver to.
  ///   - lifetime: The lifetime the producer checks and registers its resources with.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal static func _run(
    _ producer: _Producer, activatesTrampoline: Bool, _ observer: AnyObserver<Element>,
    _ lifetime: _Lifetime
  ) {
    // No closure around the producer call: it would cost an allocation per subscription.
    if activatesTrampoline && _Trampoline.activate() {
      producer(observer, lifetime)
      _Trampoline.drainAndDeactivate()
    } else {
      producer(observer, lifetime)
    }
  }

  /// Subscribes `observer` to the sequence.
  ///
  /// The subscription is disposed automatically after a terminal event.
  ///
  /// - Parameter observer: The observer that receives the sequence's events.
  /// - Returns: A disposable that cancels the subscription.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  public final func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
  where Observer.Element == Element {
    if let scoped = observer._observerForSubscription() { return subscribe(scoped) }
    let lifetime = _Lifetime()
    _subscribe(
      AnyObserver { event in
        guard !lifetime.isDisposed else { return }
        observer.on(event)
        if event.isStopEvent { lifetime.dispose() }
      },
      lifetime
    )
    return lifetime
  }

  /// This sequence as the element stages that a `map`, `filter` or `compactMap` applied after
  /// it fuses with (see `_FusedObservable`), or `nil` for any other sequence.
  ///
  /// Not public API.
  ///
  /// A method rather than a cast so that it costs one indirect call where the type is unknown,
  /// and nothing where the optimizer knows the sequence's class (as in `just(1).map`), which
  /// then still sees through the whole chain and may keep it on the stack.
  ///
  /// - Returns: The fused stages, or `nil`.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal func _fusedStages() -> _FusedObservable<Element>? {
    nil
  }

  /// Returns `self`.
  ///
  /// - Returns: This observable.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  public final func asObservable() -> Observable<Element> {
    self
  }
}
