import Foundation
import ObservableCore
import ObservableTesting
import Testing

/// An `NSObject` subclass that is `Sendable`: final, with only immutable `Sendable` state.
private final class Thermometer: NSObject, Sendable {
  let celsius: Int

  init(celsius: Int) {
    self.celsius = celsius
  }
}

extension Reactive where Base: Thermometer {
  /// The reading, taken when subscribed.
  fileprivate var reading: Single<Int> {
    let base = self.base
    return Single.deferred { .just(base.celsius) }
  }
}

/// A plain `NSObject` subclass with mutable state, so neither it nor its `Reactive` is
/// `Sendable`.
private final class Counter: NSObject {
  var count = 0
}

extension Reactive where Base: Counter {
  /// The count now, as a value: the `Single` captures the number, never the object.
  fileprivate var snapshot: Single<Int> { .just(base.count) }
}

@Suite("NSObject is ReactiveCompatible")
struct NSObjectReactiveTests {
  @Test("rx has the static type of the object it is reached from")
  func staticType() {
    let queue = OperationQueue()
    let reactive: Reactive<OperationQueue> = queue.rx
    #expect(reactive.base === queue)
    let plain = NSObject()
    #expect(plain.rx.base === plain)
    #expect(NSObject.rx == Reactive<NSObject>.self)
    #expect(OperationQueue.rx == Reactive<OperationQueue>.self)
  }

  @Test("a reactive extension constrained to a Sendable subclass builds sequences from base")
  func sendableExtension() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let thermometer = Thermometer(celsius: 21)
      let res = scheduler.start { thermometer.rx.reading }
      expectEqual(res.events, [.next(200, 21), .completed(200)])
    }
  }

  @Test("Reactive accepts a base that is not Sendable")
  func nonSendableBase() {
    withLeakChecking {
      let counter = Counter()
      counter.count = 3
      let reactive: Reactive<Counter> = counter.rx
      counter.count = 4
      let values = Box<[Int]>([])
      _ = reactive.snapshot.subscribe(onSuccess: { value in values.mutate { $0.append(value) } })
      expectEqual(values.value, [4])
    }
  }

  @Test("the object is released once the sequence built from its rx has finished")
  func release() {
    weak var weakThermometer: Thermometer?
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      do {
        let thermometer = Thermometer(celsius: 5)
        weakThermometer = thermometer
        let reading = thermometer.rx.reading
        let res = scheduler.start { reading }
        expectEqual(res.events, [.next(200, 5), .completed(200)])
      }
    }
    #expect(weakThermometer == nil)
  }
}
