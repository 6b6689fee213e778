import ObservableCore
import ObservableTesting
import Testing

@Suite("range on a scheduler")
struct RangeSchedulerTests {
  @Test("emits each integer, then the completion, as a scheduled step of its own")
  func values() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let res = scheduler.start { Observable.range(start: 3, count: 3, scheduler: scheduler) }
      expectEqual(res.events, [.next(201, 3), .next(202, 4), .next(203, 5), .completed(204)])
    }
  }

  @Test("a zero count only completes")
  func empty() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let res = scheduler.start { Observable.range(start: 3, count: 0, scheduler: scheduler) }
      expectEqual(res.events, [.completed(201)])
    }
  }

  @Test("a negative count or an overflowing range fails with argumentOutOfRange")
  func badArguments() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let negative = scheduler.start {
        Observable.range(start: 3, count: -1, scheduler: scheduler)
      }
      expectEqual(negative.events, [.error(200, RxError.argumentOutOfRange)])

      let second = TestScheduler(initialClock: 0)
      let overflow = second.start {
        Observable<Int8>.range(start: 120, count: 9, scheduler: second)
      }
      expectEqual(overflow.events, [.error(200, RxError.argumentOutOfRange)])

      let third = TestScheduler(initialClock: 0)
      let upToMax = third.start {
        Observable<Int8>.range(start: 126, count: 2, scheduler: third)
      }
      expectEqual(upToMax.events, [.next(201, 126), .next(202, 127), .completed(203)])
    }
  }

  @Test("disposing between two integers stops the sequence")
  func dispose() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let res = scheduler.start(disposed: 203) {
        Observable.range(start: 0, count: 100, scheduler: scheduler)
      }
      expectEqual(res.events, [.next(201, 0), .next(202, 1)])
    }
  }

  @Test("take stops the recursive scheduling")
  func take() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let res = scheduler.start {
        Observable.range(start: 0, count: Int.max, scheduler: scheduler).take(2)
      }
      expectEqual(res.events, [.next(201, 0), .next(202, 1), .completed(202)])
    }
  }

  @Test(
    "on the current-thread scheduler, a long range does not grow the stack", .dedicatedThreads)
  func currentThreadTrampoline() {
    withLeakChecking {
      let count = Box(0)
      let completed = Box(false)
      _ = Observable.range(start: 0, count: 100_000, scheduler: CurrentThreadScheduler.instance)
        .subscribe(
          onNext: { _ in count.mutate { $0 += 1 } },
          onCompleted: { completed.value = true })
      expectEqual(count.value, 100_000)
      #expect(completed.value)
    }
  }

  @Test("releases the observer after termination")
  func releasesObserver() {
    weak var weakTracked: Tracked?
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let tracked = Tracked()
      weakTracked = tracked
      let subscription = Box<(any Disposable)?>(nil)
      scheduler.scheduleAt(200) {
        subscription.value = Observable.range(start: 0, count: 2, scheduler: scheduler)
          .subscribe(onNext: { [tracked] _ in _ = tracked })
      }
      scheduler.start()
      subscription.value = nil
    }
    #expect(weakTracked == nil)
  }
}
