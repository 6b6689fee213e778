import ObservableCore
import ObservableTesting
import Testing

@Suite("repeatElement on a scheduler")
struct RepeatElementSchedulerTests {
  @Test("emits the element as a scheduled step each time until disposed")
  func values() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let res = scheduler.start(disposed: 204) {
        Observable.repeatElement(7, scheduler: scheduler)
      }
      expectEqual(res.events, [.next(201, 7), .next(202, 7), .next(203, 7)])
    }
  }

  @Test("take stops the recursive scheduling")
  func take() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let res = scheduler.start { Observable.repeatElement(7, scheduler: scheduler).take(3) }
      expectEqual(res.events, [.next(201, 7), .next(202, 7), .next(203, 7), .completed(203)])
    }
  }

  @Test("disposing before the first step emits nothing")
  func disposeEarly() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let res = scheduler.start(disposed: 201) {
        Observable.repeatElement(7, scheduler: scheduler)
      }
      expectEqual(res.events, [])
    }
  }

  @Test(
    "on the current-thread scheduler, many repetitions do not grow the stack", .dedicatedThreads)
  func currentThreadTrampoline() {
    withLeakChecking {
      let count = Box(0)
      let completed = Box(false)
      _ = Observable.repeatElement(1, scheduler: CurrentThreadScheduler.instance)
        .take(100_000)
        .subscribe(
          onNext: { _ in count.mutate { $0 += 1 } },
          onCompleted: { completed.value = true })
      expectEqual(count.value, 100_000)
      #expect(completed.value)
    }
  }

  @Test("releases the element after disposal")
  func releasesElement() {
    weak var weakTracked: Tracked?
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let tracked = Tracked()
      weakTracked = tracked
      let subscription = Box<(any Disposable)?>(nil)
      scheduler.scheduleAt(200) {
        subscription.value = Observable.repeatElement(tracked, scheduler: scheduler).subscribe()
      }
      scheduler.scheduleAt(203) { subscription.value?.dispose() }
      scheduler.start()
      subscription.value = nil
    }
    #expect(weakTracked == nil)
  }
}
