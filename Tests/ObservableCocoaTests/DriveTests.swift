import ObservableCocoa
import ObservableCore
import ObservableTesting
import Testing

@Suite("drive")
struct DriveTests {
  /// A driver that delivers synchronously, so that each test can check the effect at once.
  private func driver<Element: Sendable>(_ relay: BehaviorRelay<Element>) -> Driver<Element> {
    SharingScheduler.mock(scheduler: SynchronousScheduler()) { relay.asDriver() }
  }

  @Test("drive(_:) sends every event to each observer")
  func observers() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let first = scheduler.createObserver(Int.self)
      let second = scheduler.createObserver(Int?.self)
      let relay = BehaviorRelay(value: 1)
      let a = driver(relay).drive(first)
      let b = driver(relay).drive(second)
      relay.accept(2)
      expectEqual(first.events, [.next(0, 1), .next(0, 2)])
      expectEqual(second.events, [.next(0, 1), .next(0, 2)])
      a.dispose()
      b.dispose()
    }
  }

  @Test("drive(_:) to a Binder")
  func binder() {
    withLeakChecking {
      let received = Box<[String]>([])
      let relay = BehaviorRelay(value: "a")
      let subscription = driver(relay).drive(
        Binder(received, scheduler: CurrentThreadScheduler.instance) { box, value in
          box.append(value)
        })
      relay.accept("b")
      expectEqual(received.value, ["a", "b"])
      subscription.dispose()
    }
  }

  @Test("drive(_:) to relays, and to relays of optionals")
  func relays() {
    withLeakChecking {
      let source = BehaviorRelay(value: 1)
      let behavior = BehaviorRelay(value: 0)
      let optional = BehaviorRelay<Int?>(value: nil)
      let publish = PublishRelay<Int>()
      let replay = ReplayRelay<Int>.create(bufferSize: 4)
      let published = Box<[Int]>([])
      let watch = publish.subscribe(onNext: { published.append($0) })
      let bag = DisposeBag()
      bag.insert(driver(source).drive(behavior))
      bag.insert(driver(source).drive(optional))
      bag.insert(driver(source).drive(publish))
      bag.insert(driver(source).drive(replay))
      source.accept(2)
      expectEqual(behavior.value, 2)
      expectEqual(optional.value, 2)
      expectEqual(published.value, [1, 2])
      let replayed = Box<[Int]>([])
      replay.subscribe(onNext: { replayed.append($0) }).dispose()
      expectEqual(replayed.value, [1, 2])
      watch.dispose()
    }
  }

  @Test("drive(onNext:onCompleted:onDisposed:) calls each closure")
  func closures() {
    withLeakChecking {
      let log = Box<[String]>([])
      let driver = SharingScheduler.mock(scheduler: SynchronousScheduler()) {
        Driver.of(1, 2)
      }
      _ = driver.drive(
        onNext: { log.append("next \($0)") }, onCompleted: { log.append("completed") },
        onDisposed: { log.append("disposed") })
      expectEqual(log.value, ["next 1", "next 2", "completed", "disposed"])
    }
  }

  @Test("drive(with:) passes the object while it is alive")
  func withObject() {
    withLeakChecking {
      let log = Box<[Int]>([])
      var owner: Owner? = Owner()
      let relay = BehaviorRelay(value: 1)
      let subscription = driver(relay).drive(
        with: owner!, onNext: { _, value in log.append(value) })
      relay.accept(2)
      owner = nil
      relay.accept(3)
      expectEqual(log.value, [1, 2])
      subscription.dispose()
    }
  }

  @Test("drive with a binder function and a curried argument")
  func transformation() {
    withLeakChecking {
      let relay = BehaviorRelay(value: 5)
      let received = Box<[Int]>([])
      let subscription = driver(relay).drive { observable in
        observable.subscribe(onNext: { received.append($0) })
      }
      let curried = driver(relay).drive(
        { observable in { (offset: Int) in observable.map { $0 + offset }.subscribe() } },
        curriedArgument: 1)
      expectEqual(received.value, [5])
      subscription.dispose()
      curried.dispose()
    }
  }
}
