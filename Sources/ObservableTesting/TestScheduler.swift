import Dispatch
import ObservableCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Converts a ``TestScheduler``'s integer ticks to real time.
public struct TestSchedulerVirtualTimeConverter: VirtualTimeConverterType {
  /// The length of one tick in seconds.
  public let resolution: Double

  /// Creates a converter where one tick lasts `resolution` seconds.
  ///
  /// - Parameter resolution: Seconds per tick.
  public init(resolution: Double) {
    self.resolution = resolution
  }

  /// Converts ticks to a date counted from the Unix epoch.
  ///
  /// - Parameter virtualTime: Ticks.
  /// - Returns: The date.
  public func convertFromVirtualTime(_ virtualTime: Int) -> RxTime {
    Date(timeIntervalSince1970: Double(virtualTime) * resolution)
  }

  /// Converts a date to ticks, rounding to the nearest tick.
  ///
  /// - Parameter time: A date.
  /// - Returns: Ticks since the Unix epoch.
  public func convertToVirtualTime(_ time: RxTime) -> Int {
    _clampedTicks((time.timeIntervalSince1970 / resolution + 0.5).rounded(.down))
  }

  /// Converts ticks to a dispatch interval.
  ///
  /// - Parameter virtualTimeInterval: Ticks.
  /// - Returns: The interval.
  public func convertFromVirtualTimeInterval(_ virtualTimeInterval: Int) -> RxTimeInterval {
    .nanoseconds(_clampedTicks(Double(virtualTimeInterval) * resolution * 1_000_000_000))
  }

  /// Converts a dispatch interval to ticks, rounding to the nearest tick.
  ///
  /// `.never` becomes `Int.max`; intervals beyond the range of `Int` saturate.
  ///
  /// - Parameter timeInterval: An interval.
  /// - Returns: Ticks.
  public func convertToVirtualTimeInterval(_ timeInterval: RxTimeInterval) -> Int {
    _clampedTicks((timeInterval.seconds / resolution + 0.5).rounded(.down))
  }

  /// Adds `offset` ticks to `time`, saturating at `Int.max`.
  ///
  /// - Parameters:
  ///   - time: Ticks.
  ///   - offset: Ticks.
  /// - Returns: The sum.
  public func offsetVirtualTime(_ time: Int, offset: Int) -> Int {
    let (sum, overflow) = time.addingReportingOverflow(offset)
    return overflow ? Int.max : sum
  }

  /// Orders two tick counts.
  ///
  /// - Parameters:
  ///   - lhs: Ticks.
  ///   - rhs: Ticks.
  /// - Returns: Their order.
  public func compareVirtualTime(_ lhs: Int, _ rhs: Int) -> VirtualTimeComparison {
    lhs < rhs ? .lessThan : (lhs == rhs ? .equal : .greaterThan)
  }
}

/// Converts a `Double` to an `Int`, saturating at the bounds instead of trapping.
///
/// - Parameter value: The value; NaN becomes zero.
/// - Returns: The value as an `Int`.
func _clampedTicks(_ value: Double) -> Int {
  guard !value.isNaN else { return 0 }
  if value >= Double(Int.max) { return Int.max }
  if value <= Double(Int.min) { return Int.min }
  return Int(value)
}

