import ObservableCore
import ObservableTesting
import Testing

@Suite("amb")
struct AmbTests {
  @Test("the source that emits first wins; the other is disposed at that moment")
  func leftWins() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let l = scheduler.createColdObservable([.next(10, 1), .next(30, 2), .completed(40)])
      let r = scheduler.createColdObservable([.next(20, 3), .completed(50)])
      let res = scheduler.start { l.amb(r) }
      expectEqual(res.events, [.next(210, 1), .next(230, 2), .completed(240)])
      expectEqual(l.subscriptions, [Subscription(200, 240)])
      expectEqual(r.subscriptions, [Subscription(200, 210)])
    }
  }

  @Test("the right source can win")
  func rightWins() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let l = scheduler.createColdObservable([.next(20, 1), .completed(40)])
      let r = scheduler.createColdObservable([.next(10, 3), .completed(50)])
      let res = scheduler.start { l.amb(r) }
      expectEqual(res.events, [.next(210, 3), .completed(250)])
      expectEqual(l.subscriptions, [Subscription(200, 210)])
      expectEqual(r.subscriptions, [Subscription(200, 250)])
    }
  }

  @Test("an error decides the race like any other event")
  func errorWins() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let l = scheduler.createColdObservable([.next(20, 1), .completed(40)])
      let r = scheduler.createColdObservable([.error(10, testError, Int.self)])
      let res = scheduler.start { l.amb(r) }
      expectEqual(res.events, [.error(210, testError)])
      expectEqual(l.subscriptions, [Subscription(200, 210)])
    }
  }

  @Test("a completion decides the race like any other event")
  func completionWins() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let l = scheduler.createColdObservable([.completed(10, Int.self)])
      let r = scheduler.createColdObservable([.next(20, 3)])
      let res = scheduler.start { l.amb(r) }
      expectEqual(res.events, [.completed(210)])
      expectEqual(r.subscriptions, [Subscription(200, 210)])
    }
  }

  @Test("static amb races every source; a synchronous winner skips the rest")
  func staticAmb() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let a = scheduler.createColdObservable([.next(30, 1), .completed(40)])
      let b = scheduler.createColdObservable([.next(20, 2), .completed(50)])
      let c = scheduler.createColdObservable([.next(25, 3)])
      let res = scheduler.start {
        Observable.amb([a.asObservable(), b.asObservable(), c.asObservable()])
      }
      expectEqual(res.events, [.next(220, 2), .completed(250)])
      expectEqual(a.subscriptions, [Subscription(200, 220)])
      expectEqual(c.subscriptions, [Subscription(200, 220)])

      let late = scheduler.createColdObservable([.next(10, 9)])
      let values = Box<[Int]>([])
      _ = Observable.amb([Observable.just(1), late.asObservable()])
        .subscribe(onNext: { v in values.mutate { $0.append(v) } })
      expectEqual(values.value, [1])
      expectEqual(late.subscriptions, [])
    }
  }

  @Test("no sources: never emits")
  func noSources() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let res = scheduler.start { Observable<Int>.amb([Observable<Int>]()) }
      expectEqual(res.events, [])
    }
  }

  @Test("disposing before the race is decided disposes every source")
  func dispose() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let l = scheduler.createColdObservable([.next(100, 1)])
      let r = scheduler.createColdObservable([.next(100, 2)])
      let res = scheduler.start(disposed: 250) { l.amb(r) }
      expectEqual(res.events, [])
      expectEqual(l.subscriptions, [Subscription(200, 250)])
      expectEqual(r.subscriptions, [Subscription(200, 250)])
    }
  }

  @Test("an observer may emit into the loser and dispose from inside onNext")
  func reentrancy() {
    withLeakChecking {
      let left = PublishSubject<Int>()
      let right = PublishSubject<Int>()
      let received = Box<[Int]>([])
      let subscription = Box<(any Disposable)?>(nil)
      subscription.value = left.amb(right).subscribe(onNext: { value in
        received.mutate { $0.append(value) }
        right.onNext(100)
        if value == 2 { subscription.value?.dispose() }
      })
      left.onNext(1)
      left.onNext(2)
      left.onNext(3)
      expectEqual(received.value, [1, 2])
      #expect(!left.hasObservers && !right.hasObservers)
      subscription.value = nil
    }
  }

  @Test("releases the sources' resources after dispose and after termination")
  func releasesCaptures() {
    withLeakChecking {
      let hot = PublishSubject<Int>()
      weak var weakCapture: Tracked?
      do {
        let tracked = Tracked()
        weakCapture = tracked
        let captured = Observable<Int>.create { observer in
          let subscription = hot.subscribe(observer)
          return Disposables.create { [tracked] in
            _ = tracked
            subscription.dispose()
          }
        }
        _ = captured.amb(Observable<Int>.never()).subscribe()
      }
      #expect(weakCapture != nil)
      hot.onNext(1)
      #expect(weakCapture != nil)
      hot.onCompleted()
      #expect(weakCapture == nil)

      weak var disposedCapture: Tracked?
      let disposable: any Disposable
      do {
        let tracked = Tracked()
        disposedCapture = tracked
        disposable = Observable<Int>.never().amb(
          Observable<Int>.create { _ in Disposables.create { [tracked] in _ = tracked } }
        ).subscribe()
      }
      #expect(disposedCapture != nil)
      disposable.dispose()
      #expect(disposedCapture == nil)
    }
  }

  @Test("an observer may subscribe to the same chain from inside onNext")
  func reentrantSubscribeToChain() {
    withLeakChecking {
      let chain = Observable.of(1, 10).amb(Observable.of(2, 20))
      let received = Box<[String]>([])
      _ = chain.subscribe(onNext: { value in
        received.mutate { $0.append("a\(value)") }
        if value == 1 {
          _ = chain.subscribe(onNext: { v in received.mutate { $0.append("b\(v)") } })
        }
      })
      // RxSwift 6.10.2's order: the synchronous sources take turns on the trampoline.
      expectEqual(received.value, ["a1", "b1", "a10", "b10"])
    }
  }

  @Test("releases the losers while the winner runs")
  func releasesLosers() {
    withLeakChecking {
      let loser = CaptureProbe()
      let winner = PublishSubject<Int>()
      let running = Observable.amb([
        loser.source(completingWith: PublishSubject()), winner.asObservable(),
        Observable.never(),
      ]).subscribe()
      #expect(!loser.isReleased)
      winner.onNext(1)
      #expect(loser.isReleased)
      running.dispose()
    }
  }
}
