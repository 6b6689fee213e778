import AsyncBridge
import ObservableCore

/// Sums `range.values` in a function isolated to the main actor.
@MainActor
private func sumOnMainActor(_ count: Int) async -> Int {
  var sum = 0
  do {
    for try await value in Observable.range(start: 0, count: count).values { sum &+= value }
  } catch {}
  return sum
}

/// Sums `range.values` in a nonisolated function: on the global concurrent executor.
private nonisolated func sumOffMainActor(_ count: Int) async -> Int {
  var sum = 0
  do {
    for try await value in Observable.range(start: 0, count: count).values { sum &+= value }
  } catch {}
  return sum
}

/// Sums `range.asyncElements` on the main actor: our iterator's `next(isolation:)` runs on the
/// caller's actor, so a buffered element costs no executor switch.
@MainActor
private func sumElementsOnMainActor(_ count: Int) async -> Int {
  var sum = 0
  do {
    for try await value in Observable.range(start: 0, count: count).asyncElements {
      sum &+= value
    }
  } catch {}
  return sum
}

/// Drains a prefilled `AsyncThrowingStream` on the main actor: Swift's own stream, without the
/// bridge, to show where `values`' per-element cost on the main actor comes from.
@MainActor
private func drainStreamOnMainActor(_ count: Int) async -> Int {
  let (stream, continuation) = AsyncThrowingStream.makeStream(of: Int.self)
  for value in 0..<count { continuation.yield(value) }
  continuation.finish()
  var sum = 0
  do {
    for try await value in stream { sum &+= value }
  } catch {}
  return sum
}

/// The same drain in a nonisolated function.
private nonisolated func drainStreamOffMainActor(_ count: Int) async -> Int {
  let (stream, continuation) = AsyncThrowingStream.makeStream(of: Int.self)
  for value in 0..<count { continuation.yield(value) }
  continuation.finish()
  var sum = 0
  do {
    for try await value in stream { sum &+= value }
  } catch {}
  return sum
}

/// The scheduler of the batching row's (never firing) timer.
private let batchScheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "benchmarks.w12")

/// Sums `range.buffer(timeSpan:count:).values` on the main actor: one executor round trip per
/// batch of 100 instead of per element.
@MainActor
private func sumBatchesOnMainActor(_ count: Int) async -> Int {
  var sum = 0
  let batches = Observable.range(start: 0, count: count)
    .buffer(timeSpan: .seconds(3600), count: 100, scheduler: batchScheduler)
  do {
    for try await batch in batches.values {
      for value in batch { sum &+= value }
    }
  } catch {}
  return sum
}

/// `values` consumed with `for try await` on the main actor, next to the same loop off it and
/// to what a main-actor caller can use instead.
func w12(_ count: Int) async -> [Row] {
  let off = await measure(elements: count) { blackHole(await sumOffMainActor(count)) }
  let onMain = await measure(elements: count) { blackHole(await sumOnMainActor(count)) }
  let elementsOnMain = await measure(elements: count) {
    blackHole(await sumElementsOnMainActor(count))
  }
  let batchesOnMain = await measure(elements: count) {
    blackHole(await sumBatchesOnMainActor(count))
  }
  let streamOff = await measure(elements: count) {
    blackHole(await drainStreamOffMainActor(count))
  }
  let streamOnMain = await measure(elements: count) {
    blackHole(await drainStreamOnMainActor(count))
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
