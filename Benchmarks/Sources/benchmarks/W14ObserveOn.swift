import Dispatch
import ObservableCore

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
  return [
    Row(
      workload: "W14 observe(on: serial queue) (per element)", ours: ours, peers: [],
      targets: [], rxSwift: .w14ObserveOn)
  ]
}