/// A virtual-time scheduler for deterministic tests, with RxTest's API.
///
/// ```swift
/// let scheduler = TestScheduler(initialClock: 0)
/// let xs = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .completed(300)])
/// let res = scheduler.start { xs.map { $0 * 10 } }
/// #expect(res.events == [.next(210, 20), .completed(300)])
/// #expect(xs.subscriptions == [Subscription(200, 300)])
/// ```
///
/// By default one tick is one second of scheduler time, and work scheduled for "now" or the
/// past runs one tick later, which models processing delay as RxTest does.
public final class TestScheduler: VirtualTimeScheduler<TestSchedulerVirtualTimeConverter>,
  SchedulerClock,
  // SAFETY: adds only immutable properties; the superclass guards its state with a Mutex.
  @unchecked Sendable
{
  /// RxTest's default times for ``start(created:subscribed:disposed:create:)``.
  public enum Defaults {
    /// When the observable is created: 100.
    public static let created: TestTime = 100
    /// When it is subscribed to: 200.
    public static let subscribed: TestTime = 200
    /// When the subscription is disposed: 1000.
    public static let disposed: TestTime = 1000
  }

  private let simulateProcessingDelay: Bool

  /// Creates a stopped test scheduler.
  ///
  /// - Parameters:
  ///   - initialClock: The starting tick.
  ///   - resolution: Seconds per tick, 1 by default.
  ///   - simulateProcessingDelay: Whether work scheduled at or before the current tick runs
  ///     one tick later; `true` by default, as in RxTest.
  public init(
    initialClock: TestTime, resolution: Double = 1.0, simulateProcessingDelay: Bool = true
  ) {
    self.simulateProcessingDelay = simulateProcessingDelay
    super.init(
      initialClock: initialClock,
      converter: TestSchedulerVirtualTimeConverter(resolution: resolution))
  }

  var currentTestTime: TestTime { clock }

  /// Moves work due now or earlier to the next tick when simulating processing delay.
  ///
  /// - Parameter time: The requested tick.
  /// - Returns: The tick to use.
  public override func adjustScheduledTime(_ time: TestTime) -> TestTime {
    let now = clock
    return time <= now ? now + (simulateProcessingDelay ? 1 : 0) : time
  }

  /// Creates a hot source that emits each event at its absolute time.
  ///
  /// - Parameter events: The events and their times.
  /// - Returns: The source, which records its subscriptions.
  public func createHotObservable<Element: Sendable>(_ events: [Recorded<Event<Element>>])
    -> TestableObservable<Element>
  {
    TestableObservable(scheduler: self, events: events, isHot: true)
  }

  /// Creates a cold source that emits each event at its time relative to each subscription.
  ///
  /// - Parameter events: The events and their relative times.
  /// - Returns: The source, which records its subscriptions.
  public func createColdObservable<Element: Sendable>(_ events: [Recorded<Event<Element>>])
    -> TestableObservable<Element>
  {
    TestableObservable(scheduler: self, events: events, isHot: false)
  }

  /// Creates an observer that records events at this scheduler's times.
  ///
  /// - Parameter type: The element type.
  /// - Returns: A grammar-checking recording observer.
  public func createObserver<Element: Sendable>(_ type: Element.Type) -> TestableObserver<Element> {
    TestableObserver(scheduler: self)
  }

  /// Runs `action` at virtual time `time`.
  ///
  /// - Parameters:
  ///   - time: The tick.
  ///   - action: The work.
  @available(swift, introduced: 6)
  public func scheduleAt(_ time: TestTime, action: @escaping @Sendable () -> Void) {
    _ = scheduleAbsoluteVirtual((), time: time) { _ in
      action()
      return Disposables.create()
    }
  }

  /// Creates, subscribes to and disposes an observable at the given times, runs the scheduler,
  /// and returns what the subscription received.
  ///
  /// The scheduler runs until no work is left, so an observable that keeps scheduling work
  /// (an `interval`, say) must be disposed at `disposed` for this to return.
  ///
  /// - Parameters:
  ///   - created: When to call `create`.
  ///   - subscribed: When to subscribe.
  ///   - disposed: When to dispose the subscription.
  ///   - create: Builds the sequence under test: an ``/ObservableCore/Observable`` or any other
  ///     ``/ObservableCore/ObservableConvertibleType``, such as a `Single`.
  /// - Returns: The observer, holding the recorded events.
  @available(swift, introduced: 6)
  public func start<Source: ObservableConvertibleType>(
    created: TestTime, subscribed: TestTime, disposed: TestTime,
    create: @escaping @Sendable () -> Source
  ) -> TestableObserver<Source.Element> {
    let source = _Mutex<Observable<Source.Element>?>(nil)
    let subscription = _Mutex<(any Disposable)?>(nil)
    let observer = createObserver(Source.Element.self)
    scheduleAt(created) {
      let observable = create().asObservable()
      source.withLock { $0 = observable }
    }
    scheduleAt(subscribed) {
      guard let observable = source.withLock({ $0 }) else { return }
      let disposable = observable.subscribe(observer)
      subscription.withLock { $0 = disposable }
    }
    scheduleAt(disposed) {
      let disposable = subscription.withLock { disposable in
        defer { disposable = nil }
        return disposable
      }
      disposable?.dispose()
      // Release the sequence under test, so leak checks see its resources freed.
      let released = source.withLock { source in
        defer { source = nil }
        return source
      }
      _ = released
    }
    start()
    return observer
  }

  /// Like ``start(created:subscribed:disposed:create:)``, created at 100 and subscribed at 200.
  ///
  /// - Parameters:
  ///   - disposed: When to dispose the subscription.
  ///   - create: Builds the sequence under test.
  /// - Returns: The observer, holding the recorded events.
  @available(swift, introduced: 6)
  public func start<Source: ObservableConvertibleType>(
    disposed: TestTime, create: @escaping @Sendable () -> Source
  ) -> TestableObserver<Source.Element> {
    start(
      created: Defaults.created, subscribed: Defaults.subscribed, disposed: disposed,
      create: create)
  }

  /// Like ``start(created:subscribed:disposed:create:)`` with RxTest's default times: created at
  /// 100, subscribed at 200 and disposed at 1000.
  ///
  /// ```swift
  /// let res = scheduler.start { xs.debounce(.seconds(20), scheduler: scheduler) }
  /// ```
  ///
  /// - Parameter create: Builds the sequence under test.
  /// - Returns: The observer, holding the recorded events.
  @available(swift, introduced: 6)
  public func start<Source: ObservableConvertibleType>(
    _ create: @escaping @Sendable () -> Source
  ) -> TestableObserver<Source.Element> {
    start(
      created: Defaults.created, subscribed: Defaults.subscribed,
      disposed: Defaults.disposed, create: create)
  }
}
