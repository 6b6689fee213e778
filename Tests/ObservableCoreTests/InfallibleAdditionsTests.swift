import ObservableCore
import ObservableTesting
import Testing

extension TestableObservable {
  /// The test source as an `Infallible`, so that its subscription windows are visible.
  fileprivate var infallible: Infallible<Element> { Infallible(raw: asObservable()) }
}

/// Strips the timestamp from a debug line after checking its shape.
private func content(_ line: String) -> String {
  let parts = line.split(separator: ": ", maxSplits: 1)
  guard parts.count == 2, parts[0].count == 23 else { return "malformed: \(line)" }
  return String(parts[1])
}

@Suite("Infallible: debug, subscribe(_:), of/from on a scheduler, concat, take/skip(until:)")
struct InfallibleAdditionsTests {
  // MARK: subscribe(_:)

  @Test("subscribe(_:) delivers each element, then completion")
  func subscribeEvents() {
    withLeakChecking {
      let log = Box<[String]>([])
      let disposable = Infallible.of(1, 2).subscribe { event in
        switch event {
        case .next(let value): log.mutate { $0.append("next \(value)") }
        case .completed: log.mutate { $0.append("completed") }
        }
      }
      disposable.dispose()
      expectEqual(log.value, ["next 1", "next 2", "completed"])
    }
  }

  @Test("subscribe(_:): an Infallible that breaks its contract reports the error to Hooks")
  func subscribeContractBreach() {
    withLeakChecking {
      let marker = TestError(id: 5151)
      let reported = UnhandledErrors.recorder()
      let log = Box<[String]>([])
      _ = Infallible<Int>(raw: .error(marker)).subscribe { _ in log.mutate { $0.append("event") } }
      expectEqual(log.value, [])
      #expect(reported.value.contains("\(marker)"))
    }
  }

