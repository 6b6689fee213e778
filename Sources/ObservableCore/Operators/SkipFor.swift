import Dispatch
import Synchronization

extension ObservableType {
  /// Drops the elements that arrive during the first `duration` after subscribing.
  ///
  /// ```
  /// source:        -1-2-3-4-|
  /// skip(for: 4)   -----3-4-|
  /// ```
  ///
  /// Errors and completion pass through at any time.
  ///
  /// - Parameters:
  ///   - duration: How long to drop elements.
  ///   - scheduler: The scheduler that runs the timer.
  /// - Returns: The elements that arrive after `duration`.
  @_alwaysEmitIntoClient
  public func skip(for duration: RxTimeInterval, scheduler: any SchedulerType)
    -> Observable<Element>
  {
    let source = asObservable()
    return Observable(_run: { observer, lifetime in
      let isOpen = _AtomicFlag()
      lifetime.add(
        scheduler.scheduleRelative((), dueTime: duration) { _ in
          isOpen.set()
          return Disposables.create()
        })
      source._subscribe(
        AnyObserver { event in
          if case .next = event, !isOpen.isSet { return }
          observer.on(event)
        },
        lifetime)
    })
  }

  /// Drops the elements that arrive during the first `duration` after subscribing, with the
  /// duration as a Swift `Duration`.
  ///
  /// ```
  /// source:        -1-2-3-4-|
  /// skip(for: 4)   -----3-4-|
  /// ```
  ///
  /// - Parameters:
  ///   - duration: How long to drop elements.
  ///   - scheduler: The scheduler that runs the timer.
  /// - Returns: The elements that arrive after `duration`.
  @_alwaysEmitIntoClient
  @_disfavoredOverload
  public func skip(for duration: Duration, scheduler: any SchedulerType) -> Observable<Element> {
    skip(for: RxTimeInterval(duration), scheduler: scheduler)
  }

  /// Drops the elements that arrive during the first `duration` after subscribing; RxSwift's
  /// spelling of ``skip(for:scheduler:)-(RxTimeInterval,_)``.
  ///
  /// ```
  /// source:         -1-2-3-4-|
  /// skip(4, s)      -----3-4-|
  /// ```
  ///
  /// - Parameters:
  ///   - duration: How long to drop elements.
  ///   - scheduler: The scheduler that runs the timer.
  /// - Returns: The elements that arrive after `duration`.
  @_alwaysEmitIntoClient
  public func skip(_ duration: RxTimeInterval, scheduler: any SchedulerType)
    -> Observable<Element>
  {
    skip(for: duration, scheduler: scheduler)
  }
}

/// A flag that one thread sets and others read.
///
/// Not public API.
@usableFromInline
internal final class _AtomicFlag: Sendable {
  @usableFromInline
  internal let flag = _Atomic<Bool>(false)

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal init() {}

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal var isSet: Bool {
    flag.load(ordering: .acquiring)
  }

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal func set() {
    flag.store(true, ordering: .releasing)
  }
}
