import Dispatch
import ObservableCore
import ObservableTesting
import Testing

/// Each marble diagram in the documentation of a time-based operator, checked on a
/// `TestScheduler` where one character is one tick.
@Suite("The marble diagrams in the documentation")
struct TimeOperatorDiagramTests {
  private let digits = Dictionary(uniqueKeysWithValues: (0...9).map { ("\($0)", $0) })

  @Test("timer and interval")
  func timerAndInterval() {
    withLeakChecking {
      let oneShot = TestScheduler(initialClock: 0)
      oneShot.expectMarbles(
        Observable<Int>.timer(.seconds(3), scheduler: oneShot), "---[0|]", values: digits)
      let periodic = TestScheduler(initialClock: 0)
      periodic.expectMarbles(
        Observable<Int>.timer(.seconds(3), period: .seconds(2), scheduler: periodic),
        "---0-1-2-3", values: digits, disposed: 10)
      let interval = TestScheduler(initialClock: 0)
      interval.expectMarbles(
        Observable<Int>.interval(.seconds(2), scheduler: interval), "--0-1-2-3",
        values: digits, disposed: 9)
    }
  }

  @Test("just, of and from on a scheduler")
  func creation() {
    withLeakChecking {
      let just = TestScheduler(initialClock: 0)
      just.expectMarbles(Observable.just(1, scheduler: just), "-1|", values: digits)
      let of = TestScheduler(initialClock: 0)
      of.expectMarbles(Observable.of(1, 2, 3, scheduler: of), "-123|", values: digits)
      let from = TestScheduler(initialClock: 0)
      from.expectMarbles(Observable.from(1...3, scheduler: from), "-123|", values: digits)
    }
  }

  @Test("debounce")
  func debounce() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let source = scheduler.createHotObservable(marbles: "-a-b-----c--d---|")
      scheduler.expectMarbles(
        source.debounce(.seconds(3), scheduler: scheduler), "------b--------d|")
    }
  }

  @Test("throttle, latest and not latest")
  func throttle() {
    withLeakChecking {
      let latest = TestScheduler(initialClock: 0)
      let source = latest.createHotObservable(marbles: "-123------456-----|")
      latest.expectMarbles(
        source.throttle(.seconds(4), scheduler: latest), "-1---3----4---6---|")
      let notLatest = TestScheduler(initialClock: 0)
      let again = notLatest.createHotObservable(marbles: "-123------456-----|")
      notLatest.expectMarbles(
        again.throttle(.seconds(4), latest: false, scheduler: notLatest), "-1--------4-------|")
    }
  }

  @Test("delay")
  func delay() {
    withLeakChecking {
      let completing = TestScheduler(initialClock: 0)
      let source = completing.createHotObservable(marbles: "-1-2-3-|")
      completing.expectMarbles(source.delay(.seconds(2), scheduler: completing), "---1-2-3-|")
      let failing = TestScheduler(initialClock: 0)
      let failingSource = failing.createHotObservable(marbles: "-1-2-#")
      failing.expectMarbles(failingSource.delay(.seconds(2), scheduler: failing), "---1-#")
    }
  }

  @Test("delaySubscription")
  func delaySubscription() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let source = scheduler.createColdObservable(marbles: "--1-2-|")
      scheduler.expectMarbles(
        source.delaySubscription(.seconds(3), scheduler: scheduler), "---  --1-2-|")
    }
  }

  @Test("timeout, with and without other")
  func timeout() {
    withLeakChecking {
      let failing = TestScheduler(initialClock: 0)
      let source = failing.createHotObservable(marbles: "-1--2-------3-|")
      failing.expectMarbles(
        source.timeout(.seconds(4), scheduler: failing), "-1--2---#", error: RxError.timeout)
      let switching = TestScheduler(initialClock: 0)
      let again = switching.createHotObservable(marbles: "-1--2-------3-|")
      let other = switching.createColdObservable(marbles: "a-b-|")
      switching.expectMarbles(
        again.timeout(.seconds(4), other: other, scheduler: switching), "-1--2---a-b-|")
    }
  }

  @Test("sample")
  func sample() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let source = scheduler.createHotObservable(marbles: "-1-2---3-4-5--|")
      let sampler = scheduler.createHotObservable(marbles: "----x-x---x--x---x|")
      scheduler.expectMarbles(source.sample(sampler), "----2-----4--5---|")
    }
  }

  @Test("buffer")
  func buffer() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let source = scheduler.createHotObservable(marbles: "-1-2-3-4-----5-|")
      scheduler.expectMarbles(
        source.buffer(timeSpan: .seconds(6), count: 3, scheduler: scheduler),
        "-----a-----b---[c|]", values: ["a": ["1", "2", "3"], "b": ["4"], "c": ["5"]])
    }
  }

  @Test("window")
  func window() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let source = scheduler.createHotObservable(marbles: "-1-2-3-4-----5-|")
      let names = ["a", "b", "c"]
      let windows = Box<[(name: String, opened: Int, events: TestableObserver<String>)]>([])
      let outer = source.window(timeSpan: .seconds(6), count: 3, scheduler: scheduler)
        .map { window -> String in
          let index = windows.value.count
          let observer = scheduler.createObserver(String.self)
          _ = window.subscribe(observer)
          windows.mutate { $0.append((names[index], scheduler.clock, observer)) }
          return names[index]
        }
      scheduler.expectMarbles(outer, "a----b-----c---|")
      let inner = ["-1-2-[3|]", "--4---|", "--5-|"]
      for (window, expected) in zip(windows.value, inner) {
        let relative = window.events.events.map {
          Recorded(time: $0.time - window.opened, value: $0.value)
        }
        #expect(relative == scheduler.recordedEvents(marbles: expected), "window \(window.name)")
      }
    }
  }

  @Test("take(for:) and skip(for:)")
  func takeAndSkip() {
    withLeakChecking {
      let taking = TestScheduler(initialClock: 0)
      let source = taking.createHotObservable(marbles: "-1-2-3-4-|")
      taking.expectMarbles(source.take(for: .seconds(4), scheduler: taking), "-1-2|")
      let skipping = TestScheduler(initialClock: 0)
      let again = skipping.createHotObservable(marbles: "-1-2-3-4-|")
      skipping.expectMarbles(again.skip(for: .seconds(4), scheduler: skipping), "-----3-4-|")
    }
  }
}
