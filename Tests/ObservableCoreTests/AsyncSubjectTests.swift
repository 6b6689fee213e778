import Dispatch
import ObservableCore
import ObservableTesting
import Testing

@Suite("AsyncSubject")
struct AsyncSubjectTests {
  @Test("emits only the last element, when it completes")
  func lastElementOnCompletion() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let subject = AsyncSubject<Int>()
      scheduler.scheduleAt(150) { subject.onNext(1) }
      scheduler.scheduleAt(210) { subject.onNext(2) }
      scheduler.scheduleAt(220) { subject.onNext(3) }
      scheduler.scheduleAt(300) { subject.onCompleted() }
      scheduler.scheduleAt(310) { subject.onNext(4) }
      let res = scheduler.start { subject.asObservable() }
      expectEqual(res.events, [.next(300, 3), .completed(300)])
    }
  }

  @Test("completes without an element when none was sent")
  func emptyCompletion() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let subject = AsyncSubject<Int>()
      scheduler.scheduleAt(300) { subject.onCompleted() }
      let res = scheduler.start { subject.asObservable() }
      expectEqual(res.events, [.completed(300)])
    }
  }

  @Test("an error drops the last element")
  func error() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let subject = AsyncSubject<Int>()
      scheduler.scheduleAt(210) { subject.onNext(1) }
      scheduler.scheduleAt(300) { subject.onError(testError) }
      scheduler.scheduleAt(310) { subject.onCompleted() }
      let res = scheduler.start { subject.asObservable() }
      expectEqual(res.events, [.error(300, testError)])
    }
  }

  @Test("a subscriber after completion receives the last element and the completion")
  func lateSubscriberAfterCompletion() {
    withLeakChecking {
      let subject = AsyncSubject<Int>()
      subject.onNext(1)
      subject.onNext(2)
      subject.onCompleted()
      let observer = TestableObserver<Int>()
      _ = subject.subscribe(observer)
      expectEqual(observer.events, [.next(0, 2), .completed(0)])
      #expect(!subject.hasObservers)
    }
  }

  @Test("a subscriber after an error receives the error")
  func lateSubscriberAfterError() {
    withLeakChecking {
      let subject = AsyncSubject<Int>()
      subject.onNext(1)
      subject.onError(testError)
      let observer = TestableObserver<Int>()
      _ = subject.subscribe(observer)
      expectEqual(observer.events, [.error(0, testError)])
    }
  }

  @Test("after dispose, events are ignored and subscribers fail with RxError.disposed")
  func disposedSubject() {
    withLeakChecking {
      let subject = AsyncSubject<Int>()
      let before = TestableObserver<Int>()
      let subscription = subject.subscribe(before)
      subject.onNext(1)
      subject.dispose()
      #expect(subject.isDisposed)
      subject.onCompleted()
      #expect(before.events.isEmpty)
      let after = TestableObserver<Int>()
      _ = subject.subscribe(after)
      expectEqual(after.events, [.error(0, RxError.disposed(object: "AsyncSubject"))])
      subscription.dispose()
    }
  }

  @Test("disposing a subscription removes its observer")
  func disposeSubscription() {
    withLeakChecking {
      let subject = AsyncSubject<Int>()
      let observer = TestableObserver<Int>()
      let subscription = subject.subscribe(observer)
      #expect(subject.hasObservers)
      subject.onNext(1)
      subscription.dispose()
      #expect(!subject.hasObservers)
      subject.onCompleted()
      #expect(observer.events.isEmpty)
    }
  }

  @Test("an observer may send, subscribe and dispose from inside onNext")
  func reentrancy() {
    withLeakChecking {
      let subject = AsyncSubject<Int>()
      let first = TestableObserver<Int>()
      let late = TestableObserver<Int>()
      let firstSubscription = Box<(any Disposable)?>(nil)
      firstSubscription.value = subject.subscribe(onNext: { value in
        first.onNext(value)
        subject.onNext(99)  // ignored: the subject has terminated
        _ = subject.subscribe(late)
        firstSubscription.value?.dispose()
      })
      let second = TestableObserver<Int>()
      _ = subject.subscribe(second)
      subject.onNext(1)
      subject.onCompleted()
      expectEqual(first.elements, [1])
      expectEqual(late.events, [.next(0, 1), .completed(0)])
      expectEqual(second.events, [.next(0, 1), .completed(0)])
      firstSubscription.value = nil
    }
  }

  @Test("releases observers and the last element")
  func releases() {
    weak var observerCapture: Tracked?
    weak var element: Tracked?
    withLeakChecking {
      let subject = AsyncSubject<Tracked>()
      do {
        let capture = Tracked()
        let last = Tracked()
        observerCapture = capture
        element = last
        _ = subject.subscribe(onNext: { _ in _ = capture })
        subject.onNext(last)
      }
      #expect(element != nil)
      subject.dispose()
      #expect(observerCapture == nil)
      #expect(element == nil)
    }
  }

  @Test("concurrent senders, subscribers and completion: everyone gets the same last element")
  func concurrent() async {
    let subject = AsyncSubject<Int>()
    let observers = _Mutex<[TestableObserver<Int>]>([])
    let group = DispatchGroup()
    for sender in 0..<3 {
      // Queues of their own: long blocks on DispatchQueue.global() would hold the threads that
      // Swift's global executor runs on, and starve the async tests running alongside.
      DispatchQueue(label: "AsyncSubjectTests.concurrent").async(group: group) {
        for value in 0..<5_000 { subject.onNext(sender * 1_000_000 + value) }
      }
    }
    for _ in 0..<2 {
      DispatchQueue(label: "AsyncSubjectTests.concurrent").async(group: group) {
        for round in 0..<400 {
          let observer = TestableObserver<Int>()
          let subscription = subject.subscribe(observer)
          if round.isMultiple(of: 3) {
            subscription.dispose()
          } else {
            observers.withLock { $0.append(observer) }
          }
        }
      }
    }
    DispatchQueue(label: "AsyncSubjectTests.concurrent").async(group: group) {
      for _ in 0..<2_000 { subject.onNext(-1) }
      subject.onCompleted()
    }
    await withCheckedContinuation { continuation in
      group.notify(queue: .global()) { continuation.resume() }
    }
    let final = TestableObserver<Int>()
    _ = subject.subscribe(final)
    guard let last = final.elements.first else {
      Issue.record("no last element")
      return
    }
    expectEqual(final.events, [.next(0, last), .completed(0)])
    for observer in observers.withLock({ $0 }) {
      expectEqual(observer.events, [.next(0, last), .completed(0)])
    }
  }
}
