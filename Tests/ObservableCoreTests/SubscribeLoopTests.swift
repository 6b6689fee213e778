import Dispatch
import ObservableTesting
import Testing

@testable import ObservableCore

private final class LoopHost: Sendable {
  let loop = _SubscribeLoop()
  let steps = _Atomic<Int>(0)
  let depth = _Atomic<Int>(0)
  let maxDepth = _Atomic<Int>(0)
}

@Suite("subscribe loop")
struct SubscribeLoopTests {
  @Test("a step requested from inside a step runs after it, not inside it")
  func flattensReentrantRequests() {
    let host = LoopHost()
    func step() {
      let depth = host.depth.add(1, ordering: .relaxed).newValue
      host.maxDepth.max(depth, ordering: .relaxed)
      if host.steps.add(1, ordering: .relaxed).newValue < 10_000 {
        host.loop.run { step() }
      }
      host.depth.subtract(1, ordering: .relaxed)
    }
    host.loop.run { step() }
    expectEqual(host.steps.load(ordering: .relaxed), 10_000)
    expectEqual(host.maxDepth.load(ordering: .relaxed), 1)
  }

  @Test("requests from many threads each run exactly one step, never two at once")
  func concurrentRequests() async {
    let host = LoopHost()
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<4 {
        group.addTask {
          for _ in 0..<2_000 {
            host.loop.run {
              let depth = host.depth.add(1, ordering: .sequentiallyConsistent).newValue
              host.maxDepth.max(depth, ordering: .sequentiallyConsistent)
              host.steps.add(1, ordering: .sequentiallyConsistent)
              host.depth.subtract(1, ordering: .sequentiallyConsistent)
            }
          }
        }
      }
    }
    expectEqual(host.steps.load(ordering: .sequentiallyConsistent), 8_000)
    expectEqual(host.maxDepth.load(ordering: .sequentiallyConsistent), 1)
  }
}
