import ObservableCore
import ObservableTesting
import Testing

@Suite("Event")
struct EventTests {
  @Test("next, error and completed report their kind, element and error")
  func accessors() {
    let next = Event<Int>.next(1)
    let error = Event<Int>.error(testError)
    let completed = Event<Int>.completed
    #expect(!next.isStopEvent && error.isStopEvent && completed.isStopEvent)
    #expect(!next.isCompleted && !error.isCompleted && completed.isCompleted)
    #expect(next.element == 1 && error.element == nil && completed.element == nil)
    #expect(next.error == nil && (error.error as? TestError) == testError && completed.error == nil)
  }

  @Test("map transforms an element, keeps terminal events, and turns a throw into an error")
  func map() {
    #expect(Event.next(2).map { $0 * 10 } == .next(20))
    #expect(Event<Int>.completed.map { $0 * 10 } == .completed)
    #expect(Event<Int>.error(testError).map { $0 * 10 } == .error(testError))
    #expect(Event.next(2).map { _ -> Int in throw testError } == .error(testError))
  }

  @Test("describes itself for debugging")
  func description() {
    expectEqual(Event.next(1).debugDescription, "next(1)")
    expectEqual(Event<Int>.completed.debugDescription, "completed")
    #expect(Event<Int>.error(testError).debugDescription.hasPrefix("error("))
  }
}

@Suite("ObserverType and AnyObserver")
struct ObserverTests {
  @Test("onNext, onError and onCompleted send the matching events")
  func conveniences() {
    let observer = TestableObserver<Int>()
    observer.onNext(1)
    observer.onCompleted()
    expectEqual(observer.events.map(\.value), [.next(1), .completed])
    let failing = TestableObserver<Int>()
    failing.onError(testError)
    expectEqual(failing.events.map(\.value), [.error(testError)])
  }

  @Test("AnyObserver forwards to its closure or to the observer it wraps")
  func anyObserver() {
    let received = Box<[Event<Int>]>([])
    let closure = AnyObserver<Int> { event in received.mutate { $0.append(event) } }
    closure.onNext(1)
    closure.on(.completed)
    expectEqual(received.value, [.next(1), .completed])

    let target = TestableObserver<Int>()
    let wrapped = AnyObserver(target)
    wrapped.onNext(2)
    wrapped.asObserver().onNext(3)
    AnyObserver(wrapped).onCompleted()
    expectEqual(target.events.map(\.value), [.next(2), .next(3), .completed])
  }

  @Test("mapObserver transforms elements before forwarding, and a throw becomes an error")
  func mapObserver() {
    let target = TestableObserver<String>()
    let mapped: AnyObserver<Int> = target.mapObserver { value in
      if value < 0 { throw testError }
      return "\(value)"
    }
    mapped.onNext(1)
    mapped.onNext(-1)
    expectEqual(target.events.map(\.value), [.next("1"), .error(testError)])
  }

  @Test("an AnyObserver releases the closure's captures when released")
  func releases() {
    weak var weakTracked: Tracked?
    do {
      let tracked = Tracked()
      weakTracked = tracked
      let observer = AnyObserver<Int> { [tracked] _ in _ = tracked }
      observer.onNext(1)
    }
    #expect(weakTracked == nil)
  }
}

/// A custom observable that is not an `Observable`: it relays a subject.
private struct Relayed: ObservableType {
  typealias Element = Int
  let subject: PublishSubject<Int>

  func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
  where Observer.Element == Int {
    subject.subscribe(observer)
  }
}

@Suite("ObservableType")
struct ObservableTypeTests {
  @Test("a custom ObservableType gets every operator through asObservable, with disposal")
  func customType() {
    withLeakChecking {
      let subject = PublishSubject<Int>()
      let received = Box<[Event<Int>]>([])
      let subscription = Relayed(subject: subject).map { $0 * 2 }.subscribe { event in
        received.mutate { $0.append(event) }
      }
      subject.onNext(1)
      subscription.dispose()
      subject.onNext(2)
      expectEqual(received.value, [.next(2)])
      #expect(!subject.hasObservers)

      let completing = Relayed(subject: subject).asObservable().subscribe { event in
        received.mutate { $0.append(event) }
      }
      subject.onCompleted()
      expectEqual(received.value, [.next(2), .completed])
      _ = completing
    }
  }

  @Test("asObservable on an Observable returns the same instance")
  func identity() {
    let observable = Observable.just(1)
    #expect(observable.asObservable() === observable)
  }
}

