import ObservableCore
import ObservableTesting
import Testing

@Suite("ReplaySubject")
struct ReplaySubjectTests {
  @Test("replays the last bufferSize elements, then sends later events")
  func boundedReplay() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let subject = ReplaySubject<Int>.create(bufferSize: 2)
      scheduler.scheduleAt(110) { subject.onNext(1) }
      scheduler.scheduleAt(120) { subject.onNext(2) }
      scheduler.scheduleAt(130) { subject.onNext(3) }
      scheduler.scheduleAt(210) { subject.onNext(4) }
      scheduler.scheduleAt(300) { subject.onCompleted() }
      let res = scheduler.start { subject.asObservable() }
      expectEqual(res.events, [.next(200, 2), .next(200, 3), .next(210, 4), .completed(300)])
    }
  }

  @Test("createUnbounded replays every element")
  func unboundedReplay() {
    withLeakChecking {
      let subject = ReplaySubject<Int>.createUnbounded()
      for value in 1...100 { subject.onNext(value) }
      let observer = TestableObserver<Int>()
      let subscription = subject.subscribe(observer)
      subject.onNext(101)
      expectEqual(observer.elements, Array(1...101))
      subscription.dispose()
    }
  }

  @Test("bufferSize 1 replays the latest element")
  func replayOne() {
    withLeakChecking {
      let subject = ReplaySubject<Int>.create(bufferSize: 1)
      let empty = TestableObserver<Int>()
      subject.subscribe(empty).dispose()
      #expect(empty.events.isEmpty)
      subject.onNext(1)
      subject.onNext(2)
      let observer = TestableObserver<Int>()
      subject.subscribe(observer).dispose()
      expectEqual(observer.elements, [2])
    }
  }

  @Test("bufferSize 0 replays nothing")
  func replayNothing() {
    withLeakChecking {
      let subject = ReplaySubject<Int>.create(bufferSize: 0)
      subject.onNext(1)
      let observer = TestableObserver<Int>()
      let subscription = subject.subscribe(observer)
      subject.onNext(2)
      expectEqual(observer.elements, [2])
      subscription.dispose()
    }
  }

  @Test("a negative bufferSize fails every subscriber with argumentOutOfRange")
  func negativeBufferSize() {
    withLeakChecking {
      let subject = ReplaySubject<Int>.create(bufferSize: -1)
      subject.onNext(1)
      let observer = TestableObserver<Int>()
      _ = subject.subscribe(observer)
      expectEqual(observer.events, [.error(0, RxError.argumentOutOfRange)])
    }
  }

  @Test("a subscriber after completion receives the buffer, then the completion")
  func lateSubscriberAfterCompletion() {
    withLeakChecking {
      let subject = ReplaySubject<Int>.create(bufferSize: 2)
      subject.onNext(1)
      subject.onNext(2)
      subject.onNext(3)
      subject.onCompleted()
      subject.onNext(4)
      let observer = TestableObserver<Int>()
      _ = subject.subscribe(observer)
      expectEqual(observer.events, [.next(0, 2), .next(0, 3), .completed(0)])
    }
  }

  @Test("a subscriber after an error receives the buffer, then the error")
  func lateSubscriberAfterError() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let subject = ReplaySubject<Int>.create(bufferSize: 5)
      scheduler.scheduleAt(150) { subject.onNext(1) }
      scheduler.scheduleAt(160) { subject.onError(testError) }
      let res = scheduler.start { subject.asObservable() }
      expectEqual(res.events, [.next(200, 1), .error(200, testError)])
    }
  }

  @Test("after dispose, events are ignored and subscribers fail with RxError.disposed")
  func disposedSubject() {
    withLeakChecking {
      let subject = ReplaySubject<Int>.create(bufferSize: 3)
      subject.onNext(1)
      let before = TestableObserver<Int>()
      let subscription = subject.subscribe(before)
      subject.dispose()
      #expect(subject.isDisposed)
      subject.onNext(2)
      expectEqual(before.elements, [1])
      let after = TestableObserver<Int>()
      _ = subject.subscribe(after)
      expectEqual(after.events, [.error(0, RxError.disposed(object: "ReplaySubject"))])
      subscription.dispose()
    }
  }

  @Test("disposing a subscription removes its observer")
  func disposeSubscription() {
    withLeakChecking {
      let subject = ReplaySubject<Int>.create(bufferSize: 3)
      let observer = TestableObserver<Int>()
      let subscription = subject.subscribe(observer)
      #expect(subject.hasObservers)
      subject.onNext(1)
      subscription.dispose()
      subject.onNext(2)
      #expect(!subject.hasObservers)
      expectEqual(observer.elements, [1])
    }
  }

  @Test("disposing during the replay stops the replay")
  func disposeDuringReplay() {
    withLeakChecking {
      let subject = ReplaySubject<Int>.createUnbounded()
      for value in 1...5 { subject.onNext(value) }
      let delivered = Box(0)
      let observer = TestableObserver<Int>()
      _ = subject.map { value -> Int in
        delivered.mutate { $0 += 1 }
        return value
      }.take(2).subscribe(observer)
      expectEqual(observer.events, [.next(0, 1), .next(0, 2), .completed(0)])
      expectEqual(delivered.value, 2)
      #expect(!subject.hasObservers)
    }
  }

  @Test("subscribing from onNext replays the buffer as of that point, with no gap or duplicate")
  func reentrantSubscribe() {
    withLeakChecking {
      let subject = ReplaySubject<Int>.create(bufferSize: 2)
      let late = TestableObserver<Int>()
      let lateSubscription = Box<(any Disposable)?>(nil)
      let outer = subject.subscribe(onNext: { value in
        guard value == 2 else { return }
        subject.onNext(3)
        lateSubscription.value = subject.subscribe(late)
        subject.onNext(4)
      })
      subject.onNext(1)
      subject.onNext(2)
      subject.onNext(5)
      expectEqual(late.elements, [2, 3, 4, 5])
      outer.dispose()
      lateSubscription.value?.dispose()
      lateSubscription.value = nil
    }
  }

  @Test("an observer may send into the subject from onNext")
  func reentrantSend() {
    withLeakChecking {
      let subject = ReplaySubject<Int>.create(bufferSize: 10)
      let received = Box<[Int]>([])
      let subscription = subject.subscribe(onNext: { value in
        received.mutate { $0.append(value) }
        if value < 3 { subject.onNext(value + 1) }
      })
      subject.onNext(1)
      expectEqual(received.value, [1, 2, 3])
      let late = TestableObserver<Int>()
      subject.subscribe(late).dispose()
      expectEqual(late.elements, [1, 2, 3])
      subscription.dispose()
    }
  }

  @Test("releases observers and buffered elements")
  func releases() {
    weak var observerCapture: Tracked?
    weak var evicted: Tracked?
    weak var buffered: Tracked?
    withLeakChecking {
      let subject = ReplaySubject<Tracked>.create(bufferSize: 1)
      do {
        let capture = Tracked()
        let first = Tracked()
        let second = Tracked()
        observerCapture = capture
        evicted = first
        buffered = second
        _ = subject.subscribe(onNext: { _ in _ = capture })
        subject.onNext(first)
        subject.onNext(second)
      }
      #expect(evicted == nil)
      #expect(buffered != nil)
      subject.dispose()
      #expect(observerCapture == nil)
      #expect(buffered == nil)
    }
  }

  @Test(
    "concurrent senders and subscribers: each subscriber gets its buffer, then a gap-free suffix")
  func concurrentBounded() async {
    let subject = ReplaySubject<Int>.create(bufferSize: 3)
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

  @Test(
    "concurrent senders and subscribers, buffer of one (its single-slot path): the latest, then a gap-free suffix"
  )
  func concurrentBufferOfOne() async {
    let subject = ReplaySubject<Int>.create(bufferSize: 1)
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

  @Test("concurrent senders and subscribers: an unbounded subject replays from the start")
  func concurrentUnbounded() async {
    let subject = ReplaySubject<Int>.createUnbounded()
    let outcome = await SubjectStressHarness.run(
      perSender: 500,
      send: { subject.onNext($0) },
      subscribe: { subject.subscribe($0) }
    )
    SubjectStressHarness.expectAllSent(outcome.reference, outcome.sent)
    for received in outcome.churned where !received.isEmpty {
      expectEqual(SubjectStressHarness.expectSlice(received, of: outcome.reference), 0)
    }
  }

  @Test("a subscription never disposed is released with the subject, as in RxSwift")
  func releasedWithoutDispose() {
    weak var observerCapture: Tracked?
    weak var weakSubject: ReplaySubject<Int>?
    do {
      let subject = ReplaySubject<Int>.create(bufferSize: 3)
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
