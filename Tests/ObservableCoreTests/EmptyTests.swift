import ObservableCore
import ObservableTesting
import Testing

@Suite("empty, never and error")
struct EmptyTests {
  @Test("empty completes at once")
  func empty() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let res = scheduler.start { Observable<Int>.empty() }
      expectEqual(res.events, [.completed(200)])
    }
  }

  @Test("never emits nothing until disposed")
  func never() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let disposedAt = Box<[Int]>([])
      let res = scheduler.start(disposed: 500) {
        Observable<Int>.never().do(onDispose: { disposedAt.mutate { $0.append(scheduler.clock) } })
      }
      expectEqual(res.events, [])
      expectEqual(disposedAt.value, [500])
    }
  }

  @Test("error fails at once with its error")
  func error() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let res = scheduler.start { Observable<Int>.error(testError) }
      expectEqual(res.events, [.error(200, testError)])
    }
  }

  @Test("an observer may subscribe again from inside a terminal handler")
  func reentrantSubscribe() {
    withLeakChecking {
      let received = Box<[String]>([])
      _ = Observable<Int>.empty().subscribe(onCompleted: {
        received.mutate { $0.append("completed") }
        _ = Observable<Int>.error(testError).subscribe(onError: { _ in
          received.mutate { $0.append("error") }
        })
      })
      expectEqual(received.value, ["completed", "error"])
    }
  }

  @Test("releases the error when the observable is released")
  func releasesError() {
    struct TrackedError: Error {
      let tracked: Tracked
    }
    weak var weakTracked: Tracked?
    withLeakChecking {
      let tracked = Tracked()
      weakTracked = tracked
      _ = Observable<Int>.error(TrackedError(tracked: tracked)).subscribe(onError: { _ in })
    }
    #expect(weakTracked == nil)
  }
}
