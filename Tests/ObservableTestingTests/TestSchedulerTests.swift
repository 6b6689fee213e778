import Dispatch
import ObservableCore
import ObservableTesting
import Testing

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A thread-safe list for recording from `@Sendable` closures.
private final class Log<Value: Sendable>: Sendable {
  private let storage = _Mutex<[Value]>([])
  func append(_ value: Value) { storage.withLock { $0.append(value) } }
  var values: [Value] { storage.withLock { $0 } }
}

private struct Failure: Error, Equatable {}

@Suite("TestScheduler")
struct TestSchedulerTests {
  @Test("work scheduled for now or the past runs one tick later")
  func processingDelay() {
    let scheduler = TestScheduler(initialClock: 100)
    let times = Log<Int>()
    _ = scheduler.schedule(()) { _ in
      times.append(scheduler.clock)
      return scheduler.scheduleRelative((), dueTime: .seconds(-5)) { _ in
        times.append(scheduler.clock)
        return Disposables.create()
      }
    }
    _ = scheduler.scheduleRelative((), dueTime: .seconds(10)) { _ in
      times.append(scheduler.clock)
      return Disposables.create()
    }
    scheduler.start()
    expectEqual(times.values, [101, 102, 110])
  }

  @Test("without simulated processing delay, work for now runs at the same tick")
  func noProcessingDelay() {
    let scheduler = TestScheduler(initialClock: 100, simulateProcessingDelay: false)
    let times = Log<Int>()
    _ = scheduler.schedule(()) { _ in
      times.append(scheduler.clock)
      return Disposables.create()
    }
    scheduler.start()
    expectEqual(times.values, [100])
  }

  @Test("scheduleAt runs at the absolute time, and a past time runs without delay")
  func scheduleAt() {
    let scheduler = TestScheduler(initialClock: 0)
    let times = Log<String>()
    scheduler.scheduleAt(300) { times.append("b@\(scheduler.clock)") }
    scheduler.scheduleAt(200) {
      times.append("a@\(scheduler.clock)")
      scheduler.scheduleAt(150) { times.append("late@\(scheduler.clock)") }
    }
    scheduler.start()
    expectEqual(times.values, ["a@200", "late@200", "b@300"])
  }

  @Test("start creates at 100, subscribes at 200 and disposes at 1000 by default")
  func startDefaults() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let times = Log<String>()
      let res = scheduler.start { () -> Observable<Int> in
        times.append("created@\(scheduler.clock)")
        return Observable.create { observer in
          times.append("subscribed@\(scheduler.clock)")
          observer.onNext(1)
          return Disposables.create { times.append("disposed@\(scheduler.clock)") }
        }
      }
      expectEqual(times.values, ["created@100", "subscribed@200", "disposed@1000"])
      expectEqual(res.events, [.next(200, 1)])
    }
  }

  @Test("start(disposed:) disposes at the given time")
  func startDisposed() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .next(260, 2), .completed(300)])
      let res = scheduler.start(disposed: 250) { xs.asObservable() }
      expectEqual(res.events, [.next(210, 1)])
      expectEqual(xs.subscriptions, [Subscription(200, 250)])
    }
  }

  @Test("start(created:subscribed:disposed:) uses all three times")
  func startAllTimes() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createColdObservable([.next(10, "a"), .next(30, "b"), .completed(40)])
      let res = scheduler.start(created: 50, subscribed: 60, disposed: 80) { xs.asObservable() }
      expectEqual(res.events, [.next(70, "a")])
      expectEqual(xs.subscriptions, [Subscription(60, 80)])
    }
  }

  @Test("start accepts any observable-convertible sequence, such as a Single")
  func startWithSingle() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 7), .completed(220)])
      let res = scheduler.start { xs.asSingle() }
      expectEqual(res.events, [.next(220, 7), .completed(220)])
    }
  }

  @Test("the example in the Virtual time article")
  func articleExample() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([
        .next(150, 1), .next(210, 2), .next(250, 3), .next(450, 7), .completed(500),
      ])
      let res = scheduler.start { xs.throttle(.seconds(200), scheduler: scheduler) }
      expectEqual(res.events, [.next(210, 2), .next(410, 3), .next(610, 7), .completed(610)])
      expectEqual(xs.subscriptions, [Subscription(200, 500)])
    }
  }

  @Test("the observer records events at the scheduler's time")
  func createObserver() {
    let scheduler = TestScheduler(initialClock: 0)
    let observer = scheduler.createObserver(Int.self)
    scheduler.scheduleAt(10) { observer.onNext(1) }
    scheduler.scheduleAt(20) { observer.onError(Failure()) }
    scheduler.start()
    expectEqual(observer.events, [.next(10, 1), .error(20, Failure())])
    expectEqual(observer.elements, [1])
    #expect(observer.isTerminated)
  }

  @Test("the converter rounds to the nearest tick and never traps")
  func converter() {
    let converter = TestSchedulerVirtualTimeConverter(resolution: 0.1)
    expectEqual(converter.convertToVirtualTimeInterval(.seconds(2)), 20)
    expectEqual(converter.convertToVirtualTimeInterval(.milliseconds(149)), 1)
    expectEqual(converter.convertToVirtualTimeInterval(.milliseconds(151)), 2)
    expectEqual(converter.convertToVirtualTimeInterval(.never), Int.max)
    expectEqual(converter.convertToVirtualTimeInterval(.seconds(Int.max)), Int.max)
    expectEqual(converter.convertToVirtualTimeInterval(.seconds(Int.min)), Int.min)
    expectEqual(converter.convertFromVirtualTimeInterval(5), .nanoseconds(500_000_000))
    expectEqual(converter.convertFromVirtualTimeInterval(Int.max), .nanoseconds(Int.max))
    expectEqual(converter.convertToVirtualTime(Date(timeIntervalSince1970: 1.26)), 13)
    expectEqual(converter.convertFromVirtualTime(13), Date(timeIntervalSince1970: 1.3))
    expectEqual(converter.offsetVirtualTime(Int.max - 1, offset: 10), Int.max)
  }

  @Test("a tick can be shorter than a second")
  func resolution() {
    let scheduler = TestScheduler(initialClock: 0, resolution: 0.001)
    let times = Log<Int>()
    _ = scheduler.scheduleRelative((), dueTime: .milliseconds(250)) { _ in
      times.append(scheduler.clock)
      return Disposables.create()
    }
    _ = scheduler.scheduleRelative((), dueTime: Duration.seconds(0.5)) { _ in
      times.append(scheduler.clock)
      return Disposables.create()
    }
    scheduler.start()
    expectEqual(times.values, [250, 500])
  }

  @Test("a .never timer is never due")
  func neverIsNeverDue() {
    let scheduler = TestScheduler(initialClock: 0)
    let ran = Log<Int>()
    _ = scheduler.scheduleRelative((), dueTime: .never) { _ in
      ran.append(scheduler.clock)
      return Disposables.create()
    }
    scheduler.advanceTo(1_000_000)
    #expect(ran.values.isEmpty)
  }
}

