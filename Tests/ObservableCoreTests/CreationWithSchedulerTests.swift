import Dispatch
import ObservableCore
import ObservableTesting
import Testing

@Suite("just, of and from on a scheduler")
struct CreationWithSchedulerTests {
  @Test("just delivers the element and the completion as scheduled work")
  func just() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let res = scheduler.start { Observable.just(42, scheduler: scheduler) }
      expectEqual(res.events, [.next(201, 42), .completed(202)])
    }
  }

  @Test("just disposed between the element and the completion stops")
  func justDisposed() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let res = scheduler.start(disposed: 201) { Observable.just(42, scheduler: scheduler) }
      expectEqual(res.events, [])
    }
  }

  @Test("of delivers each element as a step of its own")
  func of() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let res = scheduler.start { Observable.of(1, 2, 3, scheduler: scheduler) }
      expectEqual(res.events, [.next(201, 1), .next(202, 2), .next(203, 3), .completed(204)])
    }
  }

  @Test("from an array stops when disposed")
  func fromArrayDisposed() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let res = scheduler.start(disposed: 203) {
        Observable.from([1, 2, 3, 4], scheduler: scheduler)
      }
      expectEqual(res.events, [.next(201, 1), .next(202, 2)])
    }
  }

  @Test("from an empty array only completes")
  func fromEmpty() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let res = scheduler.start { Observable<Int>.from([], scheduler: scheduler) }
      expectEqual(res.events, [.completed(201)])
    }
  }

  @Test("from an infinite sequence works with disposal")
  func fromInfiniteSequence() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let res = scheduler.start(disposed: 204) {
        Observable.from(1..., scheduler: scheduler)
      }
      expectEqual(res.events, [.next(201, 1), .next(202, 2), .next(203, 3)])
    }
  }

  @Test(
    "on the current-thread scheduler, a long sequence does not grow the stack", .dedicatedThreads)
  func currentThreadTrampoline() {
    withLeakChecking {
      let count = Box(0)
      let completed = Box(false)
      _ = Observable.from(0..<100_000, scheduler: CurrentThreadScheduler.instance)
        .subscribe(
          onNext: { _ in count.mutate { $0 += 1 } },
          onCompleted: { completed.value = true })
      expectEqual(count.value, 100_000)
      #expect(completed.value)
    }
  }

  @Test("of on a serial queue delivers in order")
  func ofOnQueue() async {
    await withLeakChecking {
      let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "of-test")
      let observer = TestableObserver<Int>()
      let subscription = Observable.of(1, 2, 3, scheduler: scheduler).subscribe(observer)
      #expect(await observer.waitForTermination())
      expectEqual(observer.elements, [1, 2, 3])
      subscription.dispose()
    }
  }
}
