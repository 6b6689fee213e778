#if canImport(Observation)
  import AsyncBridge
  import Dispatch
  import Observation
  import ObservableCore
  import ObservableTesting
  import Testing

  /// A thread-safe `Observable` model: the setter announces the change and stores the value
  /// inside the lock its getter takes.
  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  private final class StressCounter: Observation.Observable, Sendable {
    private let registrar = ObservationRegistrar()
    private let storage = _Mutex(0)

    var value: Int {
      registrar.access(self, keyPath: \.value)
      return storage.withLock { $0 }
    }

    func increment() {
      storage.withLock { value in
        registrar.withMutation(of: self, keyPath: \.value) { value += 1 }
      }
    }
  }

  extension Stress {
    /// A model mutated from several threads at once, read back through
    /// `Observable.observing(on:)` on a concurrent scheduler, 200 times.
    ///
    /// Each round checks that the observer was never called twice at once, that the values
    /// never decrease, and that the value after the last increment arrives before the deadline.
    @Suite("Stress: Observable.observing with a model mutated from several threads")
    struct ObservationTrackingStressTests {
      static let rounds = 200
      static let threads = 4
      static let incrementsPerThread = 200

      @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
      @Test("200 rounds of 4 mutating threads", .timeLimit(.minutes(5)))
      func severalMutatingThreads() async {
        let failures = StressFailures()
        let scheduler = ConcurrentDispatchQueueScheduler(qos: .default)
        for round in 0..<Self.rounds {
          let counter = StressCounter()
          let inFlight = _Atomic(0)
          let received = _Mutex<[Int]>([])
          let subscription = Observable.observing(on: scheduler) { counter.value }
            .subscribe(onNext: { value in
              if inFlight.add(1, ordering: .sequentiallyConsistent).newValue > 1 {
                failures.record("round \(round): concurrent calls into the observer")
              }
              received.withLock { $0.append(value) }
              inFlight.subtract(1, ordering: .sequentiallyConsistent)
            })
          let inTime = await runThreads(Self.threads, deadline: .seconds(60)) { _ in
            for _ in 0..<Self.incrementsPerThread { counter.increment() }
          }
          guard inTime else { return }
          let last = Self.threads * Self.incrementsPerThread
          let clock = ContinuousClock()
          let deadline = clock.now.advanced(by: .seconds(30))
          var polls = 0
          while received.withLock({ $0.last }) != last, clock.now < deadline {
            polls += 1
            if polls < 100 {
              await Task.yield()
            } else {
              try? await clock.sleep(for: .milliseconds(1))
            }
          }
          subscription.dispose()
          let values = received.withLock { $0 }
          if values.last != last {
            failures.record("round \(round): last value \(values.last ?? -1), not \(last)")
          }
          if !zip(values, values.dropFirst()).allSatisfy({ $0 <= $1 }) {
            failures.record("round \(round): values went back in time")
          }
        }
        failures.expectNone()
      }
    }
  }
#endif
