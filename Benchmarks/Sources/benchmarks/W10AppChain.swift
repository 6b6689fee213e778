import ObservableCore
import OpenCombine

/// A typical app chain on a subject: `map`, `filter`, `scan`, `distinctUntilChanged`.
func w10(_ count: Int) -> [Row] {
  let ours = measure(elements: count) { OurWorkloads.appChain(count) }
  let openCombine = measure(elements: count) {
    let sum = Accumulator()
    let subject = PassthroughSubject<Int, Never>()
    let cancellable = subject.map { $0 / 3 }.filter { $0 % 5 != 4 }
      .scan(0) { $0 &+ $1 }.removeDuplicates()
      .sink { sum.total &+= $0 }
    for value in 0..<count { subject.send(value) }
    cancellable.cancel()
    blackHole(sum.total)
  }
  return [
    Row(
      workload: "W10 subject.map.filter.scan.distinctUntilChanged", ours: ours,
      peers: [("OpenCombine", openCombine)], targets: [], rxSwift: .w10AppChain,
      isSynchronous: true)
  ]
}
