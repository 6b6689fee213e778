import ObservableCore
import ObservableTesting
import Testing

@Suite("create")
struct CreateTests {
  @Test("forwards what the closure sends, per subscription")
  func values() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let res = scheduler.start {
        Observable<Int>.create { observer in
          observer.onNext(1)
          observer.onNext(2)
          observer.onCompleted()
          return Disposables.create()
        }
      }
      expectEqual(res.events, [.next(200, 1), .next(200, 2), .completed(200)])
    }
  }

  @Test("forwards an error and drops everything after a terminal event")
  func afterTerminal() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let res = scheduler.start {
        Observable<Int>.create { observer in
          observer.onNext(1)
          observer.onError(testError)
          observer.onNext(2)
          observer.onCompleted()
          return Disposables.create()
        }
      }
      expectEqual(res.events, [.next(200, 1), .error(200, testError)])
    }
  }

  @Test("runs the returned disposable when the subscription is disposed")
  func disposableOnDispose() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let disposedAt = Box<[Int]>([])
      let res = scheduler.start(disposed: 250) {
        Observable<Int>.create { observer in
          scheduler.scheduleAt(220) { observer.onNext(1) }
          scheduler.scheduleAt(300) { observer.onNext(2) }
          return Disposables.create { disposedAt.mutate { $0.append(scheduler.clock) } }
        }
      }
      expectEqual(res.events, [.next(220, 1)])
      expectEqual(disposedAt.value, [250])
    }
  }

  @Test("runs the returned disposable once after a terminal event")
  func disposableAfterTerminal() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let disposedAt = Box<[Int]>([])
      let res = scheduler.start {
        Observable<Int>.create { observer in
          scheduler.scheduleAt(220) { observer.onCompleted() }
          return Disposables.create { disposedAt.mutate { $0.append(scheduler.clock) } }
        }
      }
      expectEqual(res.events, [.completed(220)])
      expectEqual(disposedAt.value, [220])
    }
  }

  @Test("a terminal event sent synchronously runs the disposable as soon as it is returned")
  func synchronousTerminal() {
    withLeakChecking {
      let disposals = Box(0)
      _ = Observable<Int>.create { observer in
        observer.onCompleted()
        return Disposables.create { disposals.mutate { $0 += 1 } }
      }.subscribe()
      expectEqual(disposals.value, 1)
    }
  }

  @Test("reentrant sends are delivered after the current one, and dispose stops delivery")
  func reentrancy() {
    withLeakChecking {
      let observerBox = Box<AnyObserver<Int>?>(nil)
      let source = Observable<Int>.create { observer in
        observerBox.value = observer
        return Disposables.create()
      }
      let received = Box<[String]>([])
      let late = Box<[Int]>([])
      let subscription = Box<(any Disposable)?>(nil)
      subscription.value = source.subscribe(onNext: { value in
        received.mutate { $0.append("begin \(value)") }
        if value == 1 {
          observerBox.value?.onNext(2)
          _ = Observable.just(10).subscribe(onNext: { value in late.mutate { $0.append(value) } })
        } else {
          subscription.value?.dispose()
        }
        received.mutate { $0.append("end \(value)") }
      })
      observerBox.value?.onNext(1)
      observerBox.value?.onNext(3)
      expectEqual(received.value, ["begin 1", "end 1", "begin 2", "end 2"])
      expectEqual(late.value, [10])
      observerBox.value = nil
      subscription.value = nil
    }
  }

  @Test("concurrent calls into the observer are serialized")
  func concurrentSendsAreSerialized() async {
    await withLeakChecking {
      let threads = 4
      let perThread = 2_000
      let observerBox = Box<AnyObserver<Int>?>(nil)
      let source = Observable<Int>.create { observer in
        observerBox.value = observer
        return Disposables.create()
      }
      let recorder = TestableObserver<Int>()
      let subscription = source.subscribe(recorder)
      guard let observer = observerBox.value else {
        Issue.record("create's closure did not run")
        return
      }
      await withTaskGroup(of: Void.self) { group in
        for thread in 0..<threads {
          group.addTask {
            for value in 0..<perThread { observer.onNext(thread * perThread + value) }
          }
        }
      }
      observer.onCompleted()
      #expect(await recorder.waitForTermination())
      expectEqual(recorder.grammarViolations, [])
      expectEqual(recorder.elements.count, threads * perThread)
      expectEqual(Set(recorder.elements).count, threads * perThread)
      observerBox.value = nil
      subscription.dispose()
    }
  }

  @Test("disposed from inside the subscriber, releases it once that delivery returns")
  func releasesAfterReentrantDispose() {
    weak var weakTracked: Tracked?
    withLeakChecking {
      let observerBox = Box<AnyObserver<Int>?>(nil)
      let subscription = Box<(any Disposable)?>(nil)
      let received = Box<[Int]>([])
      do {
        let tracked = Tracked()
        weakTracked = tracked
        subscription.value = Observable<Int>.create { observer in
          observerBox.value = observer
          return Disposables.create()
        }.subscribe(onNext: { [tracked] value in
          _ = tracked
          received.mutate { $0.append(value) }
          // Queued behind this delivery, then dropped by the dispose.
          observerBox.value?.onNext(value + 1)
          subscription.value?.dispose()
        })
      }
      observerBox.value?.onNext(1)
      observerBox.value?.onNext(3)
      expectEqual(received.value, [1])
      subscription.value = nil
      // The observer outlives the subscription but no longer holds the subscriber.
      #expect(observerBox.value != nil)
      #expect(weakTracked == nil)
      observerBox.value = nil
    }
  }

  @Test("releases the subscriber and the closure's captures when the subscription ends")
  func releasesCaptures() {
    weak var weakTracked: Tracked?
    withLeakChecking {
      let tracked = Tracked()
      weakTracked = tracked
      let observerBox = Box<AnyObserver<Int>?>(nil)
      let subscription = Observable<Int>.create { [tracked] observer in
        _ = tracked
        observerBox.value = observer
        return Disposables.create { _ = tracked }
      }.subscribe(onNext: { [tracked] _ in _ = tracked })
      subscription.dispose()
      // The observer outlives the subscription but no longer holds the subscriber.
      observerBox.value?.onNext(1)
    }
    #expect(weakTracked == nil)
  }
}
