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

/// `values` consumed with `for try await` on the main actor, next to the same loop off it.
func w12(_ count: Int) async -> [Row] {
  let off = await measure(elements: count) { blackHole(await sumOffMainActor(count)) }
  let onMain = await measure(elements: count) { blackHole(await sumOnMainActor(count)) }
  return [
    Row(
      workload: "W12 range(0, N).values on the main actor", ours: onMain,
      peers: [("same loop off the main actor", off)],
      targets: [.ratio(peer: "same loop off the main actor", max: 1.5)])
  ]
}
