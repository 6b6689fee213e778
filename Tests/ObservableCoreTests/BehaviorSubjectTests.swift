import Dispatch
import ObservableCore
import ObservableTesting
import Testing

@Suite("BehaviorSubject")
struct BehaviorSubjectTests {
  @Test("a subscriber receives the current value, then later events")
  func currentValueThenLater() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let subject = BehaviorSubject(value: 100)
      scheduler.scheduleAt(150) { subject.onNext(1) }
      scheduler.scheduleAt(190) { subject.onNext(2) }
      scheduler.scheduleAt(210) { subject.onNext(3) }
      scheduler.scheduleAt(300) { subject.onCompleted() }
      scheduler.scheduleAt(310) { subject.onNext(4) }
      let res = scheduler.start { subject.asObservable() }
      expectEqual(res.events, [.next(200, 2), .next(210, 3), .completed(300)])
    }
  }

  @Test("the first subscriber receives the initial value")
  func initialValue() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let subject = BehaviorSubject(value: 100)
      scheduler.scheduleAt(250) { subject.onNext(1) }
      let res = scheduler.start(disposed: 400) { subject.asObservable() }
      expectEqual(res.events, [.next(200, 100), .next(250, 1)])
    }
  }

  @Test("forwards an error to current subscribers")
  func error() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let subject = BehaviorSubject(value: 0)
      scheduler.scheduleAt(210) { subject.onNext(1) }
      scheduler.scheduleAt(220) { subject.onError(testError) }
      scheduler.scheduleAt(230) { subject.onNext(2) }
      let res = scheduler.start { subject.asObservable() }
      expectEqual(res.events, [.next(200, 0), .next(210, 1), .error(220, testError)])
    }
  }

  @Test("value() returns the latest element, even after completion")
  func valueAfterCompletion() throws {
    let subject = BehaviorSubject(value: 1)
    #expect(try subject.value() == 1)
    subject.onNext(2)
    #expect(try subject.value() == 2)
    subject.onCompleted()
    subject.onNext(3)
    #expect(try subject.value() == 2)
  }

  @Test("value() rethrows the error the subject failed with")
  func valueAfterError() {
    let subject = BehaviorSubject(value: 1)
    subject.onError(testError)
    #expect(throws: TestError.self) { try subject.value() }
  }

  @Test("value() throws RxError.disposed after dispose")
  func valueAfterDispose() {
    let subject = BehaviorSubject(value: 1)
    subject.dispose()
    #expect(subject.isDisposed)
    #expect(throws: RxError.disposed(object: "BehaviorSubject")) { try subject.value() }
  }

  @Test("a subscriber after completion receives only the completion")
  func lateSubscriberAfterCompletion() {
    withLeakChecking {
      let subject = BehaviorSubject(value: 1)
      subject.onNext(2)
      subject.onCompleted()
      let observer = TestableObserver<Int>()
      _ = subject.subscribe(observer)
      expectEqual(observer.events, [.completed(0)])
      #expect(!subject.hasObservers)
    }
  }

  @Test("a subscriber after an error receives only the error")
  func lateSubscriberAfterError() {
    withLeakChecking {
      let subject = BehaviorSubject(value: 1)
      subject.onError(testError)
      let observer = TestableObserver<Int>()
      _ = subject.subscribe(observer)
      expectEqual(observer.events, [.error(0, testError)])
    }
  }

  @Test("after dispose, events are ignored and subscribers fail with RxError.disposed")
  func disposedSubject() {
    withLeakChecking {
      let subject = BehaviorSubject(value: 1)
      let before = TestableObserver<Int>()
      let subscription = subject.subscribe(before)
      subject.dispose()
      subject.onNext(2)
      expectEqual(before.events, [.next(0, 1)])
      #expect(!subject.hasObservers)
      let after = TestableObserver<Int>()
      _ = subject.subscribe(after)
      expectEqual(after.events, [.error(0, RxError.disposed(object: "BehaviorSubject"))])
      subscription.dispose()
    }
  }

  @Test("disposing a subscription removes its observer")
  func disposeSubscription() {
    withLeakChecking {
      let subject = BehaviorSubject(value: 0)
      let observer = TestableObserver<Int>()
      let subscription = subject.subscribe(observer)
      #expect(subject.hasObservers)
      subject.onNext(1)
      subscription.dispose()
      subject.onNext(2)
      #expect(!subject.hasObservers)
      expectEqual(observer.elements, [0, 1])
    }
  }

  @Test("an observer may send into the subject from onNext; events stay in order")
  func reentrantSend() {
    withLeakChecking {
      let subject = BehaviorSubject(value: 0)
      let first = TestableObserver<Int>()
      let second = TestableObserver<Int>()
      let a = subject.subscribe(onNext: { value in
        first.onNext(value)
        if value == 1 || value == 2 { subject.onNext(value + 1) }
      })
      let b = subject.subscribe(second)
      subject.onNext(1)
      expectEqual(first.elements, [0, 1, 2, 3])
      expectEqual(second.elements, [0, 1, 2, 3])
      expectEqual((try? subject.value()), 3)
      a.dispose()
      b.dispose()
    }
  }

  @Test("subscribing from onNext replays the value current at that point, with no duplicate")
  func reentrantSubscribeAfterSend() {
    withLeakChecking {
      let subject = BehaviorSubject(value: 0)
      let late = TestableObserver<Int>()
      let lateSubscription = Box<(any Disposable)?>(nil)
      let outer = subject.subscribe(onNext: { value in
        guard value == 1 else { return }
        // The event 2 is queued before the subscription, so it must arrive only as the replay.
        subject.onNext(2)
        lateSubscription.value = subject.subscribe(late)
      })
      subject.onNext(1)
      subject.onNext(3)
      expectEqual(late.elements, [2, 3])
      outer.dispose()
      lateSubscription.value?.dispose()
      lateSubscription.value = nil
    }
  }

  @Test("subscribing from onNext, then sending, delivers the replay before the event")
  func reentrantSubscribeBeforeSend() {
    withLeakChecking {
      let subject = BehaviorSubject(value: 0)
      let late = TestableObserver<Int>()
      let lateSubscription = Box<(any Disposable)?>(nil)
      let outer = subject.subscribe(onNext: { value in
        guard value == 1 else { return }
        lateSubscription.value = subject.subscribe(late)
        #expect(subject.hasObservers)
        subject.onNext(2)
      })
      subject.onNext(1)
      expectEqual(late.elements, [1, 2])
      outer.dispose()
      lateSubscription.value?.dispose()
      lateSubscription.value = nil
    }
  }

  @Test("an observer may dispose its subscription while receiving the replay")
  func disposeDuringReplay() {
    withLeakChecking {
      let subject = BehaviorSubject(value: 7)
      let observer = TestableObserver<Int>()
      // take(1) disposes the subscription from inside the replayed onNext.
      _ = subject.take(1).subscribe(observer)
      expectEqual(observer.events, [.next(0, 7), .completed(0)])
      #expect(!subject.hasObservers)
      subject.onNext(8)
    }
  }

  @Test(
    "subscribing from onNext replays at once, as RxSwift; disposing at once leaves no observer behind"
  )
  func subscribeAndDisposeFromOnNext() {
    withLeakChecking {
      let subject = BehaviorSubject(value: 0)
      let late = TestableObserver<Int>()
      let outer = subject.subscribe(onNext: { value in
        guard value == 1 else { return }
        subject.subscribe(late).dispose()
      })
      subject.onNext(1)
      subject.onNext(2)
      expectEqual(late.events, [.next(0, 1)])
      outer.dispose()
      #expect(!subject.hasObservers)
    }
  }

  @Test(
    "a subscriber joining while another thread delivers gets its replay inside subscribe, as RxSwift, then only later events"
  )
  func joinWhileAnotherThreadDelivers() {
    withLeakChecking {
      let subject = BehaviorSubject(value: 0)
      let delivering = DispatchSemaphore(value: 0)
      let resume = DispatchSemaphore(value: 0)
      let sent = DispatchSemaphore(value: 0)
      let first = subject.subscribe(onNext: { value in
        guard value == 1 else { return }
        delivering.signal()
        resume.wait()
      })
      DispatchQueue.global().async {
        // Delivers 1, and stays inside the first observer until resumed; then delivers the 2
        // queued meanwhile.
        subject.onNext(1)
        sent.signal()
      }
      delivering.wait()
      // Queued behind the delivery in progress: the value is 2 from now on.
      subject.onNext(2)
      let late = TestableObserver<Int>()
      let lateSubscription = subject.subscribe(late)
      // The replay arrives inside subscribe, while the other thread is still delivering.
      expectEqual(late.events, [.next(0, 2)])
      resume.signal()
      sent.wait()
      // The queued 2 was sent before the subscription: it is not delivered to it again.
      expectEqual(late.events, [.next(0, 2)])
      subject.onNext(3)
      expectEqual(late.events, [.next(0, 2), .next(0, 3)])
      first.dispose()
      lateSubscription.dispose()
    }
  }

  @Test("releases observers after dispose, after completion and after unsubscribing")
  func releasesObservers() {
    weak var afterDispose: Tracked?
    weak var afterCompletion: Tracked?
    weak var afterUnsubscribe: Tracked?
    withLeakChecking {
      let disposed = BehaviorSubject(value: 0)
      let completed = BehaviorSubject(value: 0)
      let kept = BehaviorSubject(value: 0)
      do {
        let a = Tracked()
        let b = Tracked()
        let c = Tracked()
        afterDispose = a
        afterCompletion = b
        afterUnsubscribe = c
        _ = disposed.subscribe(onNext: { _ in _ = a })
        _ = completed.subscribe(onNext: { _ in _ = b })
        kept.subscribe(onNext: { _ in _ = c }).dispose()
      }
      disposed.dispose()
      completed.onCompleted()
      #expect(afterDispose == nil)
      #expect(afterCompletion == nil)
      #expect(afterUnsubscribe == nil)
    }
  }

  @Test(
    "concurrent senders and subscribers: each subscriber gets its replay, then a gap-free suffix")
  func concurrentSendAndSubscribe() async {
    let subject = BehaviorSubject(value: -1)
    let outcome = await SubjectStressHarness.run(
      send: { subject.onNext($0) },
      subscribe: { subject.subscribe($0) }
    )
    expectEqual(outcome.reference.first, -1)
    SubjectStressHarness.expectAllSent(Array(outcome.reference.dropFirst()), outcome.sent)
    for received in outcome.churned {
      // The replay is the element just before the slice's remainder in the global order.
      SubjectStressHarness.expectSlice(received, of: outcome.reference)
    }
    #expect(outcome.churned.count >= 40)
    #expect(!subject.hasObservers)
  }
}
