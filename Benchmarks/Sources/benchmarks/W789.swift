import ObservableCore
import OpenCombine

func w7(_ count: Int) -> [Row] {
  let ours = measure(elements: count) { OurWorkloads.flatMapLatestJust(count) }
  let openCombine = measure(elements: count) {
    let sum = Accumulator()
    let subject = PassthroughSubject<Int, Never>()
    let cancellable = subject.map { Just($0 * 2) }.switchToLatest().sink { sum.total &+= $0 }
    for value in 0..<count { subject.send(value) }
    cancellable.cancel()
    blackHole(sum.total)
  }
  return [
    Row(
      workload: "W7 subject.flatMapLatest { just($0 * 2) }", ours: ours,
      peers: [("OpenCombine", openCombine)], targets: [.ratio(peer: "OpenCombine", max: 0.25)],
      rxSwift: .w7FlatMapLatest, isSynchronous: true)
  ]
}

func w8(_ count: Int, calibratedMutex: Double) -> [Row] {
  let ours = measure(elements: count) { OurWorkloads.combineLatest(count) }
  // The target is 300 ns at a calibration of 29 ns per mutex lock/unlock; scale it.
  return [
    Row(
      workload: "W8 combineLatest of two subjects, alternating (per send)", ours: ours,
      peers: [],
      targets: [.absolute(max: 300 * max(calibratedMutex, 29) / 29)], rxSwift: .w8CombineLatest,
      isSynchronous: true)
  ]
}

func w9(_ count: Int) -> [Row] {
  let ours = measure(elements: count) { OurWorkloads.shareReplay(count) }
  let openCombine = measure(elements: count) {
    let sum = Accumulator()
    let subject = PassthroughSubject<Int, Never>()
    let shared = subject.share()
    let cancellables = (0..<4).map { _ in shared.sink { sum.total &+= $0 } }
    for value in 0..<count { subject.send(value) }
    blackHole(cancellables)
    blackHole(sum.total)
  }
  return [
    Row(
      workload: "W9 share(replay: 1), 4 subscribers", ours: ours,
      peers: [("OpenCombine share()", openCombine)],
      targets: [.ratio(peer: "OpenCombine share()", max: 0.1)], rxSwift: .w9ShareReplay,
      isSynchronous: true)
  ]
}