@Suite("TestableObservable")
struct TestableObservableTests {
  @Test("a hot source emits at absolute times only to current subscribers")
  func hot() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([
        .next(150, 1), .next(210, 2), .next(250, 3), .completed(300),
      ])
      let early = scheduler.createObserver(Int.self)
      let late = scheduler.createObserver(Int.self)
      let first = Log<any Disposable>()
      scheduler.scheduleAt(200) { first.append(xs.subscribe(early)) }
      scheduler.scheduleAt(230) { first.append(xs.subscribe(late)) }
      scheduler.scheduleAt(240) { first.values[0].dispose() }
      scheduler.start()
      expectEqual(early.events, [.next(210, 2)])
      expectEqual(late.events, [.next(250, 3), .completed(300)])
      expectEqual(xs.subscriptions, [Subscription(200, 240), Subscription(230)])
      first.values[1].dispose()
      expectEqual(xs.subscriptions, [Subscription(200, 240), Subscription(230, 300)])
    }
  }

  @Test("a hot source delivers to subscribers in the order they subscribed")
  func hotOrder() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1)])
    let order = Log<Int>()
    var subscriptions: [any Disposable] = []
    for index in 0..<20 {
      subscriptions.append(xs.subscribe(onNext: { _ in order.append(index) }))
    }
    scheduler.start()
    expectEqual(order.values, Array(0..<20))
    for subscription in subscriptions { subscription.dispose() }
  }

  @Test("a hot subscriber disposed by an earlier one in the same tick gets nothing")
  func hotUnsubscribedDuringEmission() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2)])
    let second = Log<Int>()
    let secondSubscription = Log<any Disposable>()
    let first = xs.subscribe(onNext: { _ in secondSubscription.values.first?.dispose() })
    secondSubscription.append(xs.subscribe(onNext: { second.append($0) }))
    scheduler.start()
    #expect(second.values.isEmpty)
    first.dispose()
  }

  @Test("a cold source replays its events relative to each subscription")
  func cold() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createColdObservable([.next(0, "a"), .next(20, "b"), .completed(30)])
      let first = scheduler.createObserver(String.self)
      let second = scheduler.createObserver(String.self)
      let subscriptions = Log<any Disposable>()
      scheduler.scheduleAt(200) { subscriptions.append(xs.subscribe(first)) }
      scheduler.scheduleAt(210) { subscriptions.append(xs.subscribe(second)) }
      scheduler.scheduleAt(225) { subscriptions.values[1].dispose() }
      scheduler.scheduleAt(240) { subscriptions.values[0].dispose() }
      scheduler.start()
      expectEqual(first.events, [.next(200, "a"), .next(220, "b"), .completed(230)])
      expectEqual(second.events, [.next(210, "a")])
      expectEqual(xs.subscriptions, [Subscription(200, 240), Subscription(210, 225)])
      expectEqual(xs.recordedEvents, [.next(0, "a"), .next(20, "b"), .completed(30)])
    }
  }

  @Test("disposing a cold subscription cancels its pending events")
  func coldDisposeCancels() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createColdObservable([.next(50, 1), .completed(60)])
      let res = scheduler.start(disposed: 220) { xs.asObservable() }
      #expect(res.events.isEmpty)
      expectEqual(xs.subscriptions, [Subscription(200, 220)])
    }
  }

  @Test("a subscription is recorded as still active until it is disposed")
  func activeSubscription() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1)])
    let subscription = xs.subscribe(onNext: { _ in })
    scheduler.start()
    expectEqual(xs.subscriptions, [Subscription(0)])
    expectEqual(xs.subscriptions[0].unsubscribe, Int.max)
    subscription.dispose()
    subscription.dispose()
    expectEqual(xs.subscriptions, [Subscription(0, 210)])
  }
}

