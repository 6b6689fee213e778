import ObservableCore
import OpenCombine

/// `Observable.create` emitting 10 elements and completing, subscribed and disposed over and
/// over: the cost of a subscription cycle of the most common custom source.
func w11(_ count: Int) -> [Row] {
  let ours = measure(elements: count) { OurWorkloads.create10Cycles(count) }
  let openCombine = measure(elements: count) {
    let sum = Accumulator()
    let tens = Deferred { (0..<10).publisher }.eraseToAnyPublisher()
    for _ in 0..<count {
      tens.sink { sum.total &+= $0 }.cancel()
    }
    blackHole(sum.total)
  }
  return [
    Row(
      workload: "W11 create { 10 elements } subscribe+dispose (per cycle)", ours: ours,
      peers: [("OpenCombine Deferred", openCombine)], targets: [], rxSwift: .w11Create,
      isSynchronous: true)
  ]
}
