import Dispatch
import ObservableCore
import ObservableTesting
import Testing

/// Counts calls that start while another call is still in progress.
private final class ExclusiveCheck: Sendable {
  private let inCall = _Atomic<Bool>(false)
  private let overlapCount = _Atomic<Int>(0)

  func begin() {
    if inCall.exchange(true, ordering: .sequentiallyConsistent) {
      overlapCount.add(1, ordering: .sequentiallyConsistent)
    }
  }

  func end() {
    inCall.store(false, ordering: .sequentiallyConsistent)
  }

  var overlaps: Int { overlapCount.load(ordering: .sequentiallyConsistent) }
}

@Suite("observe(on:)")
struct ObserveOnTests {
  @Test("delivers each event as scheduled work; upstream ends at its terminal event")
  func virtualTime() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([
        .next(150, 1), .next(210, 2), .next(250, 3), .completed(300),
      ])
      let res = scheduler.start { xs.observe(on: scheduler) }
      expectEqual(res.events, [.next(211, 2), .next(251, 3), .completed(301)])
      expectEqual(xs.subscriptions, [Subscription(200, 300)])
    }
  }

  @Test("forwards an error as scheduled work")
  func error() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 2), .error(250, testError)])
      let res = scheduler.start { xs.observe(on: scheduler) }
      expectEqual(res.events, [.next(211, 2), .error(251, testError)])
      expectEqual(xs.subscriptions, [Subscription(200, 250)])
    }
  }

  @Test("never")
  func never() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(150, 1)])
      let res = scheduler.start { xs.observe(on: scheduler) }
      expectEqual(res.events, [])
      expectEqual(xs.subscriptions, [Subscription(200, 1000)])
    }
  }

  @Test("on virtual time, a burst in one tick is delivered one event per step, as in RxSwift")
  func burstOnVirtualTime() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([
        .next(210, 1), .next(210, 2), .next(210, 3), .completed(210),
      ])
      let res = scheduler.start { xs.observe(on: scheduler) }
      expectEqual(res.events, [.next(211, 1), .next(212, 2), .next(213, 3), .completed(214)])
      expectEqual(xs.subscriptions, [Subscription(200, 210)])
    }
  }

  @Test("on virtual time, a synchronous source is delivered one event per step, as in RxSwift")
  func synchronousSourceOnVirtualTime() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let res = scheduler.start { Observable.of(1, 2).observe(on: scheduler) }
      expectEqual(res.events, [.next(201, 1), .next(202, 2), .completed(203)])
    }
  }

  @Test("on virtual time, an event arriving while others wait joins the queue behind them")
  func arrivalDuringStepsOnVirtualTime() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([
        .next(210, 1), .next(210, 2), .next(211, 3), .next(230, 4), .completed(230),
      ])
      let res = scheduler.start { xs.observe(on: scheduler) }
      expectEqual(
        res.events,
        [
          .next(211, 1), .next(212, 2), .next(213, 3), .next(231, 4), .completed(232),
        ])
    }
  }

  @Test("on virtual time, disposing between steps drops the events still waiting")
  func disposeBetweenStepsOnVirtualTime() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([
        .next(210, 1), .next(210, 2), .next(210, 3), .completed(210),
      ])
      let res = scheduler.start(disposed: 212) { xs.observe(on: scheduler) }
      expectEqual(res.events, [.next(211, 1)])
    }
  }

  @Test("on a real scheduler, a burst is one scheduled action, delivered in order")
  func burstIsOneActionOnRealScheduler() {
    withLeakChecking {
      let scheduler = ManualScheduler()
      let observer = TestableObserver<Int>()
      let subscription = Observable.of(1, 2, 3).observe(on: scheduler).subscribe(observer)
      expectEqual(scheduler.pendingCount, 1)
      scheduler.runAll()
      expectEqual(scheduler.runCount, 1)
      expectEqual(observer.events, [.next(0, 1), .next(0, 2), .next(0, 3), .completed(0)])
      subscription.dispose()
    }
  }

  @Test("disposing drops events that were not delivered yet")
  func disposeDropsQueued() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
      let res = scheduler.start(disposed: 220) { xs.observe(on: scheduler) }
      expectEqual(res.events, [.next(211, 1)])
      expectEqual(xs.subscriptions, [Subscription(200, 220)])
    }
  }

  @Test("an observer that disposes from inside onNext gets nothing more")
  func reentrantDispose() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let subject = PublishSubject<Int>()
      let received = Box<[Int]>([])
      let subscription = Box<(any Disposable)?>(nil)
      subscription.value = subject.observe(on: scheduler).subscribe(onNext: { value in
        received.mutate { $0.append(value) }
        subscription.value?.dispose()
      })
      scheduler.scheduleAt(10) {
        subject.onNext(1)
        subject.onNext(2)
      }
      scheduler.start()
      expectEqual(received.value, [1])
      #expect(!subject.hasObservers)
      subscription.value = nil
    }
  }

  @Test("an element sent from inside onNext is delivered after the current one")
  func reentrantEmit() {
    withLeakChecking {
      let subject = PublishSubject<Int>()
      let received = Box<[Int]>([])
      let depth = Box(0)
      let maxDepth = Box(0)
      let subscription = subject.observe(on: CurrentThreadScheduler.instance)
        .subscribe(onNext: { value in
          depth.mutate { $0 += 1 }
          maxDepth.value = max(maxDepth.value, depth.value)
          received.mutate { $0.append(value) }
          if value < 5 { subject.onNext(value + 1) }
          depth.mutate { $0 -= 1 }
        })
      subject.onNext(1)
      expectEqual(received.value, [1, 2, 3, 4, 5])
      expectEqual(maxDepth.value, 1)
      subscription.dispose()
    }
  }

  @Test("delivers on the scheduler's queue")
  func deliversOnQueue() async {
    await withLeakChecking {
      let key = DispatchSpecificKey<Int>()
      let queue = DispatchQueue(label: "observe-on-target")
      queue.setSpecific(key: key, value: 7)
      let scheduler = SerialDispatchQueueScheduler(
        queue: queue, internalSerialQueueName: "observe-on-serial")
      let seen = Box<[Int?]>([])
      let observer = TestableObserver<Int>()
      let subscription = Observable.of(1, 2, 3)
        .observe(on: scheduler)
        .peek(onNext: { _ in seen.mutate { $0.append(DispatchQueue.getSpecific(key: key)) } })
        .subscribe(observer)
      #expect(await observer.waitForTermination())
      expectEqual(observer.elements, [1, 2, 3])
      expectEqual(seen.value, [7, 7, 7])
      subscription.dispose()
    }
  }

  @Test(
    "100,000 events through a concurrent scheduler keep their order and never overlap",
    .dedicatedThreads)
  func stressConcurrentScheduler() async {
    await withLeakChecking {
      let scheduler = ConcurrentDispatchQueueScheduler(qos: .userInitiated)
      let count = 100_000
      let observer = TestableObserver<Int>()
      let detector = ExclusiveCheck()
      let outOfOrder = Box(0)
      let last = Box(-1)
      let source = PublishSubject<Int>()
      let subscription =
        source
        .observe(on: scheduler)
        .peek(onNext: { value in
          detector.begin()
          defer { detector.end() }
          if value != last.value + 1 { outOfOrder.mutate { $0 += 1 } }
          last.value = value
        })
        .subscribe(observer)
      // Two producer threads take turns through a lock, so upstream calls are serialized
      // but arrive from different threads, as they may in real code.
      let next = Box(0)
      await withTaskGroup(of: Void.self) { group in
        for _ in 0..<2 {
          group.addTask {
            while next.mutate({ next -> Bool in
              guard next < count else { return false }
              source.onNext(next)
              next += 1
              return true
            }) {}
          }
        }
      }
      source.onCompleted()
      #expect(await observer.waitForTermination(timeout: .seconds(60)))
      expectEqual(observer.elements.count, count)
      expectEqual(observer.elements, Array(0..<count))
      expectEqual(outOfOrder.value, 0)
      expectEqual(detector.overlaps, 0)
      #expect(observer.grammarViolations.isEmpty)
      subscription.dispose()
    }
  }

  @Test("releases queued elements and the subscriber after disposal")
  func releases() {
    weak var weakTracked: Tracked?
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let subject = PublishSubject<Tracked>()
      let subscription = subject.observe(on: scheduler).subscribe()
      do {
        let tracked = Tracked()
        weakTracked = tracked
        subject.onNext(tracked)
      }
      #expect(weakTracked != nil)
      subscription.dispose()
      scheduler.start()
    }
    #expect(weakTracked == nil)
  }
}

