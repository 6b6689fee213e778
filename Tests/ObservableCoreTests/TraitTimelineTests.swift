import ObservableCore
import ObservableTesting
import Testing

/// The virtual-time timelines of the traits' scheduling operators, as RxSwift's own
/// `SingleTest`, `MaybeTest` and `CompletableTest` document them: a test ported from RxSwift
/// sees the same ticks here.
@Suite("Trait scheduling timelines match RxSwift's")
struct TraitTimelineTests {
  // MARK: Single

  @Test("Single observe(on:): the element one step after subscribing, the completion one after")
  func singleObserveOn() {
    let scheduler = TestScheduler(initialClock: 0)
    let res = scheduler.start { Single.just(1).observe(on: scheduler) }
    expectEqual(res.events, [.next(201, 1), .completed(202)])
  }

  @Test("Single subscribe(on:): element and completion in the step of the subscription")
  func singleSubscribeOn() {
    let scheduler = TestScheduler(initialClock: 0)
    let res = scheduler.start { Single.just(1).subscribe(on: scheduler) }
    expectEqual(res.events, [.next(201, 1), .completed(201)])
  }

  @Test("Single delay: the completion one step after the delayed element")
  func singleDelay() {
    let scheduler = TestScheduler(initialClock: 0)
    let res = scheduler.start { Single.just(1).delay(.seconds(2), scheduler: scheduler) }
    expectEqual(res.events, [.next(202, 1), .completed(203)])
  }

  @Test("Single delaySubscription: element and completion together, after the delay")
  func singleDelaySubscription() {
    let scheduler = TestScheduler(initialClock: 0)
    let res = scheduler.start {
      Single.just(1).delaySubscription(.seconds(2), scheduler: scheduler)
    }
    expectEqual(res.events, [.next(202, 1), .completed(202)])
  }

  @Test("Single timeout: fails when due, or delivers what comes in time")
  func singleTimeout() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createColdObservable([.next(10, 1), .completed(20)]).asSingle()
    let timedOut = scheduler.start { xs.timeout(.seconds(5), scheduler: scheduler) }
    expectEqual(timedOut.events, [.error(205, RxError.timeout)])

    let other = TestScheduler(initialClock: 0)
    let ys = other.createColdObservable([.next(10, 1), .completed(20)]).asSingle()
    let inTime = other.start { ys.timeout(.seconds(30), scheduler: other) }
    expectEqual(inTime.events, [.next(220, 1), .completed(220)])
  }

  @Test("Single timeout(other:): switches to the other sequence when due")
  func singleTimeoutOther() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createColdObservable([.next(10, 1), .completed(20)]).asSingle()
    let fallback = scheduler.createColdObservable([.next(20, 2), .completed(20)]).asSingle()
    let res = scheduler.start { xs.timeout(.seconds(5), other: fallback, scheduler: scheduler) }
    expectEqual(res.events, [.next(225, 2), .completed(225)])

    let other = TestScheduler(initialClock: 0)
    let ys = other.createColdObservable([.next(10, 1), .completed(20)]).asSingle()
    let unused = other.createColdObservable([.next(20, 2), .completed(20)]).asSingle()
    let inTime = other.start { ys.timeout(.seconds(30), other: unused, scheduler: other) }
    expectEqual(inTime.events, [.next(220, 1), .completed(220)])
  }

  @Test("Single timer: the element and the completion when due")
  func singleTimer() {
    let scheduler = TestScheduler(initialClock: 0)
    let res = scheduler.start { Single<Int>.timer(.seconds(2), scheduler: scheduler) }
    expectEqual(res.events, [.next(202, 0), .completed(202)])
  }

  // MARK: Maybe

  @Test("Maybe observe(on:): the element one step after subscribing, the completion one after")
  func maybeObserveOn() {
    let scheduler = TestScheduler(initialClock: 0)
    let res = scheduler.start { Maybe.just(1).observe(on: scheduler) }
    expectEqual(res.events, [.next(201, 1), .completed(202)])
  }

  @Test("Maybe subscribe(on:), delay and delaySubscription")
  func maybeScheduling() {
    let s1 = TestScheduler(initialClock: 0)
    #expect(
      s1.start { Maybe.just(1).subscribe(on: s1) }.events == [.next(201, 1), .completed(201)])
    let s2 = TestScheduler(initialClock: 0)
    #expect(
      s2.start { Maybe.just(1).delay(.seconds(2), scheduler: s2) }.events
        == [.next(202, 1), .completed(203)])
    let s3 = TestScheduler(initialClock: 0)
    #expect(
      s3.start { Maybe.just(1).delaySubscription(.seconds(2), scheduler: s3) }.events
        == [.next(202, 1), .completed(202)])
  }

  @Test("an empty Maybe's completion, observed on the scheduler, comes one step later")
  func emptyMaybeObserveOn() {
    let scheduler = TestScheduler(initialClock: 0)
    let res = scheduler.start { Maybe<Int>.empty().observe(on: scheduler) }
    expectEqual(res.events, [.completed(201)])
  }

  // MARK: Completable

  @Test("Completable observe(on:), subscribe(on:), delay and delaySubscription")
  func completableScheduling() {
    let s1 = TestScheduler(initialClock: 0)
    #expect(s1.start { Completable.empty().observe(on: s1) }.events == [.completed(201)])
    let s2 = TestScheduler(initialClock: 0)
    #expect(s2.start { Completable.empty().subscribe(on: s2) }.events == [.completed(201)])
    let s3 = TestScheduler(initialClock: 0)
    #expect(
      s3.start { Completable.empty().delay(.seconds(2), scheduler: s3) }.events
        == [.completed(202)])
    let s4 = TestScheduler(initialClock: 0)
    #expect(
      s4.start { Completable.empty().delaySubscription(.seconds(2), scheduler: s4) }.events
        == [.completed(202)])
  }
}
