import ObservableCore
import OpenCombine
import Synchronization

/// The hand-written floor: a Mutex-guarded array of observer closures, snapshotted per send.
final class FloorSubject: Sendable {
  private let observers = Mutex<[@Sendable (Int) -> Void]>([])

  func subscribe(_ observer: @escaping @Sendable (Int) -> Void) {
    observers.withLock { $0.append(observer) }
  }

  @inline(never)
  func send(_ value: Int) {
    let snapshot = observers.withLock { $0 }
    for observer in snapshot { observer(value) }
  }
}

func w2(_ count: Int) -> [Row] {
  func ours(_ subscribers: Int) -> Double {
    measure(elements: count) { OurWorkloads.subjectSends(count, subscribers: subscribers) }
  }
  func relay(_ subscribers: Int) -> Double {
    measure(elements: count) {
      let sum = Accumulator()
      let relay = PublishRelay<Int>()
      let subscriptions = (0..<subscribers).map { _ in relay.subscribe(onNext: { sum.total &+= $0 })
      }
      for value in 0..<count { relay.accept(value) }
      for subscription in subscriptions { subscription.dispose() }
      blackHole(sum.total)
    }
  }
  func floor(_ subscribers: Int) -> Double {
    measure(elements: count) { OurWorkloads.subjectFloor(count, subscribers: subscribers) }
  }
  func openCombine(_ subscribers: Int) -> Double {
    measure(elements: count) {
      let sum = Accumulator()
      let subject = PassthroughSubject<Int, Never>()
      let cancellables = (0..<subscribers).map { _ in subject.sink { sum.total &+= $0 } }
      for value in 0..<count { subject.send(value) }
      blackHole(cancellables)
      blackHole(sum.total)
    }
  }
  let (ours1, ours10) = (ours(1), ours(10))
  let (relay1, relay10) = (relay(1), relay(10))
  let (floor1, floor10) = (floor(1), floor(10))
  let (combine1, combine10) = (openCombine(1), openCombine(10))
  return [
    Row(
      workload: "W2 PublishSubject, 1 subscriber", ours: ours1,
      peers: [("floor", floor1), ("OpenCombine", combine1)],
      targets: [.ratio(peer: "floor", max: 1.3)],
      rxSwift: .w2Subject1, isSynchronous: true),
    Row(
      workload: "W2 PublishSubject, 10 subscribers", ours: ours10,
      peers: [("floor", floor10), ("OpenCombine", combine10)],
      targets: [.ratio(peer: "OpenCombine", max: 0.1)], rxSwift: .w2Subject10, isSynchronous: true),
    Row(
      workload: "W2 PublishRelay, 1 subscriber", ours: relay1,
      peers: [("floor", floor1), ("OpenCombine", combine1)],
      targets: [.ratio(peer: "floor", max: 1.3)],
      rxSwift: .w2Relay1, isSynchronous: true),
    Row(
      workload: "W2 PublishRelay, 10 subscribers", ours: relay10,
      peers: [("floor", floor10), ("OpenCombine", combine10)],
      targets: [.ratio(peer: "OpenCombine", max: 0.1)], rxSwift: .w2Relay10, isSynchronous: true),
  ]
}
