import Dispatch
import ObservableCore
import Synchronization

/// A serial-queue scheduler that counts the work `observe(on:)` schedules on it: one drain of
/// the operator's queue each time the consumer had caught up with the producer.
private final class CountingScheduler: ImmediateSchedulerType {
  let base = SerialDispatchQueueScheduler(internalSerialQueueName: "benchmarks.counting")
  let count = Atomic<Int>(0)

  func schedule<StateType: Sendable>(
    _ state: StateType, action: @escaping @Sendable (StateType) -> any Disposable
  ) -> any Disposable {
    count.add(1, ordering: .relaxed)
    return base.schedule(state, action: action)
  }
}

/// `observe(on:)` to a serial queue, per element: the subject is fed on this thread and the
/// elements are delivered on the queue.
func w14(_ count: Int) -> [Row] {
  let ours = measure(elements: count) {
    let sum = Accumulator()
    let done = DispatchSemaphore(value: 0)
    let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "benchmarks.ours")
    let subject = PublishSubject<Int>()
    let subscription = subject.observe(on: scheduler)
      .subscribe(onNext: { sum.total &+= $0 }, onCompleted: { done.signal() })
    for value in 0..<count { subject.onNext(value) }
    subject.onCompleted()
    done.wait()
    subscription.dispose()
    blackHole(sum.total)
  }
  // How often the consumer caught up: one scheduled drain per that many elements.
  var drains = Double.nan
  if !skippingCurrentGroup() {
    let done = DispatchSemaphore(value: 0)
    let scheduler = CountingScheduler()
    let subject = PublishSubject<Int>()
    let subscription = subject.observe(on: scheduler)
      .subscribe(onCompleted: { done.signal() })
    for value in 0..<count { subject.onNext(value) }
    subject.onCompleted()
    done.wait()
    subscription.dispose()
    drains = Double(scheduler.count.load(ordering: .relaxed)) / Double(count) * 1000
  }
  return [
    Row(
      workload: "W14 observe(on: serial queue) (per element)", ours: ours, peers: [],
      targets: [], rxSwift: .w14ObserveOn),
    Row(
      workload: "W14 drains scheduled per 1,000 elements (count, not ns)", ours: drains,
      peers: [], targets: []),
  ]
}
