import Dispatch

/// A sequence known to deliver on the main actor, whose operators therefore take `@MainActor`
/// closures: ``MainActorObservable``, and in ObservableCocoa `ControlProperty` and
/// `ControlEvent`.
///
/// The operators are those of ``MainActorObservable`` (`map`, `filter`, `flatMapLatest`,
/// `withLatestFrom`, `subscribe` and the rest), and each returns a `MainActorObservable`.
public protocol MainActorObservableType<Element>: ObservableType {
  /// Returns the sequence as a ``MainActorObservable``, with the same events.
  ///
  /// - Returns: A main-actor sequence of the same events.
  func asMainActorObservable() -> MainActorObservable<Element>
}

extension MainActorObservableType {
  /// The sequence as a plain ``Observable``, so that the operators that the main-actor forms
  /// forward to are the `@Sendable` ones of ``ObservableType``.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal var _plainSource: Observable<Element> {
    asMainActorObservable()
  }
}

/// An observable sequence that delivers its events on the main actor, so that the closures of
/// its operators may be `@MainActor`.
///
/// `observe(on: MainScheduler.instance)` returns one in Swift 6 mode. It is an ``Observable``, so
/// it goes wherever an `Observable` is expected and every operator still applies (those without
/// a main-actor form return a plain `Observable`).
/// Its own `map`, `filter`, `compactMap`, `flatMapLatest`, `flatMap`, `withLatestFrom`,
/// `distinctUntilChanged`, `do`, `scan`, `share`, `subscribe` and `bind(onNext:)` take
/// `@MainActor` closures, which may touch main-actor state and capture main-actor values that
/// are not `Sendable`, as view models written for RxSwift do, and return another
/// `MainActorObservable`.
///
/// ```swift
/// username
///   .observe(on: MainScheduler.instance)
///   .map { $0.trimmingCharacters(in: .whitespaces) }
///   .flatMapLatest { name in self.validationService.validateUsername(name) }
///   .subscribe(onNext: { self.usernameMessage = $0.message })
/// ```
///
/// Each closure is called on the main actor: directly when the event arrives on the main thread
/// or the main queue, as it does after `observe(on: MainScheduler.instance)`, and otherwise
/// synchronously on the main queue. The operators that subscribe to other sequences
/// (`flatMapLatest`'s and `flatMap`'s inner sequences, `withLatestFrom`'s second sequence,
/// `combineLatest`'s sources) deliver what those send on the main actor: at once when it is
/// sent on the main thread, otherwise queued on the main queue, in order.
public final class MainActorObservable<Element: Sendable>: Observable<Element>,
  MainActorObservableType,
  // SAFETY: adds one immutable stored property, a reference to an `Observable`, which is
  // Sendable; the rest is `Observable`'s.
  @unchecked Sendable
{
  /// The sequence this one delivers, kept for its fused stages (see `_fusedStages()`).
  @usableFromInline let wrapped: Observable<Element>

  /// Wraps `source`, which must deliver on the main actor.
  ///
  /// Subscribing runs `source`'s own producer: the wrapper adds nothing per subscription or
  /// element.
  ///
  /// Not public API; for the modules of this package that deliver on the main actor.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  package init(_mainActorDelivering source: Observable<Element>) {
    wrapped = source
    super.init(_sameProducerAs: source)
  }

  /// Returns `self`.
  ///
  /// - Returns: This sequence.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  public func asMainActorObservable() -> MainActorObservable<Element> {
    self
  }

  /// The fused stages of the wrapped sequence, so that a `map` or `filter` after this one fuses
  /// with them as it would without the wrapper.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  override internal func _fusedStages() -> _FusedObservable<Element>? {
    wrapped._fusedStages()
  }
}

extension ObservableType {
  /// Delivers every event on the main queue, as ``observe(on:)->Observable<Self.Element>`` does, and returns a
  /// ``MainActorObservable``, whose operators take `@MainActor` closures.
  ///
  /// Only Swift 6 clients see this form; the events and their timing are those of
  /// ``observe(on:)->Observable<Self.Element>`` with `MainScheduler.instance`.
  ///
  /// - Parameter scheduler: The main scheduler.
  /// - Returns: The same events, delivered on the main queue.
  @available(swift, introduced: 6)
  @_alwaysEmitIntoClient
  public func observe(on scheduler: MainScheduler) -> MainActorObservable<Element> {
    MainActorObservable(
      _mainActorDelivering: observe(on: scheduler as any ImmediateSchedulerType))
  }

  /// The same events, delivered on the main actor: at once when they arrive on the main thread
  /// or the main queue, otherwise queued on the main queue, in order.
  ///
  /// Unlike `observe(on: MainScheduler.instance)`, an event that arrives on the main thread is
  /// delivered at once even while other work of the main scheduler is pending, as it is
  /// inside a chain that already observes on the main scheduler.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal func _deliveredOnMainActor() -> Observable<Element> {
    observe(on: _MainActorDeliveryScheduler() as any ImmediateSchedulerType)
  }
}

/// Runs an action at once on the main thread or the main queue, else queues it on the main queue.
///
/// What ``ObservableType/_deliveredOnMainActor()`` observes on.
@usableFromInline
internal struct _MainActorDeliveryScheduler: ImmediateSchedulerType {
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  init() {}

  @usableFromInline
  func schedule<StateType: Sendable>(
    _ state: StateType, action: @escaping @Sendable (StateType) -> any Disposable
  ) -> any Disposable {
    if MainScheduler._isOnMainThread || MainScheduler.isOnMainQueue {
      return action(state)
    }
    let item = _ScheduledItem { action(state) }
    DispatchQueue.main.async { item.run() }
    return item
  }
}