@Suite("subscribe")
struct SubscribeTests {
  @Test("subscribe(_ on:) receives every event and the subscription ends at the terminal one")
  func eventClosure() {
    withLeakChecking {
      let subject = PublishSubject<Int>()
      let received = Box<[Event<Int>]>([])
      let subscription = subject.subscribe { event in received.mutate { $0.append(event) } }
      subject.onNext(1)
      subject.onCompleted()
      subject.onNext(2)
      expectEqual(received.value, [.next(1), .completed])
      #expect(!subject.hasObservers)
      _ = subscription
    }
  }

  @Test("subscribe(onNext:onError:onCompleted:onDisposed:) calls onDisposed after the terminal")
  func handlersOrder() {
    withLeakChecking {
      let log = Box<[String]>([])
      _ = Observable.of(1, 2).subscribe(
        onNext: { value in log.mutate { $0.append("next \(value)") } },
        onError: { _ in log.mutate { $0.append("error") } },
        onCompleted: { log.mutate { $0.append("completed") } },
        onDisposed: { log.mutate { $0.append("disposed") } })
      expectEqual(log.value, ["next 1", "next 2", "completed", "disposed"])

      let errors = Box<[String]>([])
      _ = Observable<Int>.error(testError).subscribe(
        onNext: { _ in errors.mutate { $0.append("next") } },
        onError: { error in errors.mutate { $0.append("error \(error as? TestError == testError)") }
        },
        onCompleted: { errors.mutate { $0.append("completed") } },
        onDisposed: { errors.mutate { $0.append("disposed") } })
      expectEqual(errors.value, ["error true", "disposed"])
    }
  }

  @Test("disposing stops delivery, runs onDisposed once and disposes the source")
  func dispose() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .completed(300)])
      let received = Box<[Int]>([])
      let disposals = Box(0)
      let subscription = Box<(any Disposable)?>(nil)
      scheduler.scheduleAt(200) {
        subscription.value = xs.subscribe(
          onNext: { value in received.mutate { $0.append(value) } },
          onDisposed: { disposals.value += 1 })
      }
      scheduler.scheduleAt(220) {
        subscription.value?.dispose()
        subscription.value?.dispose()
        subscription.value = nil
      }
      scheduler.start()
      expectEqual(received.value, [1])
      expectEqual(disposals.value, 1)
      expectEqual(xs.subscriptions, [Subscription(200, 220)])
    }
  }

  @Test("an error without onError goes to Hooks.defaultErrorHandler")
  func unhandledError() {
    withLeakChecking {
      let reported = UnhandledErrors.recorder()
      let marker = TestError(id: 9191)
      _ = Observable<Int>.error(marker).subscribe(onNext: { _ in })
      #expect(reported.value.contains("\(marker)"))
    }
  }

  @Test("an observer may dispose, subscribe and emit from inside onNext")
  func reentrancy() {
    withLeakChecking {
      let subject = PublishSubject<Int>()
      let received = Box<[Int]>([])
      let subscription = Box<(any Disposable)?>(nil)
      let nested = Box<[any Disposable]>([])
      subscription.value = subject.subscribe(onNext: { value in
        received.mutate { $0.append(value) }
        if value == 1 {
          nested.mutate { $0.append(subject.subscribe()) }
          subject.onNext(2)
        } else {
          subscription.value?.dispose()
        }
      })
      subject.onNext(1)
      subject.onNext(3)
      expectEqual(received.value, [1, 2])
      for disposable in nested.value { disposable.dispose() }
      nested.value = []
      subscription.value = nil
    }
  }

  @Test("subscribing an observer delivers to it and releases it after the terminal event")
  func observerSubscription() {
    weak var weakObserver: TestableObserver<Int>?
    withLeakChecking {
      let observer = TestableObserver<Int>()
      weakObserver = observer
      let subscription = Observable.of(1).subscribe(observer)
      expectEqual(observer.events.map(\.value), [.next(1), .completed])
      _ = subscription
    }
    #expect(weakObserver == nil)
  }

  @Test("Resources.total counts at least every live resource of a scope")
  func resourcesTotal() {
    Resources.withScope { scope in
      let subject = PublishSubject<Int>()
      var subscription: (any Disposable)? = subject.map { $0 }.filter { $0 > 0 }.subscribe()
      #expect(scope.live > 0)
      #expect(Resources.total >= scope.live)
      subscription?.dispose()
      subscription = nil
      expectEqual(scope.live, 0)
    }
  }
}
