import ObservableCore
import ObservableTesting
import Testing

extension TestableObservable {
  /// The test source as a `Maybe`, unchecked, so that its subscription windows are visible.
  fileprivate var maybe: Maybe<Element> { Maybe(raw: asObservable()) }
}

@Suite("Maybe operators")
struct MaybeOperatorsTests {
  @Test("map transforms the element; an empty Maybe stays empty; errors pass through")
  func map() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .completed(210)])
      let res = scheduler.start { xs.maybe.map { $0 * 10 } }
      expectEqual(res.events, [.next(210, 10), .completed(210)])
      expectEqual(xs.subscriptions, [Subscription(200, 210)])
      let empty = scheduler.createHotObservable([.completed(1210, Int.self)])
      let res2 = scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) {
        empty.maybe.map { $0 * 10 }
      }
      expectEqual(res2.events, [.completed(1210)])
      let failing = scheduler.createHotObservable([.error(2210, testError, Int.self)])
      let res3 = scheduler.start(created: 2100, subscribed: 2200, disposed: 3000) {
        failing.maybe.map { $0 * 10 }
      }
      expectEqual(res3.events, [.error(2210, testError)])
      let thrown = scheduler.createHotObservable([.next(3210, 1), .completed(3210)])
      let res4 = scheduler.start(created: 3100, subscribed: 3200, disposed: 4000) {
        thrown.maybe.map { _ -> Int in throw testError }
      }
      expectEqual(res4.events, [.error(3210, testError)])
      expectEqual(thrown.subscriptions, [Subscription(3200, 3210)])
    }
  }

  @Test("map: disposing before the outcome disposes the source")
  func mapDispose() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(300, 1), .completed(300)])
      let res = scheduler.start(disposed: 250) { xs.maybe.map { $0 } }
      expectEqual(res.events, [])
      expectEqual(xs.subscriptions, [Subscription(200, 250)])
    }
  }

  @Test("compactMap and filter complete empty when the element is dropped")
  func compactMapAndFilter() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .completed(210)])
      let kept = scheduler.start { xs.maybe.compactMap { $0 == 1 ? "one" : nil } }
      expectEqual(kept.events, [.next(210, "one"), .completed(210)])
      let ys = scheduler.createHotObservable([.next(1210, 2), .completed(1210)])
      let dropped = scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) {
        ys.maybe.compactMap { $0 == 1 ? "one" : nil }
      }
      expectEqual(dropped.events, [.completed(1210)])
      let zs = scheduler.createHotObservable([.next(2210, 3), .completed(2210)])
      let filtered = scheduler.start(created: 2100, subscribed: 2200, disposed: 3000) {
        zs.maybe.filter { $0.isMultiple(of: 2) }
      }
      expectEqual(filtered.events, [.completed(2210)])
    }
  }

  @Test("flatMap continues with the inner Maybe, and never calls the selector when empty")
  func flatMap() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .completed(210)])
      let inner = scheduler.createColdObservable([.next(20, "a"), .completed(20)])
      let res = scheduler.start { xs.maybe.flatMap { _ in inner.maybe } }
      expectEqual(res.events, [.next(230, "a"), .completed(230)])
      expectEqual(inner.subscriptions, [Subscription(210, 230)])

      let calls = Box(0)
      let empty = scheduler.createHotObservable([.completed(1210, Int.self)])
      let res2 = scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) {
        empty.maybe.flatMap { _ -> Maybe<String> in
          calls.value += 1
          return .just("x")
        }
      }
      expectEqual(res2.events, [.completed(1210)])
      expectEqual(calls.value, 0)

      let zs = scheduler.createHotObservable([.next(2210, 1), .completed(2210)])
      let res3 = scheduler.start(created: 2100, subscribed: 2200, disposed: 3000) {
        zs.maybe.flatMap { _ in Maybe<String>.error(testError) }
      }
      expectEqual(res3.events, [.error(2210, testError)])
    }
  }

  @Test("flatMap: disposing while the inner Maybe runs disposes it")
  func flatMapDispose() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .completed(210)])
      let inner = scheduler.createColdObservable([.next(100, "a"), .completed(100)])
      let res = scheduler.start(disposed: 250) { xs.maybe.flatMap { _ in inner.maybe } }
      expectEqual(res.events, [])
      expectEqual(inner.subscriptions, [Subscription(210, 250)])
    }
  }

  @Test("catch, catchAndReturn and retry recover from errors")
  func errors() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.error(210, testError, Int.self)])
      let fallback = scheduler.createColdObservable([.completed(10, Int.self)])
      let caught = scheduler.start { xs.maybe.catch { _ in fallback.maybe } }
      expectEqual(caught.events, [.completed(220)])
      expectEqual(fallback.subscriptions, [Subscription(210, 220)])

      let ys = scheduler.createHotObservable([.error(1210, testError, Int.self)])
      let returned = scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) {
        ys.maybe.catchAndReturn(5)
      }
      expectEqual(returned.events, [.next(1210, 5), .completed(1210)])

      let zs = scheduler.createColdObservable([.error(10, testError, Int.self)])
      let retried = scheduler.start(created: 2100, subscribed: 2200, disposed: 3000) {
        zs.maybe.retry(3)
      }
      expectEqual(retried.events, [.error(2230, testError)])
      expectEqual(
        zs.subscriptions,
        [
          Subscription(2200, 2210), Subscription(2210, 2220), Subscription(2220, 2230),
        ])
    }
  }

  // MARK: ifEmpty

  @Test("ifEmpty(default:) succeeds with the default only after an empty completion")
  func ifEmptyDefault() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let empty = scheduler.createHotObservable([.completed(210, Int.self)])
      let res = scheduler.start { empty.maybe.ifEmpty(default: 0) }
      expectEqual(res.events, [.next(210, 0), .completed(210)])
      expectEqual(empty.subscriptions, [Subscription(200, 210)])

      let value = scheduler.createHotObservable([.next(1210, 7), .completed(1210)])
      let res2 = scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) {
        value.maybe.ifEmpty(default: 0)
      }
      expectEqual(res2.events, [.next(1210, 7), .completed(1210)])

      let failing = scheduler.createHotObservable([.error(2210, testError, Int.self)])
      let res3 = scheduler.start(created: 2100, subscribed: 2200, disposed: 3000) {
        failing.maybe.ifEmpty(default: 0)
      }
      expectEqual(res3.events, [.error(2210, testError)])
    }
  }

  @Test("ifEmpty(switchTo: Maybe) subscribes to the other Maybe only after an empty completion")
  func ifEmptySwitchToMaybe() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let empty = scheduler.createHotObservable([.completed(210, Int.self)])
      let other = scheduler.createColdObservable([.next(20, 2), .completed(20)])
      let res = scheduler.start { empty.maybe.ifEmpty(switchTo: other.maybe) }
      expectEqual(res.events, [.next(230, 2), .completed(230)])
      expectEqual(empty.subscriptions, [Subscription(200, 210)])
      expectEqual(other.subscriptions, [Subscription(210, 230)])

      let value = scheduler.createHotObservable([.next(1210, 7), .completed(1210)])
      let unused = scheduler.createColdObservable([.next(20, 2), .completed(20)])
      let res2 = scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) {
        value.maybe.ifEmpty(switchTo: unused.maybe)
      }
      expectEqual(res2.events, [.next(1210, 7), .completed(1210)])

      let failing = scheduler.createHotObservable([.error(2210, testError, Int.self)])
      let res3 = scheduler.start(created: 2100, subscribed: 2200, disposed: 3000) {
        failing.maybe.ifEmpty(switchTo: unused.maybe)
      }
      expectEqual(res3.events, [.error(2210, testError)])
      expectEqual(unused.subscriptions, [])

      let otherEmpty = scheduler.createColdObservable([.completed(5, Int.self)])
      let res4 = scheduler.start(created: 3100, subscribed: 3200, disposed: 4000) {
        Maybe<Int>.empty().ifEmpty(switchTo: otherEmpty.maybe)
      }
      expectEqual(res4.events, [.completed(3205)])
    }
  }

  @Test("ifEmpty(switchTo: Single) continues with the Single after an empty completion")
  func ifEmptySwitchToSingle() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let empty = scheduler.createHotObservable([.completed(210, Int.self)])
      let other = scheduler.createColdObservable([.next(20, 2), .completed(20)])
      let res = scheduler.start { empty.maybe.ifEmpty(switchTo: Single(raw: other.asObservable())) }
      expectEqual(res.events, [.next(230, 2), .completed(230)])
      expectEqual(other.subscriptions, [Subscription(210, 230)])

      let failing = scheduler.createColdObservable([.error(20, testError, Int.self)])
      let res2 = scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) {
        Maybe<Int>.empty().ifEmpty(switchTo: Single(raw: failing.asObservable()))
      }
      expectEqual(res2.events, [.error(1220, testError)])
    }
  }

  @Test("ifEmpty: disposing before and after the switch disposes the current source")
  func ifEmptyDispose() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let empty = scheduler.createHotObservable([.completed(300, Int.self)])
      let other = scheduler.createColdObservable([.next(20, 2), .completed(20)])
      let before = scheduler.start(disposed: 250) { empty.maybe.ifEmpty(switchTo: other.maybe) }
      expectEqual(before.events, [])
      expectEqual(empty.subscriptions, [Subscription(200, 250)])
      expectEqual(other.subscriptions, [])

      let empty2 = scheduler.createHotObservable([.completed(1210, Int.self)])
      let slow = scheduler.createColdObservable([.next(100, 2), .completed(100)])
      let after = scheduler.start(created: 1100, subscribed: 1200, disposed: 1250) {
        empty2.maybe.ifEmpty(switchTo: slow.maybe)
      }
      expectEqual(after.events, [])
      expectEqual(slow.subscriptions, [Subscription(1210, 1250)])
    }
  }

  @Test("ifEmpty is decided per subscription")
  func ifEmptyPerSubscription() {
    withLeakChecking {
      let attempt = Box(0)
      let source = Maybe<Int>.create { maybe in
        attempt.value += 1
        if attempt.value == 1 { maybe(.success(1)) } else { maybe(.completed) }
        return Disposables.create()
      }
      let defaulted = source.ifEmpty(default: 0)
      let received = Box<[Int]>([])
      _ = defaulted.subscribe(onSuccess: { value in received.mutate { $0.append(value) } })
      _ = defaulted.subscribe(onSuccess: { value in received.mutate { $0.append(value) } })
      expectEqual(received.value, [1, 0])
    }
  }

  @Test("asSingle keeps the element and fails with noElements when empty")
  func asSingle() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let value = scheduler.start { Maybe.just(1).asSingle() }
      expectEqual(value.events, [.next(200, 1), .completed(200)])
      let empty = scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) {
        Maybe<Int>.empty().asSingle()
      }
      expectEqual(empty.events, [.error(1200, RxError.noElements)])
      let failed = scheduler.start(created: 2100, subscribed: 2200, disposed: 3000) {
        Maybe<Int>.error(testError).asSingle()
      }
      expectEqual(failed.events, [.error(2200, testError)])
    }
  }

  @Test("an observer may dispose its subscription from inside onSuccess")
  func reentrantDispose() {
    withLeakChecking {
      let subject = PublishSubject<Int>()
      let received = Box<[Int]>([])
      let subscription = Box<(any Disposable)?>(nil)
      subscription.value = subject.take(1).asMaybe()
        .map { $0 * 2 }
        .ifEmpty(switchTo: Maybe.just(0))
        .subscribe(onSuccess: { value in
          received.mutate { $0.append(value) }
          subscription.value?.dispose()
        })
      subject.onNext(1)
      expectEqual(received.value, [2])
      #expect(!subject.hasObservers)
      subscription.value = nil
    }
  }

  @Test("releases the closures' captures after the outcome")
  func releasesCaptures() {
    weak var weakTracked: Tracked?
    withLeakChecking {
      let tracked = Tracked()
      weakTracked = tracked
      let subject = PublishSubject<Int>()
      let subscription = subject.take(1).asMaybe()
        .map { [tracked] value in
          _ = tracked
          return value
        }
        .flatMap { [tracked] value in
          _ = tracked
          return Maybe.just(value)
        }
        .ifEmpty(switchTo: Maybe.just(0))
        .subscribe()
      subject.onCompleted()
      _ = subscription
    }
    #expect(weakTracked == nil)
  }
}
