import ObservableCore
import ObservableTesting
import Testing

@Suite("ifEmpty")
struct IfEmptyTests {
  @Test("default: an empty source emits the default, then completes")
  func defaultWhenEmpty() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(150, 1), .completed(250, Int.self)])
      let res = scheduler.start { xs.ifEmpty(default: 7) }
      expectEqual(res.events, [.next(250, 7), .completed(250)])
      expectEqual(xs.subscriptions, [Subscription(200, 250)])
    }
  }

  @Test("default: a source with elements passes through unchanged")
  func defaultNotEmpty() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(250)])
      let res = scheduler.start { xs.ifEmpty(default: 7) }
      expectEqual(res.events, [.next(210, 1), .next(220, 2), .completed(250)])
    }
  }

  @Test("default: an error passes through without the default")
  func defaultError() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.error(250, testError, Int.self)])
      let res = scheduler.start { xs.ifEmpty(default: 7) }
      expectEqual(res.events, [.error(250, testError)])
      expectEqual(xs.subscriptions, [Subscription(200, 250)])
    }
  }

  @Test("default: disposing the result disposes the source")
  func defaultDispose() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.completed(400, Int.self)])
      let res = scheduler.start(disposed: 300) { xs.ifEmpty(default: 7) }
      expectEqual(res.events, [])
      expectEqual(xs.subscriptions, [Subscription(200, 300)])
    }
  }

  @Test("default: an observer that disposes on the default gets no completion")
  func defaultReentrantDispose() {
    withLeakChecking {
      let received = Box<[String]>([])
      let subscription = Box<(any Disposable)?>(nil)
      let subject = PublishSubject<Int>()
      subscription.value = subject.ifEmpty(default: 7).subscribe(
        onNext: { value in
          received.mutate { $0.append("\(value)") }
          subscription.value?.dispose()
        },
        onCompleted: { received.mutate { $0.append("completed") } })
      subject.onCompleted()
      expectEqual(received.value, ["7"])
      subscription.value = nil
    }
  }

  @Test("switchTo: an empty source continues with the other sequence")
  func switchWhenEmpty() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(150, 1), .completed(250, Int.self)])
      let ys = scheduler.createColdObservable([.next(10, 7), .next(20, 8), .completed(30)])
      let res = scheduler.start { xs.ifEmpty(switchTo: ys.asObservable()) }
      expectEqual(res.events, [.next(260, 7), .next(270, 8), .completed(280)])
      expectEqual(xs.subscriptions, [Subscription(200, 250)])
      expectEqual(ys.subscriptions, [Subscription(250, 280)])
    }
  }

  @Test("switchTo: the other sequence's error ends the result")
  func switchError() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.completed(250, Int.self)])
      let ys = scheduler.createColdObservable([.next(10, 7), .error(20, testError)])
      let res = scheduler.start { xs.ifEmpty(switchTo: ys.asObservable()) }
      expectEqual(res.events, [.next(260, 7), .error(270, testError)])
      expectEqual(ys.subscriptions, [Subscription(250, 270)])
    }
  }

  @Test("switchTo: after an element or an error the other sequence is never subscribed")
  func switchNotEmpty() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .completed(250)])
      let ys = scheduler.createColdObservable([.next(10, 7), .completed(30)])
      let res = scheduler.start { xs.ifEmpty(switchTo: ys.asObservable()) }
      expectEqual(res.events, [.next(210, 1), .completed(250)])
      expectEqual(ys.subscriptions, [])

      let second = TestScheduler(initialClock: 0)
      let zs = second.createHotObservable([.error(250, testError, Int.self)])
      let ws = second.createColdObservable([.next(10, 7), .completed(30)])
      let res2 = second.start { zs.ifEmpty(switchTo: ws.asObservable()) }
      expectEqual(res2.events, [.error(250, testError)])
      expectEqual(ws.subscriptions, [])
    }
  }

  @Test("switchTo: disposing the result disposes the source, or the other sequence once it runs")
  func switchDispose() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.completed(250, Int.self)])
      let ys = scheduler.createColdObservable([.next(10, 7), .next(100, 8)])
      let res = scheduler.start(disposed: 230) { xs.ifEmpty(switchTo: ys.asObservable()) }
      expectEqual(res.events, [])
      expectEqual(xs.subscriptions, [Subscription(200, 230)])
      expectEqual(ys.subscriptions, [])

      let second = TestScheduler(initialClock: 0)
      let zs = second.createHotObservable([.completed(250, Int.self)])
      let ws = second.createColdObservable([.next(10, 7), .next(100, 8)])
      let res2 = second.start(disposed: 300) { zs.ifEmpty(switchTo: ws.asObservable()) }
      expectEqual(res2.events, [.next(260, 7)])
      expectEqual(zs.subscriptions, [Subscription(200, 250)])
      expectEqual(ws.subscriptions, [Subscription(250, 300)])
    }
  }

  @Test("switchTo: releases the other sequence after termination")
  func releasesOther() {
    weak var weakTracked: Tracked?
    withLeakChecking {
      let tracked = Tracked()
      weakTracked = tracked
      let subject = PublishSubject<Int>()
      let other = Observable<Int>.deferred { [tracked] in
        _ = tracked
        return .just(1)
      }
      let subscription = subject.ifEmpty(switchTo: other).subscribe()
      subject.onCompleted()
      _ = subscription
    }
    #expect(weakTracked == nil)
  }
}
