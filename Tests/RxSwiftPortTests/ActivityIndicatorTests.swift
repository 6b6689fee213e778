import ObservableCocoa
import ObservableCore
import ObservableTesting
import Testing

// Only Rx modules are imported, as in an RxTest test of RxExample's indicator; `NSError` comes
// through them.

@Suite("RxExample-style ActivityIndicator")
struct ActivityIndicatorTests {
  /// Drives `indicator` into a recorder from 100 on, runs `tracked` (each subscribed at its
  /// time through `trackActivity`), and returns what the indicator drove and what the tracked
  /// sequences delivered.
  private func run(
    _ tracked: [(subscribeAt: TestTime, source: [Recorded<Event<String>>])],
    disposeAt: [TestTime: Int] = [:]
  ) -> (loading: [Recorded<Event<Bool>>], tracked: [[Recorded<Event<String>>]]) {
    let scheduler = TestScheduler(initialClock: 0)
    let loading = scheduler.createObserver(Bool.self)
    let observers = tracked.map { _ in scheduler.createObserver(String.self) }
    SharingScheduler.mock(scheduler: scheduler) {
      let indicator = ActivityIndicator()
      let bag = CompositeDisposable()
      scheduler.scheduleAt(100) { _ = bag.insert(indicator.drive(loading)) }
      let subscriptions = tracked.map { _ in SingleAssignmentDisposable() }
      for (index, entry) in tracked.enumerated() {
        let source = scheduler.createColdObservable(entry.source)
        scheduler.scheduleAt(entry.subscribeAt) {
          subscriptions[index].setDisposable(
            source.asObservable().trackActivity(indicator).subscribe(observers[index]))
        }
      }
      for (time, index) in disposeAt {
        scheduler.scheduleAt(time) { subscriptions[index].dispose() }
      }
      scheduler.scheduleAt(1000) {
        bag.dispose()
        for subscription in subscriptions { subscription.dispose() }
      }
      scheduler.start()
    }
    return (loading.events, observers.map(\.events))
  }

  @Test("two overlapping tracked sequences: on from the first start to the last end")
  func overlapping() {
    let (loading, tracked) = run([
      (200, [.next(50, "first"), .completed(100)]),
      (250, [.next(10, "second"), .completed(150)]),
    ])
    // Each change reaches the driver's observer a tick later, on the mocked main scheduler.
    // The first sequence ends at 300 while the second runs on: no `false` until 400.
    expectEqual(loading, [.next(101, false), .next(201, true), .next(401, false)])
    expectEqual(tracked[0], [.next(250, "first"), .completed(300)])
    expectEqual(tracked[1], [.next(260, "second"), .completed(400)])
  }

  @Test("a tracked sequence that fails ends its activity, and the error reaches its subscriber")
  func failing() {
    let failure = NSError(domain: "ActivityIndicatorTests", code: 1)
    let (loading, tracked) = run([(200, [.next(10, "partial"), .error(50, failure)])])
    expectEqual(loading, [.next(101, false), .next(201, true), .next(251, false)])
    expectEqual(tracked[0], [.next(210, "partial"), .error(250, failure)])
  }

  @Test("disposing a tracked subscription early ends its activity")
  func disposedEarly() {
    let (loading, tracked) = run(
      [(200, [.next(10, "partial"), .completed(500)])], disposeAt: [230: 0])
    expectEqual(loading, [.next(101, false), .next(201, true), .next(231, false)])
    expectEqual(tracked[0], [.next(210, "partial")])
  }
}
