import AsyncBridge
import ObservableCore

/// Iterates `sequence` with `for try await` in `isolation` (the main actor, or `nil`: the
/// global concurrent executor) and sums what `value` makes of each element.
private func sum<S: AsyncSequence>(
  _ sequence: S, isolation: isolated (any Actor)?, value: (S.Element) -> Int
) async -> Int {
  var total = 0
  do {
    for try await element in sequence { total &+= value(element) }
  } catch {}
  return total
}

/// A finished `AsyncThrowingStream` holding `0..<count`: Swift's own stream, no bridge.
private func prefilledStream(_ count: Int) -> AsyncThrowingStream<Int, any Error> {
  let (stream, continuation) = AsyncThrowingStream.makeStream(of: Int.self)
  for value in 0..<count { continuation.yield(value) }
  continuation.finish()
  return stream
}

/// The scheduler of the batching row's (never firing) timer.
private let batchScheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "benchmarks.w12")

/// `values` consumed with `for try await` on the main actor, next to the same loop off it, to
/// Swift's own stream on and off it (where the cost comes from), and to what a main-actor
/// caller can use instead: `asyncElements`, whose `next(isolation:)` stays on the caller's
/// actor, and `values` of batches of 100 (one executor round trip per batch).
func w12(_ count: Int) async -> [Row] {
  let range = Observable.range(start: 0, count: count)
  let main = MainActor.shared
  let off = await measure(elements: count) {
    blackHole(await sum(range.values, isolation: nil) { $0 })
  }
  let onMain = await measure(elements: count) {
    blackHole(await sum(range.values, isolation: main) { $0 })
  }
  let elementsOnMain = await measure(elements: count) {
    blackHole(await sum(range.asyncElements, isolation: main) { $0 })
  }
  let batches = range.buffer(timeSpan: .seconds(3600), count: 100, scheduler: batchScheduler)
  let batchesOnMain = await measure(elements: count) {
    blackHole(await sum(batches.values, isolation: main) { $0.reduce(0, &+) })
  }
  let streamOff = await measure(elements: count) {
    blackHole(await sum(prefilledStream(count), isolation: nil) { $0 })
  }
  let streamOnMain = await measure(elements: count) {
    blackHole(await sum(prefilledStream(count), isolation: main) { $0 })
  }
  let offPeer = "same loop off the main actor"
  return [
    Row(
      workload: "W12 range(0, N).values on the main actor", ours: onMain,
      peers: [(offPeer, off)], targets: [.ratio(peer: offPeer, max: 1.5)]),
    Row(
      workload: "W12 prefilled AsyncThrowingStream drained on the main actor (no bridge)",
      ours: streamOnMain, peers: [("same drain off the main actor", streamOff)], targets: [.none]),
    Row(
      workload: "W12 range(0, N).asyncElements on the main actor", ours: elementsOnMain,
      peers: [(offPeer, off)], targets: [.ratio(peer: offPeer, max: 1.5)]),
    Row(
      workload: "W12 range(0, N).buffer(count: 100).values on the main actor (per element)",
      ours: batchesOnMain, peers: [(offPeer, off)], targets: [.ratio(peer: offPeer, max: 1.5)]),
  ]
}