@Suite("TestableObserver")
struct TestableObserverTests {
  @Test("reports an event after a terminal event as a grammar violation")
  func eventAfterTerminal() {
    let scheduler = TestScheduler(initialClock: 0)
    let observer = scheduler.createObserver(Int.self)
    observer.onCompleted()
    withKnownIssue {
      observer.onNext(1)
    }
    withKnownIssue {
      observer.onCompleted()
    }
    expectEqual(observer.grammarViolations.count, 2)
    expectEqual(observer.events, [.completed(0), .next(0, 1), .completed(0)])
  }

  @Test("a valid sequence has no violations")
  func validSequence() {
    let observer = TestableObserver<Int>()
    observer.onNext(1)
    observer.onNext(2)
    observer.onCompleted()
    #expect(observer.grammarViolations.isEmpty)
    expectEqual(observer.elements, [1, 2])
    #expect(observer.isTerminated)
  }

  @Test("waitForTermination returns once a terminal event arrives from another thread")
  func waitForTermination() async {
    let observer = TestableObserver<Int>()
    DispatchQueue.global().async {
      observer.onNext(1)
      observer.onError(Failure())
    }
    #expect(await observer.waitForTermination())
    expectEqual(observer.events, [.next(0, 1), .error(0, Failure())])
  }

  @Test("waitForTermination gives up after the timeout")
  func waitForTerminationTimesOut() async {
    let observer = TestableObserver<Int>()
    #expect(await observer.waitForTermination(timeout: .milliseconds(20)) == false)
  }
}

@Suite("Recorded, Subscription and Event equality")
struct RecordedTests {
  @Test("recorded events compare time and event")
  func recordedEquality() {
    let a: Recorded<Event<Int>> = .next(210, 1)
    expectEqual(a, Recorded(time: 210, value: .next(1)))
    #expect(a != .next(211, 1))
    #expect(a != .next(210, 2))
    expectEqual(Recorded<Event<Int>>.completed(300), .completed(300, Int.self))
    expectEqual(a.debugDescription, "next(1) @ 210")
  }

  @Test("Recorded.events lists events with one element type")
  func eventsHelper() {
    let events = Recorded.events(.next(210, "a"), .completed(220))
    expectEqual(events, [.next(210, "a"), .completed(220)])
    expectEqual(Recorded.events(events), events)
  }

  @Test("errors are equal when they have the same type and are equal")
  func errorEquality() {
    struct Coded: Error, Equatable { var code: Int }
    struct Described: Error { var text: String }
    expectEqual(Event<Int>.error(Coded(code: 1)), .error(Coded(code: 1)))
    #expect(Event<Int>.error(Coded(code: 1)) != .error(Coded(code: 2)))
    #expect(Event<Int>.error(Coded(code: 1)) != .error(Failure()))
    expectEqual(Event<Int>.error(Described(text: "a")), .error(Described(text: "a")))
    #expect(Event<Int>.error(Described(text: "a")) != .error(Described(text: "b")))
    #expect(Event<Int>.next(1) != .completed)
  }

  @Test("a subscription without an end is open until Int.max; both print as RxTest's do")
  func subscription() {
    expectEqual(Subscription(200), Subscription(200, Int.max))
    expectEqual(Subscription(200, 300).debugDescription, "(200: 300)")
    expectEqual(Subscription(200).debugDescription, "(200: Infinity)")
    expectEqual(Set([Subscription(1, 2), Subscription(1, 2)]).count, 1)
  }
}
