import AsyncAlgorithms
import ObservableCore
import OpenCombine

/// Hides a closure from the optimizer, so each stage stays an indirect call.
@inline(never)
func opaque<T>(_ value: T) -> T { value }

func w1(_ count: Int) async -> [Row] {
  let array = Array(0..<count)

  let rangeChain = measure(elements: count) { OurWorkloads.rangeChain(count) }
  let arrayChain = measure(elements: count) {
    let sum = Accumulator()
    let subscription = Observable.from(array)
      .map { $0 + 1 }.filter { $0 % 2 == 0 }.map { $0 * 2 }
      .subscribe(onNext: { sum.total &+= $0 })
    blackHole(subscription)
    blackHole(sum.total)
  }
  let floor = measure(elements: count) { OurWorkloads.chainFloor(count) }
  let openCombineRange = measure(elements: count) {
    let sum = Accumulator()
    let cancellable = (0..<count).publisher.eraseToAnyPublisher()
      .map { $0 + 1 }.filter { $0 % 2 == 0 }.map { $0 * 2 }
      .sink { sum.total &+= $0 }
    blackHole(cancellable)
    blackHole(sum.total)
  }
  let openCombineArray = measure(elements: count) {
    let sum = Accumulator()
    let cancellable = array.publisher.eraseToAnyPublisher()
      .map { $0 + 1 }.filter { $0 % 2 == 0 }.map { $0 * 2 }
      .sink { sum.total &+= $0 }
    blackHole(cancellable)
    blackHole(sum.total)
  }
  let concurrency = await measure(elements: count) {
    var sum = 0
    for await value in (0..<count).async.map({ $0 + 1 }).filter({ $0 % 2 == 0 }).map({ $0 * 2 }) {
      sum &+= value
    }
    blackHole(sum)
  }
  return [
    Row(
      workload: "W1 range→map→filter→map", ours: rangeChain,
      peers: [("floor", floor), ("OpenCombine", openCombineRange), ("(0..<N).async", concurrency)],
      targets: [.ratio(peer: "floor", max: 2)],
      rxSwift: .w1Range, isSynchronous: true),
    Row(
      workload: "W1 from(array)→map→filter→map", ours: arrayChain,
      peers: [("floor", floor), ("OpenCombine", openCombineArray)],
      targets: [.ratio(peer: "floor", max: 2)],
      rxSwift: .w1Array, isSynchronous: true),
  ]
}
