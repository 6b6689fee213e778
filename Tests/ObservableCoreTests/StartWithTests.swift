import ObservableCore
import ObservableTesting
import Testing

@Suite("startWith")
struct StartWithTests {
  @Test("emits the prefix, then the source's elements")
  func values() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([
        .next(150, 0), .next(210, 3), .next(220, 4), .completed(300),
      ])
      let res = scheduler.start { xs.startWith(1, 2) }
      expectEqual(
        res.events, [.next(200, 1), .next(200, 2), .next(210, 3), .next(220, 4), .completed(300)])
      expectEqual(xs.subscriptions, [Subscription(200, 300)])
    }
  }

  @Test("forwards an upstream error")
  func upstreamError() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.error(220, testError, Int.self)])
      let res = scheduler.start { xs.startWith(1) }
      expectEqual(res.events, [.next(200, 1), .error(220, testError)])
      expectEqual(xs.subscriptions, [Subscription(200, 220)])
    }
  }

  @Test("disposing downstream disposes upstream")
  func dispose() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .next(290, 2), .completed(400)])
      let res = scheduler.start(disposed: 250) { xs.startWith(0) }
      expectEqual(res.events, [.next(200, 0), .next(210, 1)])
      expectEqual(xs.subscriptions, [Subscription(200, 250)])
    }
  }

  @Test("does not subscribe to the source if the prefix ends the subscription")
  func prefixEndsSubscription() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createColdObservable([.next(10, 9), .completed(20)])
      let res = scheduler.start { xs.startWith(1, 2, 3).take(2) }
      expectEqual(res.events, [.next(200, 1), .next(200, 2), .completed(200)])
      expectEqual(xs.subscriptions, [])
    }
  }

  @Test("an observer may emit into the source, subscribe and dispose from inside onNext")
  func reentrancy() {
    withLeakChecking {
      let subject = PublishSubject<Int>()
      let source = subject.startWith(0)
      let received = Box<[Int]>([])
      let late = Box<[Int]>([])
      let subscription = Box<(any Disposable)?>(nil)
      subscription.value = source.subscribe(onNext: { value in
        received.mutate { $0.append(value) }
        if value == 1 {
          _ = source.subscribe(onNext: { v in late.mutate { $0.append(v) } })
          subject.onNext(2)
        } else if value == 2 {
          subscription.value?.dispose()
        }
      })
      subject.onNext(1)
      subject.onNext(3)
      subject.onCompleted()
      expectEqual(received.value, [0, 1, 2])
      expectEqual(late.value, [0, 2, 3])
      #expect(!subject.hasObservers)
      subscription.value = nil
    }
  }

  @Test("releases the prefix with the observable")
  func releasesPrefix() {
    weak var weakTracked: Tracked?
    withLeakChecking {
      let tracked = Tracked()
      weakTracked = tracked
      _ = Observable<Tracked>.empty().startWith(tracked).subscribe()
    }
    #expect(weakTracked == nil)
  }

  @Test("releases the prefix once emitted, and a finished source, while the sequence goes on")
  func releasesWhileRunning() {
    withLeakChecking {
      weak var weakTracked: Tracked?
      let running: any Disposable
      do {
        let tracked = Tracked()
        weakTracked = tracked
        running = Observable<Tracked>.never().startWith(tracked).subscribe()
      }
      #expect(weakTracked == nil)
      running.dispose()

      let probe = CaptureProbe()
      let trigger = PublishSubject<Int>()
      let concatenated = probe.source(completingWith: trigger).concat(Observable.never())
        .startWith(0).subscribe()
      trigger.onCompleted()
      #expect(probe.isReleased)
      concatenated.dispose()
    }
  }
}
