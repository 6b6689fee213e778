import ObservableCocoa
import ObservableCore
import ObservableTesting
import Testing

@Suite("emit")
struct EmitTests {
  /// A signal that delivers synchronously, so that each test can check the effect at once.
  private func signal<Element: Sendable>(_ relay: PublishRelay<Element>) -> Signal<Element> {
    SharingScheduler.mock(scheduler: SynchronousScheduler()) { relay.asSignal() }
  }

  @Test("emit(to:) sends every event to each observer, optional or not")
  func observers() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let first = scheduler.createObserver(Int.self)
      let second = scheduler.createObserver(Int?.self)
      let relay = PublishRelay<Int>()
      let a = signal(relay).emit(to: first)
      let b = signal(relay).emit(to: second)
      relay.accept(2)
      expectEqual(first.events, [.next(0, 2)])
      expectEqual(second.events, [.next(0, 2)])
      a.dispose()
      b.dispose()
    }
  }

  @Test("emit(to:) to relays, and to relays of optionals")
  func relays() {
    withLeakChecking {
      let source = PublishRelay<Int>()
      let behavior = BehaviorRelay(value: 0)
      let optional = BehaviorRelay<Int?>(value: nil)
      let publish = PublishRelay<Int?>()
      let replay = ReplayRelay<Int>.create(bufferSize: 4)
      let published = Box<[Int?]>([])
      let watch = publish.subscribe(onNext: { published.append($0) })
      let bag = DisposeBag()
      bag.insert(signal(source).emit(to: behavior))
      bag.insert(signal(source).emit(to: optional))
      bag.insert(signal(source).emit(to: publish))
      bag.insert(signal(source).emit(to: replay))
      source.accept(2)
      expectEqual(behavior.value, 2)
      expectEqual(optional.value, 2)
      expectEqual(published.value, [2])
      let replayed = Box<[Int]>([])
      replay.subscribe(onNext: { replayed.append($0) }).dispose()
      expectEqual(replayed.value, [2])
      watch.dispose()
    }
  }

  @Test("emit(onNext:onCompleted:onDisposed:) and emit(with:) call their closures")
  func closures() {
    withLeakChecking {
      let log = Box<[String]>([])
      let owner = Owner()
      let signal = SharingScheduler.mock(scheduler: SynchronousScheduler()) {
        Signal.of(1, 2)
      }
      _ = signal.emit(
        onNext: { log.append("next \($0)") }, onCompleted: { log.append("completed") },
        onDisposed: { log.append("disposed") })
      _ = signal.emit(with: owner, onNext: { _, value in log.append("with \(value)") })
      expectEqual(log.value, ["next 1", "next 2", "completed", "disposed", "with 1", "with 2"])
    }
  }
}
