import Dispatch
import ObservableCore
import ObservableTesting
import Testing

@Suite("PublishSubject")
struct PublishSubjectTests {
  @Test("delivers only events sent after subscribing")
  func onlyLaterEvents() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let subject = PublishSubject<Int>()
      scheduler.scheduleAt(150) { subject.onNext(1) }
      scheduler.scheduleAt(210) { subject.onNext(2) }
      scheduler.scheduleAt(300) { subject.onCompleted() }
      scheduler.scheduleAt(310) { subject.onNext(3) }
      let res = scheduler.start { subject.asObservable() }
      expectEqual(res.events, [.next(210, 2), .completed(300)])
    }
  }

  @Test("a late subscriber receives the terminal event at once")
  func lateSubscriberGetsTerminal() {
    withLeakChecking {
      let subject = PublishSubject<Int>()
      subject.onError(testError)
      let received = Box<[String]>([])
      _ = subject.subscribe(onError: { _ in received.mutate { $0.append("error") } })
      expectEqual(received.value, ["error"])
    }
  }

  @Test("after dispose, subscribers fail with RxError.disposed")
  func disposedSubject() {
    withLeakChecking {
      let subject = PublishSubject<Int>()
      subject.dispose()
      #expect(subject.isDisposed)
      let error = Box<(any Error)?>(nil)
      _ = subject.subscribe(onError: { e in error.value = e })
      expectEqual(error.value as? RxError, .disposed(object: "PublishSubject"))
    }
  }

  @Test("disposing a subscription removes its observer")
  func disposeRemovesObserver() {
    withLeakChecking {
      let subject = PublishSubject<Int>()
      let received = Box<[Int]>([])
      let subscription = subject.subscribe(onNext: { v in received.mutate { $0.append(v) } })
      #expect(subject.hasObservers)
      subject.onNext(1)
      subscription.dispose()
      subject.onNext(2)
      #expect(!subject.hasObservers)
      expectEqual(received.value, [1])
    }
  }

  @Test("delivery to each observer is serialized when many threads send at once", .dedicatedThreads)
  func concurrentSendersAreSerialized() async {
    let threads = 8
    let perThread = 10_000
    let subject = PublishSubject<Int>()
    let observers = (0..<4).map { _ in OverlapDetector() }
    let subscriptions = observers.map { detector in
      subject.subscribe(onNext: { _ in detector.enter() })
    }
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<threads {
        group.addTask {
          for value in 0..<perThread { subject.onNext(value) }
        }
      }
      // Subscribe and dispose concurrently with the senders.
      group.addTask {
        for _ in 0..<1_000 { subject.subscribe(onNext: { _ in }).dispose() }
      }
    }
    for detector in observers {
      expectEqual(detector.overlaps, 0)
      expectEqual(detector.count, threads * perThread)
    }
    for subscription in subscriptions { subscription.dispose() }
  }

  @Test("forwards an error and completion; later events are ignored")
  func terminalEvents() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let subject = PublishSubject<Int>()
      scheduler.scheduleAt(210) { subject.onNext(1) }
      scheduler.scheduleAt(220) { subject.onError(testError) }
      scheduler.scheduleAt(230) { subject.onCompleted() }
      let res = scheduler.start { subject.asObservable() }
      expectEqual(res.events, [.next(210, 1), .error(220, testError)])
    }
  }

  @Test("disposing the subject while its deliverer works through queued events drops the rest")
  func disposeDuringQueuedBatch() {
    withLeakChecking {
      let subject = PublishSubject<Int>()
      let received = Box<[Int]>([])
      let subscription = subject.subscribe(onNext: { value in
        received.mutate { $0.append(value) }
        switch value {
        case 1:
          // Sent while this thread delivers 1: both are queued, and taken out as one batch.
          subject.onNext(2)
          subject.onNext(3)
        case 2:
          subject.dispose()
        default:
          break
        }
      })
      subject.onNext(1)
      expectEqual(received.value, [1, 2])
      subscription.dispose()
    }
  }

  @Test("a subscriber added from onNext receives only the events sent after it subscribed")
  func reentrantSubscribe() {
    withLeakChecking {
      let subject = PublishSubject<Int>()
      let late = TestableObserver<Int>()
      let lateSubscription = Box<(any Disposable)?>(nil)
      let outer = subject.subscribe(onNext: { value in
        guard value == 1 else { return }
        subject.onNext(2)
        lateSubscription.value = subject.subscribe(late)
        #expect(subject.hasObservers)
        subject.onNext(3)
      })
      subject.onNext(1)
      subject.onNext(4)
      expectEqual(late.elements, [3, 4])
      outer.dispose()
      lateSubscription.value?.dispose()
      lateSubscription.value = nil
      #expect(!subject.hasObservers)
    }
  }

  @Test("an observer that subscribes and disposes from onNext leaves no observer behind")
  func reentrantSubscribeAndDispose() {
    withLeakChecking {
      let subject = PublishSubject<Int>()
      let late = TestableObserver<Int>()
      let outer = subject.subscribe(onNext: { value in
        guard value == 1 else { return }
        let subscription = subject.subscribe(late)
        #expect(subject.hasObservers)
        subscription.dispose()
      })
      subject.onNext(1)
      outer.dispose()
      #expect(!subject.hasObservers)
      subject.onNext(2)
      #expect(late.events.isEmpty)
    }
  }

  @Test("releases observers after dispose, after completion and after unsubscribing")
  func releasesObservers() {
    weak var afterDispose: Tracked?
    weak var afterCompletion: Tracked?
    weak var afterUnsubscribe: Tracked?
    withLeakChecking {
      let disposed = PublishSubject<Int>()
      let completed = PublishSubject<Int>()
      let kept = PublishSubject<Int>()
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

  @Test("concurrent senders and subscribers: each subscriber gets a gap-free slice of the events")
  func concurrentSendAndSubscribe() async {
    let subject = PublishSubject<Int>()
    let outcome = await SubjectStressHarness.run(
      send: { subject.onNext($0) },
      subscribe: { subject.subscribe($0) }
    )
    SubjectStressHarness.expectAllSent(outcome.reference, outcome.sent)
    for received in outcome.churned {
      SubjectStressHarness.expectSlice(received, of: outcome.reference)
    }
    #expect(!subject.hasObservers)
  }

  @Test("a subscription never disposed is released with the subject, as in RxSwift")
  func releasedWithoutDispose() {
    weak var observerCapture: Tracked?
    weak var weakSubject: PublishSubject<Int>?
    do {
      let subject = PublishSubject<Int>()
      let capture = Tracked()
      observerCapture = capture
      weakSubject = subject
      _ = subject.subscribe(onNext: { _ in _ = capture })
      subject.onNext(1)
    }
    // Nothing holds the subject or the subscription any more: both go, with the observer.
    #expect(weakSubject == nil)
    #expect(observerCapture == nil)
  }
}
