import ObservableCore
import ObservableTesting
import Testing

/// Subscribes to the groups of `source` at `subscribed`, recording each group's events in an
/// observer of its own as soon as the group is emitted, and disposes the outer subscription at
/// `disposed`.
private final class GroupRecorder: Sendable {
  let scheduler: TestScheduler
  let outer: TestableObserver<Int>
  let groups = Box<[Int: TestableObserver<Int>]>([:])
  let subscriptions = Box<[any Disposable]>([])
  let outerSubscription = Box<(any Disposable)?>(nil)

  init(_ scheduler: TestScheduler) {
    self.scheduler = scheduler
    outer = scheduler.createObserver(Int.self)
  }

  func start(
    _ source: Observable<GroupedObservable<Int, Int>>, at subscribed: TestTime = 200,
    disposeAt disposed: TestTime = 1000
  ) {
    scheduler.scheduleAt(subscribed) {
      self.outerSubscription.value = source.subscribe { event in
        switch event {
        case .next(let group):
          self.outer.on(.next(group.key))
          let observer = self.scheduler.createObserver(Int.self)
          self.groups.mutate { $0[group.key] = observer }
          let subscription = group.subscribe(observer)
          self.subscriptions.mutate { $0.append(subscription) }
        case .error(let error):
          self.outer.on(.error(error))
        case .completed:
          self.outer.on(.completed)
        }
      }
    }
    scheduler.scheduleAt(disposed) { self.outerSubscription.value?.dispose() }
  }

  func events(_ key: Int) -> [Recorded<Event<Int>>] {
    groups.value[key]?.events ?? []
  }

  func tearDown() {
    for subscription in subscriptions.value { subscription.dispose() }
    subscriptions.value = []
    outerSubscription.value = nil
    groups.value = [:]
  }
}

