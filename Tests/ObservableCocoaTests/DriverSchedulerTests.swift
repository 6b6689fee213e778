import ObservableCocoa
import ObservableCore
import ObservableTesting
import Testing

@Suite("Driver delivers on the sharing scheduler")
struct DriverSchedulerTests {
  @Test("an element sent outside the scheduler waits for the scheduler to deliver it")
  func observesOnScheduler() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let subject = PublishSubject<Int>()
      let observer = scheduler.createObserver(Int.self)
      let driver = SharingScheduler.mock(scheduler: scheduler) {
        subject.asDriver(onErrorJustReturn: 0)
      }
      let subscription = driver.drive(observer)
      scheduler.advanceTo(300)
      subject.onNext(1)
      // Sent at 300 outside the scheduler: not delivered until the scheduler runs.
      #expect(observer.events.isEmpty)
      scheduler.advanceTo(310)
      // Delivered by the scheduler at its next tick.
      expectEqual(observer.events, [.next(301, 1)])
      subscription.dispose()
    }
  }

  @Test("just emits on the scheduler, not at subscription")
  func justOnScheduler() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let observer = scheduler.createObserver(Int.self)
      let driver = SharingScheduler.mock(scheduler: scheduler) { Driver.just(1) }
      let subscription = driver.drive(observer)
      #expect(observer.events.isEmpty)
      scheduler.start()
      expectEqual(observer.events, [.next(1, 1), .completed(1)])
      subscription.dispose()
    }
  }

  @Test("Infallible.asDriver delivers on the scheduler")
  func infallible() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let relay = PublishRelay<Int>()
      let observer = scheduler.createObserver(Int.self)
      let driver = SharingScheduler.mock(scheduler: scheduler) { relay.asInfallible().asDriver() }
      let subscription = driver.drive(observer)
      scheduler.advanceTo(50)
      relay.accept(4)
      #expect(observer.events.isEmpty)
      scheduler.advanceTo(60)
      expectEqual(observer.events, [.next(51, 4)])
      subscription.dispose()
    }
  }

  @Test("outside mock, drivers and signals use a new MainScheduler each time, as in RxCocoa")
  func defaultIsMain() throws {
    let first = try #require(DriverSharingStrategy.scheduler as? MainScheduler)
    let second = try #require(DriverSharingStrategy.scheduler as? MainScheduler)
    let signal = try #require(SignalSharingStrategy.scheduler as? MainScheduler)
    // Each runs work at once on the main queue while none of its own is pending: two of them
    // in one chain do not hold each other up (MainSchedulerTests runs that on the main queue).
    #expect(first !== second)
    #expect(first !== signal)
    #expect(first !== MainScheduler.instance)
  }

  @Test("mock applies only inside its action, and only to the task that runs it")
  func mockScope() async {
    let scheduler = TestScheduler(initialClock: 0)
    SharingScheduler.mock(scheduler: scheduler) {
      #expect(DriverSharingStrategy.scheduler as? TestScheduler === scheduler)
    }
    #expect(DriverSharingStrategy.scheduler is MainScheduler)
    await SharingScheduler.mock(scheduler: scheduler) {
      // A detached task does not inherit task-local values: a test running in parallel
      // does not see this test's mock.
      let seenElsewhere = await Task.detached { DriverSharingStrategy.scheduler is MainScheduler }
        .value
      #expect(seenElsewhere)
      #expect(DriverSharingStrategy.scheduler as? TestScheduler === scheduler)
    }
  }
}
