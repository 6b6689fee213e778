import ObservableCore
import Testing

/// Plain data written before an atomic's releasing store and read after its acquiring load.
///
/// ThreadSanitizer reports a race on it unless the atomic's release/acquire pair orders the
/// two accesses: that is what the test checks about the implementation's ordering.
// SAFETY: written by one thread before it publishes through an atomic with release ordering,
// read by another after it observes that through an atomic with acquire ordering.
private final class Payload: @unchecked Sendable {
  var values: [Int] = []
}

extension Stress {
  /// `_Atomic` and `_Mutex` themselves, under contention.
  ///
  /// On Linux they are Synchronization's `Atomic` and `Mutex`; with
  /// `-D OBSERVABLE_PORTABLE_LOCKS` (as on Apple platforms), the C11 atomics and the heap lock
  /// of `Internal/Atomic.swift` and `Internal/Mutex.swift`. Every operation the package uses,
  /// from several threads at once, with totals that only hold if each is atomic.
  @Suite("Stress: _Atomic and _Mutex under contention")
  struct AtomicAndMutexStressTests {
    static let threads = 4
    static let iterations = 20_000

    @Test("read-modify-writes from several threads add up exactly", .timeLimit(.minutes(5)))
    func readModifyWrites() async {
      let counter = _Atomic<Int>(0)
      let wrapping = _Atomic<Int32>(0)
      let bytes = _Atomic<UInt8>(0)
      let wide = _Atomic<UInt64>(0)
      let maximum = _Atomic<Int>(Int.min)
      let minimum = _Atomic<Int>(Int.max)
      let casCount = _Atomic<Int>(0)
      let exchanges = _Atomic<Int>(0)
      let finished = await runThreads(Self.threads, deadline: .seconds(120)) { thread in
        for index in 0..<Self.iterations {
          _ = counter.wrappingAdd(1, ordering: .relaxed)
          _ = counter.add(2, ordering: .sequentiallyConsistent)
          _ = counter.subtract(1, ordering: .acquiringAndReleasing)
          _ = wrapping.wrappingAdd(Int32.max, ordering: .relaxed)
          _ = wrapping.wrappingSubtract(Int32.max, ordering: .relaxed)
          _ = bytes.bitwiseOr(UInt8(1 << (thread % 8)), ordering: .sequentiallyConsistent)
          _ = wide.wrappingAdd(1 << 32, ordering: .relaxed)
          _ = maximum.max(thread * Self.iterations + index, ordering: .relaxed)
          _ = minimum.min(thread * Self.iterations + index, ordering: .relaxed)
          // A counter built from compare-exchange alone.
          var seen = casCount.load(ordering: .relaxed)
          while true {
            let (exchanged, original) = casCount.compareExchange(
              expected: seen, desired: seen + 1, ordering: .acquiringAndReleasing)
            if exchanged { break }
            seen = original
          }
          _ = exchanges.exchange(index, ordering: .releasing)
        }
      }
      #expect(finished)
      let total = Self.threads * Self.iterations
      #expect(counter.load(ordering: .sequentiallyConsistent) == 2 * total)
      #expect(wrapping.load(ordering: .acquiring) == 0)
      #expect(bytes.load(ordering: .relaxed) == 0b1111)
      #expect(wide.load(ordering: .relaxed) == UInt64(total) << 32)
      #expect(maximum.load(ordering: .relaxed) == total - 1)
      #expect(minimum.load(ordering: .relaxed) == 0)
      #expect(casCount.load(ordering: .relaxed) == total)
      #expect(exchanges.load(ordering: .relaxed) == Self.iterations - 1)
      let anded = bytes.bitwiseAnd(0b0101, ordering: .relaxed)
      #expect(anded.oldValue == 0b1111 && anded.newValue == 0b0101)
    }

    @Test(
      "a releasing store publishes plain writes to an acquiring load", .timeLimit(.minutes(5)))
    func releaseAcquire() async {
      let rounds = 2_000
      let failures = StressFailures()
      let completed = await runRaces(rounds, deadline: .seconds(120)) { round in
        let payload = Payload()
        let ready = _Atomic<Bool>(false)
        let flag = _Atomic<UInt8>(0)
        return Race(
          left: {
            payload.values = [round, round + 1]
            if round.isMultiple(of: 2) {
              ready.store(true, ordering: .releasing)
            } else {
              _ = flag.bitwiseOr(1, ordering: .releasing)
            }
          },
          right: {
            if round.isMultiple(of: 2) {
              while !ready.load(ordering: .acquiring) { yieldThread() }
            } else {
              while flag.load(ordering: .acquiring) == 0 { yieldThread() }
            }
            if payload.values != [round, round + 1] { failures.record("round \(round)") }
          },
          check: {})
      }
      #expect(completed == rounds)
      failures.expectNone()
    }

    @Test("a mutex serializes its critical sections", .timeLimit(.minutes(5)))
    func mutualExclusion() async {
      let state = _Mutex((count: 0, inside: 0, overlaps: 0))
      let empty = _Mutex(())
      let finished = await runThreads(Self.threads, deadline: .seconds(120)) { _ in
        for _ in 0..<Self.iterations {
          state.withLock { state in
            state.inside += 1
            if state.inside > 1 { state.overlaps += 1 }
            state.count += 1
            state.inside -= 1
          }
          empty.withLock { _ in }
        }
      }
      #expect(finished)
      let result = state.withLock { $0 }
      #expect(result.count == Self.threads * Self.iterations)
      #expect(result.overlaps == 0)
    }
  }
}
