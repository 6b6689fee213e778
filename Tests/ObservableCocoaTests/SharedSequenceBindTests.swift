import ObservableCocoa
import ObservableCore
import ObservableTesting
import Testing

@Suite("bind(to:) from Driver and Signal")
struct SharedSequenceBindTests {
  /// A driver and a signal of `relay` that deliver synchronously.
  private func sequences(_ relay: PublishRelay<Int>) -> (Driver<Int>, Signal<Int>) {
    SharingScheduler.mock(scheduler: SynchronousScheduler()) {
      (relay.asDriver(onErrorJustReturn: -1), relay.asSignal())
    }
  }

  @Test("bind(to:) sends every element to each observer, optional or not")
  func observers() {
    withLeakChecking {
      let source = PublishRelay<Int>()
      let (driver, signal) = sequences(source)
      let scheduler = TestScheduler(initialClock: 0)
      let plain = scheduler.createObserver(Int.self)
      let optional = scheduler.createObserver(Int?.self)
      let bag = DisposeBag()
      bag.insert(driver.bind(to: plain, plain))
      bag.insert(driver.bind(to: optional))
      bag.insert(signal.bind(to: plain))
      bag.insert(signal.bind(to: optional, optional))
      source.accept(1)
      expectEqual(plain.events, [.next(0, 1), .next(0, 1), .next(0, 1)])
      expectEqual(optional.events, [.next(0, 1), .next(0, 1), .next(0, 1)])
    }
  }

  @Test("bind(to:) to a Binder")
  func binder() {
    withLeakChecking {
      let source = PublishRelay<Int>()
      let (driver, signal) = sequences(source)
      let received = Box<[String]>([])
      let binder = Binder(received, scheduler: CurrentThreadScheduler.instance) {
        (box: Box<[String]>, value: Int) in box.append("\(value)")
      }
      let a = driver.bind(to: binder)
      let b = signal.bind(to: binder)
      source.accept(3)
      expectEqual(received.value, ["3", "3"])
      a.dispose()
      b.dispose()
    }
  }

  @Test("bind(to:) to every kind of relay, and to relays of optionals")
  func relays() {
    withLeakChecking {
      let source = PublishRelay<Int>()
      let (driver, signal) = sequences(source)
      let behavior = BehaviorRelay(value: 0)
      let behaviorOptional = BehaviorRelay<Int?>(value: nil)
      let publish = PublishRelay<Int>()
      let publishOptional = PublishRelay<Int?>()
      let replay = ReplayRelay<Int>.create(bufferSize: 8)
      let replayOptional = ReplayRelay<Int?>.create(bufferSize: 8)
      let published = Box<[String]>([])
      let bag = DisposeBag()
      bag.insert(publish.subscribe(onNext: { published.append("plain \($0)") }))
      bag.insert(publishOptional.subscribe(onNext: { published.append("optional \($0 ?? -1)") }))
      bag.insert(driver.bind(to: behavior, behavior))
      bag.insert(driver.bind(to: behaviorOptional))
      bag.insert(driver.bind(to: publish))
      bag.insert(driver.bind(to: publishOptional))
      bag.insert(driver.bind(to: replay))
      bag.insert(driver.bind(to: replayOptional))
      bag.insert(signal.bind(to: behavior))
      bag.insert(signal.bind(to: behaviorOptional))
      bag.insert(signal.bind(to: publish))
      bag.insert(signal.bind(to: publishOptional))
      bag.insert(signal.bind(to: replay))
      bag.insert(signal.bind(to: replayOptional))
      source.accept(4)
      expectEqual(behavior.value, 4)
      expectEqual(behaviorOptional.value, 4)
      expectEqual(published.value, ["plain 4", "optional 4", "plain 4", "optional 4"])
      let replayed = Box<[Int?]>([])
      replay.subscribe(onNext: { replayed.append($0) }).dispose()
      replayOptional.subscribe(onNext: { replayed.append($0) }).dispose()
      // The driver and the signal each put the element into each replay relay.
      expectEqual(replayed.value, [4, 4, 4, 4])
    }
  }

  @Test("bind(onNext:), and bind(to:) with a function and a curried argument")
  func closures() {
    withLeakChecking {
      let source = PublishRelay<Int>()
      let (driver, signal) = sequences(source)
      let received = Box<[String]>([])
      let bag = DisposeBag()
      bag.insert(driver.bind(onNext: { received.append("driver \($0)") }))
      bag.insert(signal.bind(onNext: { received.append("signal \($0)") }))
      bag.insert(
        driver.bind(to: { (sequence: Driver<Int>) in
          sequence.drive(onNext: { received.append("function \($0)") })
        }))
      bag.insert(
        signal.bind(
          to: { (sequence: Signal<Int>) in
            { (offset: Int) in sequence.emit(onNext: { received.append("curried \($0 + offset)") })
            }
          }, curriedArgument: 10))
      source.accept(5)
      // The relay reaches the driver's shared subscription first: it was made first.
      expectEqual(received.value, ["driver 5", "function 5", "signal 5", "curried 15"])
    }
  }

  @Test("drive and emit reach all three relays, optional or not, without ambiguity")
  func driveAndEmitToRelays() {
    withLeakChecking {
      let source = PublishRelay<Int>()
      let optionalSource = PublishRelay<Int?>()
      let (driver, signal) = sequences(source)
      let (optionalDriver, optionalSignal) = SharingScheduler.mock(
        scheduler: SynchronousScheduler()
      ) {
        (optionalSource.asDriver(onErrorJustReturn: nil), optionalSource.asSignal())
      }
      let behavior = BehaviorRelay<Int?>(value: nil)
      let publish = PublishRelay<Int?>()
      let replay = ReplayRelay<Int?>.create(bufferSize: 8)
      let published = Box<[Int?]>([])
      let bag = DisposeBag()
      bag.insert(publish.subscribe(onNext: { published.append($0) }))
      // Element → Element? relays, then Element? → Element? relays.
      bag.insert(driver.drive(behavior, behavior))
      bag.insert(driver.drive(publish))
      bag.insert(driver.drive(replay))
      bag.insert(signal.emit(to: behavior))
      bag.insert(signal.emit(to: publish))
      bag.insert(signal.emit(to: replay))
      bag.insert(optionalDriver.drive(behavior))
      bag.insert(optionalDriver.drive(publish))
      bag.insert(optionalDriver.drive(replay))
      bag.insert(optionalSignal.emit(to: behavior))
      bag.insert(optionalSignal.emit(to: publish))
      bag.insert(optionalSignal.emit(to: replay))
      source.accept(6)
      expectEqual(behavior.value, 6)
      optionalSource.accept(nil)
      #expect(behavior.value == nil)
      expectEqual(published.value, [6, 6, nil, nil])
      let replayed = Box<[Int?]>([])
      replay.subscribe(onNext: { replayed.append($0) }).dispose()
      expectEqual(replayed.value, [6, 6, nil, nil])
    }
  }
}
