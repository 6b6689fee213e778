import Dispatch
import ObservableCore
import ObservableTesting
import Testing

/// Subscribes to each window as it arrives and emits "index element", as RxSwift's window tests
/// do with `enumerated().map { … }.merge()`.
private func flatten(_ windows: Observable<Observable<Int>>) -> Observable<String> {
  Observable.create { observer in
    let composite = CompositeDisposable()
    let counters = Box((windows: 0, active: 1))
    let finishOne = { @Sendable in
      let done = counters.mutate { counters -> Bool in
        counters.active -= 1
        return counters.active == 0
      }
      if done { observer.onCompleted() }
    }
    composite.insert(
      windows.subscribe(
        onNext: { window in
          let index = counters.mutate { counters -> Int in
            defer {
              counters.windows += 1
              counters.active += 1
            }
            return counters.windows
          }
          composite.insert(
            window.subscribe(
              onNext: { observer.onNext("\(index) \($0)") },
              onError: { observer.onError($0) },
              onCompleted: finishOne))
        },
        onError: { observer.onError($0) },
        onCompleted: finishOne))
    return composite
  }
}

@Suite("window(timeSpan:count:scheduler:)")
struct WindowTests {
  private static let source: [Recorded<Event<Int>>] = [
    .next(205, 1), .next(210, 2), .next(240, 3), .next(280, 4), .next(320, 5), .next(350, 6),
    .next(370, 7), .next(420, 8), .next(470, 9),
  ]
  private static let flattened: [Recorded<Event<String>>] = [
    .next(205, "0 1"), .next(210, "0 2"), .next(240, "0 3"), .next(280, "1 4"),
    .next(320, "2 5"), .next(350, "2 6"), .next(370, "2 7"), .next(420, "3 8"),
    .next(470, "4 9"),
  ]

  @Test("basic: windows close on count or on time, whichever comes first")
  func basic() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable(Self.source + [.completed(600)])
      let res = scheduler.start {
        flatten(xs.window(timeSpan: .seconds(70), count: 3, scheduler: scheduler))
      }
      expectEqual(res.events, Self.flattened + [.completed(600)])
      expectEqual(xs.subscriptions, [Subscription(200, 600)])
    }
  }

  @Test("error: the current window and the result fail")
  func error() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable(Self.source + [.error(600, testError)])
      let res = scheduler.start {
        flatten(xs.window(timeSpan: .seconds(70), count: 3, scheduler: scheduler))
      }
      expectEqual(res.events, Self.flattened + [.error(600, testError)])
      expectEqual(xs.subscriptions, [Subscription(200, 600)])
    }
  }

  @Test("disposed: disposing the result and its windows ends the upstream subscription")
  func disposed() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable(
        [.next(105, 0)] + Self.source + [.completed(600)])
      let res = scheduler.start(disposed: 370) {
        flatten(xs.window(timeSpan: .seconds(70), count: 3, scheduler: scheduler))
      }
      expectEqual(Array(res.events), Array(Self.flattened.prefix(7)))
      expectEqual(xs.subscriptions, [Subscription(200, 370)])
    }
  }

  @Test("windows open at subscription and at each close, and close by time when quiet")
  func windowTimeline() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(215, 1), .completed(245)])
      let opened = Box<[Int]>([])
      let closed = Box<[Int]>([])
      let res = scheduler.start {
        xs.window(timeSpan: .seconds(20), count: 5, scheduler: scheduler)
          .map { window -> Int in
            opened.mutate { $0.append(scheduler.clock) }
            _ = window.subscribe(onCompleted: { closed.mutate { $0.append(scheduler.clock) } })
            return scheduler.clock
          }
      }
      expectEqual(opened.value, [200, 220, 240])
      expectEqual(closed.value, [220, 240, 245])
      expectEqual(res.events.last, .completed(245))
    }
  }

  @Test("a window still observed keeps the upstream subscription after the result is disposed")
  func windowOutlivesResult() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([
        .next(210, 1), .next(220, 2), .next(240, 3), .next(250, 4),
      ])
      let received = Box<[String]>([])
      let windowSubscription = Box<(any Disposable)?>(nil)
      let outer = Box<(any Disposable)?>(nil)
      scheduler.scheduleAt(200) {
        outer.value = xs.window(timeSpan: .seconds(100), count: 3, scheduler: scheduler)
          .subscribe(onNext: { window in
            guard windowSubscription.value == nil else { return }
            windowSubscription.value = window.subscribe(
              onNext: { value in received.mutate { $0.append("\(value)@\(scheduler.clock)") } },
              onCompleted: { received.mutate { $0.append("|@\(scheduler.clock)") } })
          })
      }
      scheduler.scheduleAt(230) { outer.value?.dispose() }
      scheduler.start()
      expectEqual(received.value, ["1@210", "2@220", "3@240", "|@240"])
      expectEqual(xs.subscriptions, [Subscription(200, 240)])
      outer.value = nil
      windowSubscription.value = nil
    }
  }

  @Test("a count below 1 fails with argumentOutOfRange")
  func invalidCount() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1)])
      let res = scheduler.start {
        xs.window(timeSpan: .seconds(10), count: -1, scheduler: scheduler).map { _ in 0 }
      }
      expectEqual(res.events, [.error(200, RxError.argumentOutOfRange)])
      expectEqual(xs.subscriptions, [])
    }
  }

  @Test("takes the time span as a Swift Duration")
  func duration() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(205, 1), .next(215, 2), .completed(218)])
      let res = scheduler.start {
        flatten(xs.window(timeSpan: Duration.seconds(10), count: 5, scheduler: scheduler))
      }
      expectEqual(res.events, [.next(205, "0 1"), .next(215, "1 2"), .completed(218)])
    }
  }
}
