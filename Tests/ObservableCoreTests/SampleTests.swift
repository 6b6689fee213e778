import Dispatch
import ObservableCore
import ObservableTesting
import Testing

@Suite("sample")
struct SampleTests {
  private static let source: [Recorded<Event<Int>>] = [
    .next(150, 1), .next(220, 2), .next(240, 3), .next(290, 4), .next(300, 5), .next(310, 6),
  ]
  private static let ticks: [Recorded<Event<String>>] = [
    .next(150, ""), .next(210, "bar"), .next(250, "foo"), .next(260, "qux"), .next(320, "baz"),
  ]

  @Test("a tick without a new element emits the default value")
  func defaultValue() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable(Self.source + [.completed(400)])
      let ys = scheduler.createHotObservable(Self.ticks + [.completed(500)])
      let res = scheduler.start { xs.sample(ys, defaultValue: 0) }
      expectEqual(
        res.events,
        [
          .next(210, 0), .next(250, 3), .next(260, 0), .next(320, 6), .next(500, 0),
          .completed(500),
        ])
      expectEqual(xs.subscriptions, [Subscription(200, 400)])
      expectEqual(ys.subscriptions, [Subscription(200, 500)])
    }
  }

  @Test("a sampler error is forwarded")
  func samplerThrows() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable(Self.source + [.completed(400)])
      let ys = scheduler.createHotObservable([
        .next(150, ""), .next(210, "bar"), .next(250, "foo"), .next(260, "qux"),
        .error(320, testError),
      ])
      let res = scheduler.start { xs.sample(ys) }
      expectEqual(res.events, [.next(250, 3), .error(320, testError)])
      expectEqual(xs.subscriptions, [Subscription(200, 320)])
      expectEqual(ys.subscriptions, [Subscription(200, 320)])
    }
  }

  @Test("simple 1: ticks emit the latest new element")
  func simple1() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable(Self.source + [.completed(400)])
      let ys = scheduler.createHotObservable(Self.ticks + [.completed(500)])
      let res = scheduler.start { xs.sample(ys) }
      expectEqual(res.events, [.next(250, 3), .next(320, 6), .completed(500)])
      expectEqual(xs.subscriptions, [Subscription(200, 400)])
      expectEqual(ys.subscriptions, [Subscription(200, 500)])
    }
  }

  @Test("simple 2: the sampler's completion samples the last element")
  func simple2() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable(Self.source + [.next(360, 7), .completed(400)])
      let ys = scheduler.createHotObservable(Self.ticks + [.completed(500)])
      let res = scheduler.start { xs.sample(ys) }
      expectEqual(res.events, [.next(250, 3), .next(320, 6), .next(500, 7), .completed(500)])
      expectEqual(xs.subscriptions, [Subscription(200, 400)])
      expectEqual(ys.subscriptions, [Subscription(200, 500)])
    }
  }

  @Test("simple 3: after the source completes, the next tick emits and completes")
  func simple3() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([
        .next(150, 1), .next(220, 2), .next(240, 3), .next(290, 4), .completed(300),
      ])
      let ys = scheduler.createHotObservable(Self.ticks + [.completed(500)])
      let res = scheduler.start { xs.sample(ys) }
      expectEqual(res.events, [.next(250, 3), .next(320, 4), .completed(320)])
      expectEqual(xs.subscriptions, [Subscription(200, 300)])
      expectEqual(ys.subscriptions, [Subscription(200, 320)])
    }
  }

  @Test("a source error is forwarded")
  func sourceThrows() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable(Self.source + [.error(320, testError)])
      let ys = scheduler.createHotObservable([
        .next(150, ""), .next(210, "bar"), .next(250, "foo"), .next(260, "qux"),
        .next(300, "baz"), .completed(400),
      ])
      let res = scheduler.start { xs.sample(ys) }
      expectEqual(res.events, [.next(250, 3), .next(300, 5), .error(320, testError)])
      expectEqual(xs.subscriptions, [Subscription(200, 320)])
      expectEqual(ys.subscriptions, [Subscription(200, 320)])
    }
  }

  @Test("a sampler that completes first completes the result (RxSwift would hang)")
  func samplerCompletesFirst() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .completed(600)])
      let ys = scheduler.createHotObservable([.next(220, "a"), .completed(240)])
      let res = scheduler.start { xs.sample(ys) }
      expectEqual(res.events, [.next(220, 1), .next(240, 2), .completed(240)])
      expectEqual(xs.subscriptions, [Subscription(200, 240)])
      expectEqual(ys.subscriptions, [Subscription(200, 240)])
    }
  }

  @Test("disposing disposes both subscriptions")
  func dispose() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable(Self.source)
      let ys = scheduler.createHotObservable(Self.ticks)
      let res = scheduler.start(disposed: 255) { xs.sample(ys) }
      expectEqual(res.events, [.next(250, 3)])
      expectEqual(xs.subscriptions, [Subscription(200, 255)])
      expectEqual(ys.subscriptions, [Subscription(200, 255)])
    }
  }

  @Test("samples with an interval")
  func withInterval() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([
        .next(205, 1), .next(215, 2), .next(218, 3), .next(235, 4), .completed(245),
      ])
      let res = scheduler.start {
        xs.sample(Observable<Int>.interval(.seconds(10), scheduler: scheduler))
      }
      expectEqual(res.events, [.next(210, 1), .next(220, 3), .next(240, 4), .completed(250)])
    }
  }
}