  @Test("subscribe(_:): disposing stops the events and releases the closure")
  func subscribeDispose() {
    weak var weakTracked: Tracked?
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .next(300, 2), .completed(400)])
      let log = Box<[Int]>([])
      do {
        let tracked = Tracked()
        weakTracked = tracked
        let subscription = xs.infallible.subscribe { [tracked] event in
          _ = tracked
          if case .next(let value) = event { log.mutate { $0.append(value) } }
        }
        scheduler.scheduleAt(250) { subscription.dispose() }
        scheduler.start()
      }
      expectEqual(log.value, [1])
      expectEqual(xs.subscriptions, [Subscription(0, 250)])
    }
    #expect(weakTracked == nil)
  }

  @Test("InfallibleEvent converts to Event, so dematerialize unwraps it")
  func eventConvertible() {
    withLeakChecking {
      expectEqual(InfallibleEvent.next(1).event, .next(1))
      expectEqual(InfallibleEvent<Int>.completed.event, .completed)
      let scheduler = TestScheduler(initialClock: 0)
      let res = scheduler.start {
        Observable.of(InfallibleEvent.next(1), .next(2), .completed).dematerialize()
      }
      expectEqual(res.events, [.next(200, 1), .next(200, 2), .completed(200)])
    }
  }

  // MARK: debug

  @Test("debug logs the subscription, each event and the disposal")
  func debug() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])
      let lines = Box<[String]>([])
      let res = scheduler.start {
        xs.infallible.debug("inf", logger: { line in lines.mutate { $0.append(line) } })
      }
      expectEqual(res.events, [.next(210, 1), .completed(300)])
      expectEqual(xs.subscriptions, [Subscription(200, 300)])
      expectEqual(
        lines.value.map(content),
        [
          "inf -> subscribed", "inf -> Event next(1)", "inf -> Event completed",
          "inf -> isDisposed",
        ])
      let hooked = Box<[String]>([])
      let previous = Hooks.debugLogger
      Hooks.debugLogger = { line in
        if line.contains("inf-hooked") { hooked.mutate { $0.append(line) } }
      }
      _ = Infallible.just(3).debug("inf-hooked").subscribe()
      Hooks.debugLogger = previous
      expectEqual(hooked.value.count, 4)
    }
  }

  // MARK: of and from on a scheduler

  @Test("of and from with a scheduler deliver one event per scheduled step")
  func scheduledCreation() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let of = scheduler.start { Infallible.of(1, 2, scheduler: scheduler) }
      expectEqual(of.events, [.next(201, 1), .next(202, 2), .completed(203)])
      let array = scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) {
        Infallible.from([3, 4], scheduler: scheduler)
      }
      expectEqual(array.events, [.next(1201, 3), .next(1202, 4), .completed(1203)])
      let range = scheduler.start(created: 2100, subscribed: 2200, disposed: 2202) {
        Infallible.from(1..., scheduler: scheduler)
      }
      expectEqual(range.events, [.next(2201, 1)])
    }
  }

  // MARK: concat

  @Test("concat subscribes to each Infallible when the previous one completes")
  func concat() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createColdObservable([.next(10, 1), .completed(20)])
      let ys = scheduler.createColdObservable([.next(10, 2), .completed(20)])
      let res = scheduler.start { Infallible.concat(xs.infallible, ys.infallible) }
      expectEqual(res.events, [.next(210, 1), .next(230, 2), .completed(240)])
      expectEqual(xs.subscriptions, [Subscription(200, 220)])
      expectEqual(ys.subscriptions, [Subscription(220, 240)])

      let fromArray = scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) {
        Infallible.concat([Infallible.just(1), .just(2)])
      }
      expectEqual(fromArray.events, [.next(1200, 1), .next(1200, 2), .completed(1200)])
      let fromSequence = scheduler.start(created: 2100, subscribed: 2200, disposed: 3000) {
        Infallible.concat(AnySequence([Infallible.just(3), .just(4)]))
      }
      expectEqual(fromSequence.events, [.next(2200, 3), .next(2200, 4), .completed(2200)])
    }
  }

  @Test("concat: disposing disposes the running source, and the next one never starts")
  func concatDispose() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createColdObservable([.next(10, 1), .completed(100)])
      let ys = scheduler.createColdObservable([.next(10, 2), .completed(20)])
      let res = scheduler.start(disposed: 250) {
        Infallible.concat([xs.infallible, ys.infallible])
      }
      expectEqual(res.events, [.next(210, 1)])
      expectEqual(xs.subscriptions, [Subscription(200, 250)])
      expectEqual(ys.subscriptions, [])
    }
  }

  // MARK: take(until:) and skip(until:) with a sequence that may fail

  @Test("take(until:) with an Observable completes at its first element")
  func takeUntilObservable() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .completed(300)])
      let other = scheduler.createHotObservable([.next(225, "stop")])
      let res = scheduler.start { xs.infallible.take(until: other.asObservable()) }
      expectEqual(res.events, [.next(210, 1), .completed(225)])
      expectEqual(xs.subscriptions, [Subscription(200, 225)])
      expectEqual(other.subscriptions, [Subscription(200, 225)])
    }
  }

  @Test("take(until:) with an Observable: its error goes to Hooks and the elements keep coming")
  func takeUntilObservableError() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let marker = TestError(id: 6161)
      let reported = UnhandledErrors.recorder()
      let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .completed(300)])
      let other = scheduler.createHotObservable([.error(220, marker, String.self)])
      let res = scheduler.start { xs.infallible.take(until: other.asObservable()) }
      expectEqual(res.events, [.next(210, 1), .next(230, 2), .completed(300)])
      expectEqual(other.subscriptions, [Subscription(200, 220)])
      #expect(reported.value.contains("\(marker)"))
    }
  }

  @Test("skip(until:) with an Observable starts at its first element; its error goes to Hooks")
  func skipUntilObservable() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .completed(300)])
      let other = scheduler.createHotObservable([.next(220, "go")])
      let res = scheduler.start { xs.infallible.skip(until: other.asObservable()) }
      expectEqual(res.events, [.next(230, 2), .completed(300)])
      expectEqual(xs.subscriptions, [Subscription(200, 300)])

      let marker = TestError(id: 6262)
      let reported = UnhandledErrors.recorder()
      let ys = scheduler.createHotObservable([.next(1210, 1), .completed(1300)])
      let failing = scheduler.createHotObservable([.error(1220, marker, String.self)])
      let skipped = scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) {
        ys.infallible.skip(until: failing.asObservable())
      }
      // As with `other` completing empty, the gate never opens: the source's completion ends
      // the subscription without an event, as the Observable `skip(until:)` does.
      expectEqual(skipped.events, [])
      expectEqual(ys.subscriptions, [Subscription(1200, 1300)])
      expectEqual(failing.subscriptions, [Subscription(1200, 1220)])
      #expect(reported.value.contains("\(marker)"))
    }
  }
}