/// A real-time scheduler whose actions wait until the test runs them, counting them.
private final class ManualScheduler: ImmediateSchedulerType {
  private let pending = _Mutex<[@Sendable () -> Void]>([])
  private let runs = _Atomic<Int>(0)

  var pendingCount: Int { pending.withLock { $0.count } }
  var runCount: Int { runs.load(ordering: .relaxed) }

  func schedule<StateType: Sendable>(
    _ state: StateType, action: @escaping @Sendable (StateType) -> any Disposable
  ) -> any Disposable {
    pending.withLock { $0.append({ _ = action(state) }) }
    return Disposables.create()
  }

  /// Runs the waiting actions, and those they schedule, until none is left.
  func runAll() {
    while let next = pending.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) {
      runs.add(1, ordering: .relaxed)
      next()
    }
  }
}

extension ObserveOnTests {
  @Test(
    "on the main scheduler, called on the main queue with nothing pending, delivers within the send"
  )
  func mainSchedulerDeliversAtOnce() async {
    await withLeakChecking {
      let subject = PublishSubject<Int>()
      let observer = TestableObserver<Int>()
      let subscription = subject.observe(on: MainScheduler.instance).subscribe(observer)
      // Other tests may have work of the main scheduler pending at a given moment, and then
      // the event waits for it; some attempt finds the queue free.
      var deliveredWithinSend = false
      for attempt in 0..<1_000 where !deliveredWithinSend {
        deliveredWithinSend = await MainActor.run { () -> Bool in
          subject.onNext(attempt)
          return observer.elements.last == attempt
        }
      }
      #expect(deliveredWithinSend)
      subscription.dispose()
    }
  }