@Suite("groupBy")
struct GroupByTests {
  @Test("emits a group per key when its first element arrives, and completes with the source")
  func keys() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([
        .next(150, 9), .next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4),
        .completed(300),
      ])
      let res = scheduler.start { xs.groupBy { $0 % 2 }.map { $0.key } }
      expectEqual(res.events, [.next(210, 1), .next(220, 0), .completed(300)])
      expectEqual(xs.subscriptions, [Subscription(200, 300)])
    }
  }

  @Test("each group receives its elements, subscribed while it is delivered")
  func groupContents() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([
        .next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .next(250, 5),
        .completed(300),
      ])
      let res = scheduler.start {
        xs.groupBy { $0 % 2 }.flatMap { group in group.map { group.key * 100 + $0 } }
      }
      expectEqual(
        res.events,
        [
          .next(210, 101), .next(220, 2), .next(230, 103), .next(240, 4), .next(250, 105),
          .completed(300),
        ])
    }
  }

  @Test("completion goes to every group, then to the result")
  func completion() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([
        .next(210, 1), .next(220, 2), .next(230, 3), .completed(300),
      ])
      let recorder = GroupRecorder(scheduler)
      recorder.start(xs.groupBy { $0 % 2 })
      scheduler.start()
      expectEqual(recorder.outer.events, [.next(210, 1), .next(220, 0), .completed(300)])
      expectEqual(recorder.events(1), [.next(210, 1), .next(230, 3), .completed(300)])
      expectEqual(recorder.events(0), [.next(220, 2), .completed(300)])
      expectEqual(xs.subscriptions, [Subscription(200, 300)])
      recorder.tearDown()
    }
  }

  @Test("the groups' completions come before the result's")
  func completionOrder() {
    withLeakChecking {
      let subject = PublishSubject<Int>()
      let log = Box<[String]>([])
      let subscriptions = Box<[any Disposable]>([])
      let outer = subject.groupBy { $0 % 2 }.subscribe(
        onNext: { group in
          let subscription = group.subscribe(onCompleted: {
            log.mutate { $0.append("group \(group.key)") }
          })
          subscriptions.mutate { $0.append(subscription) }
        },
        onCompleted: { log.mutate { $0.append("outer") } })
      subject.onNext(1)
      subject.onNext(2)
      subject.onCompleted()
      expectEqual(log.value, ["group 1", "group 0", "outer"])
      outer.dispose()
      subscriptions.value = []
    }
  }

  @Test("an error goes to every group, then to the result")
  func error() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([
        .next(210, 1), .next(220, 2), .error(250, testError),
      ])
      let recorder = GroupRecorder(scheduler)
      recorder.start(xs.groupBy { $0 % 2 })
      scheduler.start()
      expectEqual(recorder.outer.events, [.next(210, 1), .next(220, 0), .error(250, testError)])
      expectEqual(recorder.events(1), [.next(210, 1), .error(250, testError)])
      expectEqual(recorder.events(0), [.next(220, 2), .error(250, testError)])
      expectEqual(xs.subscriptions, [Subscription(200, 250)])
      recorder.tearDown()
    }
  }

  @Test("a throwing key selector fails every group and the result, and disposes the source")
  func throwingKeySelector() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([
        .next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .completed(300),
      ])
      let recorder = GroupRecorder(scheduler)
      recorder.start(
        xs.groupBy { value -> Int in
          if value == 3 { throw testError }
          return value % 2
        })
      scheduler.start()
      expectEqual(recorder.outer.events, [.next(210, 1), .next(220, 0), .error(230, testError)])
      expectEqual(recorder.events(1), [.next(210, 1), .error(230, testError)])
      expectEqual(recorder.events(0), [.next(220, 2), .error(230, testError)])
      expectEqual(xs.subscriptions, [Subscription(200, 230)])
      recorder.tearDown()
    }
  }

  @Test("a group subscribed after its first element misses the elements already sent")
  func lateSubscriber() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([
        .next(210, 1), .next(220, 3), .next(230, 5), .completed(300),
      ])
      let groups = Box<[GroupedObservable<Int, Int>]>([])
      let late = scheduler.createObserver(Int.self)
      let subscriptions = Box<[any Disposable]>([])
      scheduler.scheduleAt(200) {
        let outer = xs.groupBy { $0 % 2 }.subscribe(onNext: { group in
          groups.mutate { $0.append(group) }
        })
        subscriptions.mutate { $0.append(outer) }
      }
      scheduler.scheduleAt(215) {
        guard let group = groups.value.first else { return }
        subscriptions.mutate { $0.append(group.subscribe(late)) }
      }
      scheduler.start()
      expectEqual(late.events, [.next(220, 3), .next(230, 5), .completed(300)])
      for subscription in subscriptions.value { subscription.dispose() }
      subscriptions.value = []
      groups.value = []
    }
  }

  @Test("a group subscribed after the source terminated receives the terminal event at once")
  func subscribedAfterTermination() {
    withLeakChecking {
      let subject = PublishSubject<Int>()
      let groups = Box<[GroupedObservable<Int, Int>]>([])
      let outer = subject.groupBy { $0 % 2 }.subscribe(onNext: { group in
        groups.mutate { $0.append(group) }
      })
      subject.onNext(1)
      subject.onError(testError)
      let events = Box<[Event<Int>]>([])
      let late = groups.value.first?.subscribe { event in events.mutate { $0.append(event) } }
      expectEqual(events.value, [.error(testError)])
      late?.dispose()
      outer.dispose()
      groups.value = []
    }
  }

  @Test("disposing the result with no group subscribed disposes the source at once")
  func disposeWithoutGroups() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
      let res = scheduler.start(disposed: 250) { xs.groupBy { $0 % 2 }.map { $0.key } }
      expectEqual(res.events, [.next(210, 1), .next(220, 0)])
      expectEqual(xs.subscriptions, [Subscription(200, 250)])
    }
  }

  @Test("disposing the result keeps the source while a group is subscribed, until it ends")
  func refCounting() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([
        .next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .next(250, 5),
        .next(260, 7), .completed(400),
      ])
      let odd = scheduler.createObserver(Int.self)
      let outer = Box<(any Disposable)?>(nil)
      let group = Box<(any Disposable)?>(nil)
      scheduler.scheduleAt(200) {
        outer.value = xs.groupBy { $0 % 2 == 0 ? 0 : $0 % 4 }.subscribe(onNext: { next in
          if next.key == 1 { group.value = next.subscribe(odd) }
        })
      }
      scheduler.scheduleAt(225) { outer.value?.dispose() }
      scheduler.scheduleAt(255) { group.value?.dispose() }
      scheduler.start()
      // Key 3 (at 230) is new after the outer subscription ended: dropped. Key 1 goes on.
      expectEqual(odd.events, [.next(210, 1), .next(250, 5)])
      expectEqual(xs.subscriptions, [Subscription(200, 255)])
      outer.value = nil
      group.value = nil
    }
  }

  @Test("the source stays subscribed until the last of several group subscriptions ends")
  func refCountingSeveralGroups() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([
        .next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .completed(400),
      ])
      let recorder = GroupRecorder(scheduler)
      recorder.start(xs.groupBy { $0 % 2 }, disposeAt: 225)
      scheduler.scheduleAt(235) { recorder.subscriptions.value.first?.dispose() }
      scheduler.scheduleAt(245) { recorder.subscriptions.value.last?.dispose() }
      scheduler.start()
      expectEqual(recorder.outer.events, [.next(210, 1), .next(220, 0)])
      expectEqual(recorder.events(1), [.next(210, 1), .next(230, 3)])
      expectEqual(recorder.events(0), [.next(220, 2), .next(240, 4)])
      expectEqual(xs.subscriptions, [Subscription(200, 245)])
      recorder.tearDown()
    }
  }

  @Test("a group subscription ending while the result is subscribed keeps the source")
  func groupDisposalKeepsSource() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([
        .next(210, 1), .next(220, 2), .next(230, 3), .completed(300),
      ])
      let recorder = GroupRecorder(scheduler)
      recorder.start(xs.groupBy { $0 % 2 })
      scheduler.scheduleAt(215) { recorder.subscriptions.value.first?.dispose() }
      scheduler.start()
      expectEqual(recorder.outer.events, [.next(210, 1), .next(220, 0), .completed(300)])
      expectEqual(recorder.events(1), [.next(210, 1)])
      expectEqual(xs.subscriptions, [Subscription(200, 300)])
      recorder.tearDown()
    }
  }

  @Test("a group observer may dispose the result from inside onNext")
  func reentrantDispose() {
    withLeakChecking {
      let subject = PublishSubject<Int>()
      let received = Box<[Int]>([])
      let outer = Box<(any Disposable)?>(nil)
      let groups = Box<[any Disposable]>([])
      outer.value = subject.groupBy { $0 % 2 }.subscribe(onNext: { group in
        let subscription = group.subscribe(onNext: { value in
          received.mutate { $0.append(value) }
          outer.value?.dispose()
        })
        groups.mutate { $0.append(subscription) }
      })
      subject.onNext(1)
      subject.onNext(2)
      subject.onNext(3)
      expectEqual(received.value, [1, 3])
      #expect(subject.hasObservers)
      for subscription in groups.value { subscription.dispose() }
      #expect(!subject.hasObservers)
      outer.value = nil
      groups.value = []
    }
  }

  @Test("releases the key selector's captures after termination and after disposal")
  func releasesCaptures() {
    weak var terminated: Tracked?
    weak var disposed: Tracked?
    withLeakChecking {
      let subject = PublishSubject<Int>()
      do {
        let tracked = Tracked()
        terminated = tracked
        let subscription = subject.groupBy { [tracked] value in
          _ = tracked
          return value
        }.subscribe(onNext: { group in _ = group.subscribe() })
        subject.onNext(1)
        subject.onCompleted()
        _ = subscription
      }
      let other = PublishSubject<Int>()
      let groupSubscription = Box<(any Disposable)?>(nil)
      let subscription: any Disposable
      do {
        let tracked = Tracked()
        disposed = tracked
        subscription = other.groupBy { [tracked] value in
          _ = tracked
          return value
        }.subscribe(onNext: { group in groupSubscription.value = group.subscribe() })
      }
      other.onNext(1)
      subscription.dispose()
      #expect(disposed != nil)
      groupSubscription.value?.dispose()
      #expect(disposed == nil)
      groupSubscription.value = nil
    }
    #expect(terminated == nil)
  }
}
