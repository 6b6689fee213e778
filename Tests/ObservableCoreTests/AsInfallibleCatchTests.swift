import ObservableCore
import ObservableTesting
import Testing

@Suite("asInfallible(onErrorFallbackTo:) and asInfallible(onErrorRecover:)")
struct AsInfallibleCatchTests {
  @Test("continues with the fallback after an error")
  func fallback() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .error(230, testError)])
      let res = scheduler.start {
        xs.asInfallible(onErrorFallbackTo: Infallible.just(9)).asObservable()
      }
      expectEqual(res.events, [.next(210, 1), .next(230, 9), .completed(230)])
      expectEqual(xs.subscriptions, [Subscription(200, 230)])
    }
  }

  @Test("recovers with the sequence built from the error")
  func recover() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .error(230, TestError(id: 5))])
      let res = scheduler.start {
        xs.asInfallible(onErrorRecover: { error in
          Infallible.just((error as? TestError)?.id ?? -1)
        }).asObservable()
      }
      expectEqual(res.events, [.next(210, 1), .next(230, 5), .completed(230)])
    }
  }

  @Test("without an error, mirrors the source; disposing disposes it")
  func passThroughAndDispose() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .next(260, 2), .completed(300)])
      let res = scheduler.start(disposed: 250) {
        xs.asInfallible(onErrorFallbackTo: .empty()).asObservable()
      }
      expectEqual(res.events, [.next(210, 1)])
      expectEqual(xs.subscriptions, [Subscription(200, 250)])
      let values = Box<[Int]>([])
      _ = Observable.of(1, 2).asInfallible(onErrorRecover: { _ in .empty() })
        .subscribe(onNext: { v in values.mutate { $0.append(v) } })
      expectEqual(values.value, [1, 2])
    }
  }
}
