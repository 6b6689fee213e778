import Dispatch
import ObservableCocoa
import ObservableCore
import ObservableTesting
import Testing

@Suite("ControlEvent")
@MainActor
struct ControlEventTests {
  @Test("sends the events that happen after subscription, none at subscription")
  func events() {
    let button = FakeButton()
    button.simulateTap()
    let taps = Box(0)
    let subscription = button.rxTap.subscribe(onNext: { taps.mutate { $0 += 1 } })
    expectEqual(taps.value, 0)
    button.simulateTap()
    button.simulateTap()
    expectEqual(taps.value, 2)
    subscription.dispose()
  }

  @Test("completes when the control is released")
  func completesOnRelease() {
    var button: FakeButton? = FakeButton()
    let completed = Box(false)
    let subscription = button!.rxTap.subscribe(onCompleted: { completed.mutate { $0 = true } })
    button = nil
    #expect(completed.value)
    subscription.dispose()
  }

  @Test("asControlEvent and asObservable give the same events")
  func conversions() {
    let button = FakeButton()
    let taps = Box(0)
    let a = button.rxTap.asControlEvent().subscribe(onNext: { taps.mutate { $0 += 1 } })
    let b = button.rxTap.asObservable().subscribe(onNext: { taps.mutate { $0 += 1 } })
    button.simulateTap()
    expectEqual(taps.value, 2)
    a.dispose()
    b.dispose()
  }

  @Test("asSignal delivers on the sharing scheduler and replays nothing")
  func asSignal() {
    let button = FakeButton()
    let scheduler = TestScheduler(initialClock: 0)
    let early = scheduler.createObserver(Int.self)
    let late = scheduler.createObserver(Int.self)
    let counted = Box(0)
    let signal = SharingScheduler.mock(scheduler: scheduler) {
      button.rxTap.asSignal().map { _ in
        counted.mutate { count in
          count += 1
          return count
        }
      }
    }
    let bag = DisposeBag()
    scheduler.scheduleAt(100) { bag.insert(signal.emit(to: early)) }
    scheduler.scheduleAt(200) { MainActor.assumeIsolated { button.simulateTap() } }
    scheduler.scheduleAt(300) { bag.insert(signal.emit(to: late)) }
    scheduler.scheduleAt(400) { MainActor.assumeIsolated { button.simulateTap() } }
    scheduler.start()
    expectEqual(early.events, [.next(201, 1), .next(401, 2)])
    expectEqual(late.events, [.next(401, 2)])
  }

  @Test("asDriver delivers on the sharing scheduler and replays the latest event")
  func asDriver() {
    let button = FakeButton()
    let scheduler = TestScheduler(initialClock: 0)
    let early = scheduler.createObserver(Int.self)
    let late = scheduler.createObserver(Int.self)
    let counted = Box(0)
    let driver = SharingScheduler.mock(scheduler: scheduler) {
      button.rxTap.asDriver().map { _ in
        counted.mutate { count in
          count += 1
          return count
        }
      }
    }
    let bag = DisposeBag()
    scheduler.scheduleAt(100) { bag.insert(driver.drive(early)) }
    scheduler.scheduleAt(200) { MainActor.assumeIsolated { button.simulateTap() } }
    scheduler.scheduleAt(300) { bag.insert(driver.drive(late)) }
    scheduler.start()
    expectEqual(early.events, [.next(201, 1)])
    expectEqual(late.events, [.next(300, 1)])
  }

  // A control event whose sequence fails all the same reports the error to
  // Hooks.defaultErrorHandler and completes: asInfallible, asDriver and asSignal share that
  // code. HookDefaultsTests checks it in a process of its own, so that no test here prints
  // the default handler's report or swaps the process-wide handler.

  @Test(
    "subscribing off the main queue subscribes on it; disposing first means no subscription",
    .timeLimit(.minutes(1)))
  nonisolated func subscribesOnMain() async {
    let onMain = Box<[Bool]>([])
    let event = ControlEvent<Int>(
      events: Observable.create { _ in
        onMain.append(MainScheduler.isOnMainQueue)
        return Disposables.create()
      })
    let kept = await withCheckedContinuation { (done: CheckedContinuation<any Disposable, Never>) in
      DispatchQueue.global().async {
        #expect(!MainScheduler.isOnMainQueue)
        // Hold the main queue, which another thread drains, so that the queued subscriptions
        // cannot run before the second one is disposed.
        let holding = DispatchSemaphore(value: 0)
        let gate = DispatchSemaphore(value: 0)
        DispatchQueue.main.async {
          holding.signal()
          gate.wait()
        }
        holding.wait()
        let kept = event.subscribe(onNext: { _ in })
        event.subscribe(onNext: { _ in }).dispose()
        gate.signal()
        done.resume(returning: kept)
      }
    }
    // Both subscriptions were queued on the main queue before this; the main actor runs there.
    await MainActor.run {}
    expectEqual(onMain.value, [true])
    kept.dispose()
  }
}