  @Test(
    "on the main scheduler, an event sent on the main queue behind one still scheduled from another thread is delivered after it"
  )
  func mainSchedulerKeepsOrderBehindScheduledDrain() async {
    await withLeakChecking {
      let subject = PublishSubject<Int>()
      let observer = TestableObserver<Int>()
      let subscription = subject.observe(on: MainScheduler.instance).subscribe(observer)
      let deliveredDuringSend = await MainActor.run { () -> [Int] in
        // From another thread, 1 schedules a drain on the main queue, which is busy with
        // this closure: the drain cannot run before it returns.
        DispatchQueue.global().sync { subject.onNext(1) }
        subject.onNext(2)
        return observer.elements
      }
      expectEqual(deliveredDuringSend, [])
      let delivered = await MainActor.run { observer.elements }
      expectEqual(delivered, [1, 2])
      subscription.dispose()
    }
  }

  @Test("on the main scheduler, disposing from inside onNext on the main queue stops delivery")
  func mainSchedulerDisposeInsideOnNext() async {
    await withLeakChecking {
      let subject = PublishSubject<Int>()
      let seen = Box<[Int]>([])
      let subscription = SingleAssignmentDisposable()
      subscription.setDisposable(
        subject.observe(on: MainScheduler.instance).subscribe(onNext: { value in
          seen.mutate { $0.append(value) }
          // The element sent from inside onNext was queued behind this one; disposing drops it.
          subject.onNext(value + 10)
          subscription.dispose()
        }))
      await MainActor.run {
        subject.onNext(1)
        subject.onNext(2)
      }
      expectEqual(seen.value, [1])
    }
  }
}

extension ObservableType {
  /// Calls `onNext` for each element, then forwards every event; a stand-in for `do(onNext:)`
  /// that these tests can use without depending on that operator.
  fileprivate func peek(onNext: @escaping @Sendable (Element) -> Void) -> Observable<Element> {
    let source = asObservable()
    return Observable.create { observer in
      source.subscribe { event in
        if case .next(let element) = event { onNext(element) }
        observer.on(event)
      }
    }
  }
}
