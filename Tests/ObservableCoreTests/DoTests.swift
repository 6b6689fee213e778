import ObservableCore
import ObservableTesting
import Testing

@Suite("do")
struct DoTests {
  @Test("runs the handlers around each event, in order, without changing the events")
  func order() {
    withLeakChecking {
      let log = Box<[String]>([])
      let subject = PublishSubject<Int>()
      let source = subject.do(
        onNext: { value in log.mutate { $0.append("onNext \(value)") } },
        afterNext: { value in log.mutate { $0.append("afterNext \(value)") } },
        onCompleted: { log.mutate { $0.append("onCompleted") } },
        afterCompleted: { log.mutate { $0.append("afterCompleted") } },
        onSubscribe: { log.mutate { $0.append("onSubscribe") } },
        onSubscribed: { log.mutate { $0.append("onSubscribed \(subject.hasObservers)") } },
        onDispose: { log.mutate { $0.append("onDispose \(subject.hasObservers)") } })
      _ = source.subscribe(
        onNext: { value in log.mutate { $0.append("next \(value)") } },
        onCompleted: { log.mutate { $0.append("completed") } })
      subject.onNext(1)
      subject.onCompleted()
      expectEqual(
        log.value,
        [
          "onSubscribe", "onSubscribed true", "onNext 1", "next 1", "afterNext 1",
          "onCompleted", "completed", "afterCompleted", "onDispose false",
        ])
    }
  }

  @Test("runs the error handlers around an upstream error")
  func upstreamError() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .error(220, testError)])
      let log = Box<[String]>([])
      let res = scheduler.start {
        xs.do(
          onError: { _ in log.mutate { $0.append("onError") } },
          afterError: { _ in log.mutate { $0.append("afterError") } },
          onDispose: { log.mutate { $0.append("onDispose \(scheduler.clock)") } })
      }
      expectEqual(res.events, [.next(210, 1), .error(220, testError)])
      expectEqual(xs.subscriptions, [Subscription(200, 220)])
      expectEqual(log.value, ["onError", "afterError", "onDispose 220"])
    }
  }

  @Test("a throwing onNext or afterNext fails the sequence and disposes upstream")
  func throwingNextHandlers() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([
        .next(210, 1), .next(220, 2), .next(230, 3), .completed(300),
      ])
      let res = scheduler.start {
        xs.do(onNext: { value in if value == 2 { throw testError } })
      }
      expectEqual(res.events, [.next(210, 1), .error(220, testError)])
      expectEqual(xs.subscriptions, [Subscription(200, 220)])
      let ys = scheduler.createHotObservable([.next(1210, 1), .next(1220, 2), .completed(1300)])
      let after = scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) {
        ys.do(afterNext: { _ in throw testError })
      }
      expectEqual(after.events, [.next(1210, 1), .error(1210, testError)])
      expectEqual(ys.subscriptions, [Subscription(1200, 1210)])
    }
  }

  @Test("a throwing onError or onCompleted replaces the terminal event with its error")
  func throwingTerminalHandlers() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let other = TestError(id: 2)
      let res = scheduler.start {
        Observable<Int>.error(testError).do(onError: { _ in throw other })
      }
      expectEqual(res.events, [.error(200, other)])
      let completed = scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) {
        Observable<Int>.empty().do(onCompleted: { throw other })
      }
      expectEqual(completed.events, [.error(1200, other)])
    }
  }

  @Test("an error thrown after the terminal event goes to Hooks.defaultErrorHandler")
  func throwingAfterTerminal() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let reported = UnhandledErrors.recorder()
      let marker = TestError(id: 77)
      let res = scheduler.start {
        Observable<Int>.empty().do(afterCompleted: { throw marker })
      }
      expectEqual(res.events, [.completed(200)])
      #expect(reported.value.contains("\(marker)"))
    }
  }

  @Test("disposing downstream disposes upstream, then runs onDispose once")
  func dispose() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .next(290, 2), .completed(400)])
      let log = Box<[String]>([])
      let res = scheduler.start(disposed: 250) {
        xs.do(onDispose: { log.mutate { $0.append("onDispose \(xs.subscriptions)") } })
      }
      expectEqual(res.events, [.next(210, 1)])
      expectEqual(xs.subscriptions, [Subscription(200, 250)])
      expectEqual(log.value, ["onDispose \([Subscription(200, 250)])"])
    }
  }

  @Test("an observer may emit into the source, subscribe and dispose from inside onNext")
  func reentrancy() {
    withLeakChecking {
      let subject = PublishSubject<Int>()
      let seen = Box<[Int]>([])
      let source = subject.do(onNext: { value in seen.mutate { $0.append(value) } })
      let received = Box<[Int]>([])
      let subscription = Box<(any Disposable)?>(nil)
      subscription.value = source.subscribe(onNext: { value in
        received.mutate { $0.append(value) }
        if value == 1 {
          _ = source.take(1).subscribe()
          subject.onNext(2)
        } else {
          subscription.value?.dispose()
        }
      })
      subject.onNext(1)
      subject.onNext(3)
      expectEqual(received.value, [1, 2])
      expectEqual(seen.value, [1, 2, 2])
      #expect(!subject.hasObservers)
      subscription.value = nil
    }
  }

  @Test("releases the handlers' captures after termination")
  func releasesCaptures() {
    weak var weakTracked: Tracked?
    withLeakChecking {
      let tracked = Tracked()
      weakTracked = tracked
      let subject = PublishSubject<Int>()
      let subscription = subject.do(
        onNext: { [tracked] _ in _ = tracked },
        onDispose: { [tracked] in _ = tracked }
      ).subscribe()
      subject.onNext(1)
      subject.onCompleted()
      _ = subscription
    }
    #expect(weakTracked == nil)
  }
}
