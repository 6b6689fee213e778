import ObservableCore
import ObservableTesting
import Testing

extension ObservableConvertibleType {
  fileprivate var maybe: Maybe<Element> { Maybe(raw: asObservable()) }
}

/// A `Maybe.do` that appends every callback to `log`.
private func logged(_ source: Maybe<Int>, _ log: Box<[String]>) -> Maybe<Int> {
  source.do(
    onNext: { value in log.mutate { $0.append("onNext \(value)") } },
    afterNext: { value in log.mutate { $0.append("afterNext \(value)") } },
    onError: { _ in log.mutate { $0.append("onError") } },
    afterError: { _ in log.mutate { $0.append("afterError") } },
    onCompleted: { log.mutate { $0.append("onCompleted") } },
    afterCompleted: { log.mutate { $0.append("afterCompleted") } },
    onSubscribe: { log.mutate { $0.append("onSubscribe") } },
    onSubscribed: { log.mutate { $0.append("onSubscribed") } },
    onDispose: { log.mutate { $0.append("onDispose") } })
}

@Suite("Maybe.do")
struct MaybeDoTests {
  @Test("a success runs onNext, afterNext, then onCompleted and afterCompleted, as in RxSwift")
  func success() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .completed(210)])
      let log = Box<[String]>([])
      let res = scheduler.start { logged(xs.maybe, log) }
      expectEqual(res.events, [.next(210, 1), .completed(210)])
      expectEqual(xs.subscriptions, [Subscription(200, 210)])
      expectEqual(
        log.value,
        [
          "onSubscribe", "onSubscribed", "onNext 1", "afterNext 1", "onCompleted",
          "afterCompleted", "onDispose",
        ])
    }
  }

  @Test("an empty completion runs onCompleted and afterCompleted; an error, onError and afterError")
  func emptyAndError() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs: TestableObservable<Int> = scheduler.createHotObservable([.completed(220)])
      let log = Box<[String]>([])
      let empty = scheduler.start { logged(xs.maybe, log) }
      expectEqual(empty.events, [.completed(220)])
      expectEqual(
        log.value, ["onSubscribe", "onSubscribed", "onCompleted", "afterCompleted", "onDispose"])

      let ys = scheduler.createHotObservable([.error(1230, testError, Int.self)])
      let errors = Box<[String]>([])
      let failed = scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) {
        logged(ys.maybe, errors)
      }
      expectEqual(failed.events, [.error(1230, testError)])
      expectEqual(ys.subscriptions, [Subscription(1200, 1230)])
      expectEqual(
        errors.value, ["onSubscribe", "onSubscribed", "onError", "afterError", "onDispose"])
    }
  }

  @Test("a throwing onNext or onError fails the Maybe with the thrown error")
  func throwingBefore() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let marker = TestError(id: 7)
      let xs = scheduler.createHotObservable([.next(210, 1), .completed(210)])
      let next = scheduler.start { xs.maybe.do(onNext: { _ in throw marker }) }
      expectEqual(next.events, [.error(210, marker)])
      expectEqual(xs.subscriptions, [Subscription(200, 210)])

      let ys = scheduler.createHotObservable([.error(1210, testError, Int.self)])
      let error = scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) {
        ys.maybe.do(onError: { _ in throw marker })
      }
      expectEqual(error.events, [.error(1210, marker)])
    }
  }

  @Test("a throwing onCompleted fails an empty Maybe; after a success it goes to Hooks")
  func throwingOnCompleted() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let marker = TestError(id: 4343)
      let xs: TestableObservable<Int> = scheduler.createHotObservable([.completed(210)])
      let empty = scheduler.start { xs.maybe.do(onCompleted: { throw marker }) }
      expectEqual(empty.events, [.error(210, marker)])

      let reported = UnhandledErrors.recorder()
      let ys = scheduler.createHotObservable([.next(1210, 1), .completed(1210)])
      let success = scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) {
        ys.maybe.do(onCompleted: { throw marker })
      }
      expectEqual(success.events, [.next(1210, 1), .completed(1210)])
      #expect(reported.value.contains("\(marker)"))
    }
  }

  @Test("errors thrown by the after… handlers go to Hooks: the outcome never changes")
  func throwingAfter() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let reported = UnhandledErrors.recorder()
      let afterNextMarker = TestError(id: 4401)
      let afterCompletedMarker = TestError(id: 4402)
      let afterErrorMarker = TestError(id: 4403)
      let xs = scheduler.createHotObservable([.next(210, 1), .completed(210)])
      let success = scheduler.start {
        xs.maybe.do(
          afterNext: { _ in throw afterNextMarker },
          afterCompleted: { throw afterCompletedMarker })
      }
      expectEqual(success.events, [.next(210, 1), .completed(210)])
      let ys = scheduler.createHotObservable([.error(1210, testError, Int.self)])
      let failed = scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) {
        ys.maybe.do(afterError: { _ in throw afterErrorMarker })
      }
      expectEqual(failed.events, [.error(1210, testError)])
      #expect(reported.value.contains("\(afterNextMarker)"))
      #expect(reported.value.contains("\(afterCompletedMarker)"))
      #expect(reported.value.contains("\(afterErrorMarker)"))
    }
  }

  @Test("disposing before the outcome runs onDispose once and disposes the source")
  func dispose() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(300, 1), .completed(300)])
      let log = Box<[String]>([])
      let res = scheduler.start(disposed: 250) { logged(xs.maybe, log) }
      expectEqual(res.events, [])
      expectEqual(xs.subscriptions, [Subscription(200, 250)])
      expectEqual(log.value, ["onSubscribe", "onSubscribed", "onDispose"])
    }
  }

  @Test("each subscription tracks its own success for onCompleted")
  func perSubscription() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let marker = TestError(id: 4411)
      let first = Box(true)
      // The first subscription succeeds; the second completes empty, so its throwing
      // onCompleted must fail it even though the first one saw a success.
      let source = Maybe<Int>.deferred {
        first.mutate { isFirst in
          defer { isFirst = false }
          return isFirst ? .just(1) : .empty()
        }
      }
      let reported = UnhandledErrors.recorder()
      let chain = source.do(onCompleted: { throw marker })
      let succeeded = scheduler.start { chain }
      expectEqual(succeeded.events, [.next(200, 1), .completed(200)])
      // After the success, the thrown error cannot become a second outcome: it is reported.
      expectEqual(reported.reports(of: marker).count, 1)
      let empty = scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) { chain }
      expectEqual(empty.events, [.error(1200, marker)])
    }
  }

  @Test("releases what the handlers captured when the Maybe ends")
  func release() {
    weak var weakTracked: Tracked?
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      do {
        let tracked = Tracked()
        weakTracked = tracked
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(210)])
        let res = scheduler.start {
          xs.maybe.do(
            onNext: { [tracked] _ in _ = tracked }, onCompleted: { [tracked] in _ = tracked })
        }
        expectEqual(res.events, [.next(210, 1), .completed(210)])
      }
    }
    #expect(weakTracked == nil)
  }
}
