import ObservableCore
import ObservableTesting
import Testing

/// Strips the timestamp from a debug line after checking its shape.
private func content(_ line: String) -> String {
  let parts = line.split(separator: ": ", maxSplits: 1)
  guard parts.count == 2, parts[0].count == 23 else { return "malformed: \(line)" }
  return String(parts[1])
}

@Suite("delaySubscription, observe(on:), subscribe(on:) and debug on traits")
struct TraitSchedulingTests {
  // MARK: delaySubscription

  @Test("delaySubscription subscribes to the Single after the delay")
  func delaySubscription() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createColdObservable([.next(50, 42), .completed(50)])
      let res = scheduler.start {
        Single(raw: xs.asObservable()).delaySubscription(.seconds(30), scheduler: scheduler)
      }
      expectEqual(res.events, [.next(280, 42), .completed(280)])
      expectEqual(xs.subscriptions, [Subscription(230, 280)])
    }
  }

  @Test("delaySubscription forwards the error of a Maybe and the completion of a Completable")
  func delaySubscriptionTerminal() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createColdObservable([.error(10, testError, Int.self)])
      let failed = scheduler.start {
        Maybe(raw: xs.asObservable()).delaySubscription(.seconds(30), scheduler: scheduler)
      }
      expectEqual(failed.events, [.error(240, testError)])
      expectEqual(xs.subscriptions, [Subscription(230, 240)])

      let work: TestableObservable<Never> = scheduler.createColdObservable([.completed(10)])
      let done = scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) {
        Completable(raw: work.asObservable()).delaySubscription(.seconds(5), scheduler: scheduler)
      }
      expectEqual(done.events, [.completed(1215)])
      expectEqual(work.subscriptions, [Subscription(1205, 1215)])
    }
  }

  @Test("delaySubscription: disposing before the delay never subscribes to the source")
  func delaySubscriptionDisposedEarly() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createColdObservable([.next(50, 42), .completed(50)])
      let res = scheduler.start(disposed: 220) {
        Single(raw: xs.asObservable()).delaySubscription(.seconds(30), scheduler: scheduler)
      }
      expectEqual(res.events, [])
      expectEqual(xs.subscriptions, [])
    }
  }

  // MARK: observe(on:)

  @Test("observe(on:) delivers the success as scheduled work, one event per step as in RxSwift")
  func observeOn() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .completed(210)])
      let res = scheduler.start { Single(raw: xs.asObservable()).observe(on: scheduler) }
      expectEqual(res.events, [.next(211, 1), .completed(212)])
      expectEqual(xs.subscriptions, [Subscription(200, 210)])
    }
  }

  @Test("observe(on:) delivers an error, and an empty Maybe's completion, as scheduled work")
  func observeOnTerminal() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.error(250, testError, Int.self)])
      let failed = scheduler.start { Single(raw: xs.asObservable()).observe(on: scheduler) }
      expectEqual(failed.events, [.error(251, testError)])
      expectEqual(xs.subscriptions, [Subscription(200, 250)])

      let ys: TestableObservable<Int> = scheduler.createHotObservable([.completed(1250)])
      let empty = scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) {
        Maybe(raw: ys.asObservable()).observe(on: scheduler)
      }
      expectEqual(empty.events, [.completed(1251)])
    }
  }

  @Test("observe(on:): disposing between the outcome and its delivery drops the outcome")
  func observeOnDisposeDrops() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      // The success arrives at 250 and is scheduled for delivery at 251, after the disposal
      // that was scheduled for 251 first.
      let xs = scheduler.createHotObservable([.next(250, 1), .completed(250)])
      let res = scheduler.start(disposed: 251) {
        Single(raw: xs.asObservable()).observe(on: scheduler)
      }
      expectEqual(res.events, [])
      expectEqual(xs.subscriptions, [Subscription(200, 250)])
    }
  }

  // MARK: subscribe(on:)

  @Test("subscribe(on:) subscribes and disposes the source as scheduled work")
  func subscribeOn() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(300, 1), .completed(300)])
      let res = scheduler.start { Single(raw: xs.asObservable()).subscribe(on: scheduler) }
      expectEqual(res.events, [.next(300, 1), .completed(300)])
      expectEqual(xs.subscriptions, [Subscription(201, 301)])

      let work: TestableObservable<Never> = scheduler.createHotObservable([.error(1300, testError)])
      let failed = scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) {
        Completable(raw: work.asObservable()).subscribe(on: scheduler)
      }
      expectEqual(failed.events, [.error(1300, testError)])
      expectEqual(work.subscriptions, [Subscription(1201, 1301)])
    }
  }

  @Test("subscribe(on:): disposing before the scheduled subscription never subscribes")
  func subscribeOnDisposedEarly() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
      let xs = scheduler.createHotObservable([.next(300, 1), .completed(300)])
      let subscriptions = Box(0)
      let res = scheduler.start(disposed: 200) {
        Maybe(raw: xs.asObservable()).do(onSubscribe: { subscriptions.value += 1 })
          .subscribe(on: scheduler)
      }
      expectEqual(res.events, [])
      expectEqual(subscriptions.value, 0)
      expectEqual(xs.subscriptions, [])
    }
  }

  // MARK: debug

  @Test("debug logs the subscription, the success as next and completed, and the disposal")
  func debugSingle() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .completed(210)])
      let lines = Box<[String]>([])
      let res = scheduler.start {
        Single(raw: xs.asObservable())
          .debug("single", logger: { line in lines.mutate { $0.append(line) } })
      }
      expectEqual(res.events, [.next(210, 1), .completed(210)])
      expectEqual(
        lines.value.map(content),
        [
          "single -> subscribed", "single -> Event next(1)", "single -> Event completed",
          "single -> isDisposed",
        ])
    }
  }

  @Test("debug logs an error, and a disposal before the outcome")
  func debugErrorAndDispose() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs: TestableObservable<Never> = scheduler.createHotObservable([.error(210, testError)])
      let lines = Box<[String]>([])
      let failed = scheduler.start {
        Completable(raw: xs.asObservable())
          .debug("work", logger: { line in lines.mutate { $0.append(line) } })
      }
      expectEqual(failed.events, [.error(210, testError)])
      expectEqual(
        lines.value.map(content),
        [
          "work -> subscribed", "work -> Event \(Event<Never>.error(testError).debugDescription)",
          "work -> isDisposed",
        ])

      let ys = scheduler.createHotObservable([.next(1300, 1), .completed(1300)])
      let disposedLines = Box<[String]>([])
      let disposed = scheduler.start(created: 1100, subscribed: 1200, disposed: 1250) {
        Maybe(raw: ys.asObservable())
          .debug("maybe", logger: { line in disposedLines.mutate { $0.append(line) } })
      }
      expectEqual(disposed.events, [])
      expectEqual(ys.subscriptions, [Subscription(1200, 1250)])
      expectEqual(disposedLines.value.map(content), ["maybe -> subscribed", "maybe -> isDisposed"])
    }
  }

  @Test("debug without a logger routes its lines through Hooks.debugLogger")
  func debugHook() {
    withLeakChecking {
      let lines = Box<[String]>([])
      let previous = Hooks.debugLogger
      Hooks.debugLogger = { line in
        if line.contains("trait-hooked") { lines.mutate { $0.append(line) } }
      }
      _ = Single.just(1).debug("trait-hooked").subscribe()
      Hooks.debugLogger = previous
      expectEqual(
        lines.value.map(content),
        [
          "trait-hooked -> subscribed", "trait-hooked -> Event next(1)",
          "trait-hooked -> Event completed", "trait-hooked -> isDisposed",
        ])
    }
  }

  @Test("debug's default identifier names the file and line of the call")
  func debugDefaultIdentifier() {
    withLeakChecking {
      let lines = Box<[String]>([])
      _ = Maybe<Int>.empty().debug(logger: { line in lines.mutate { $0.append(line) } })
        .subscribe()
      #expect((lines.value.first.map(content) ?? "").hasPrefix("TraitSchedulingTests.swift:"))
    }
  }

  @Test("the scheduling operators release what the chain captured once the outcome is in")
  func release() {
    weak var weakTracked: Tracked?
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      do {
        let tracked = Tracked()
        weakTracked = tracked
        let res = scheduler.start {
          Single.just(1)
            .delaySubscription(.seconds(5), scheduler: scheduler)
            .subscribe(on: scheduler)
            .observe(on: scheduler)
            .debug("release", logger: { [tracked] _ in _ = tracked })
        }
        expectEqual(res.events, [.next(207, 1), .completed(208)])
      }
    }
    #expect(weakTracked == nil)
  }
}
