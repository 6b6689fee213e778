import AsyncBridge
import Dispatch
import Foundation
import ObservableCore
import Testing

/// A burst that a main-actor consumer cannot keep up with, and an unrelated main-actor job
/// asked for in the middle of it.
///
/// A thread sends one element every `sendInterval` into `subject` until the job has run or
/// `burstLimit` passes; the consumer spends `elementCost` on each element. Once `backlog`
/// elements of the burst are sent, the same thread starts the unrelated job, a `@MainActor` task.
/// The job must run while the burst still goes on: a delivery loop that never gives the main
/// actor back runs it only after the producer has given up and the backlog is drained. The job
/// is started from the producer's own thread, so that nothing between the burst and the main
/// actor depends on the cooperative pool, which other tests running at the same time may keep
/// busy.
private final class Burst: Sendable {
  static let sendInterval = Duration.microseconds(5)
  static let elementCost = Duration.microseconds(50)
  static let burstLimit = Duration.seconds(20)
  static let warmUp = 50
  /// The elements sent in the burst before the job is asked for.
  static let backlog = 200

  let subject = PublishSubject<Int>()
  let received = _Atomic<Int>(0)
  let jobRan = _Atomic<Bool>(false)
  let ranDuringBurst = _Atomic<Bool>(false)
  let waitedNanoseconds = _Atomic<Int>(0)
  let producerFinished = _Atomic<Bool>(false)

  /// What the consumer calls for each element: counts it and keeps the thread busy.
  func consume() {
    received.add(1, ordering: .relaxed)
    spin(for: Self.elementCost)
  }

  /// Runs the burst on a thread of its own (not one of the pools that tasks run on), once the
  /// subject has an observer, and starts the unrelated job once the consumer is busy.
  ///
  /// The burst starts only after the consumer has received `warmUp` elements, sent one at a
  /// time, so that a consumer slow to start (the main actor busy with other tests) does not
  /// use up the burst's time.
  func startProducer() {
    let thread = Thread { [self] in
      // Nothing here spins while it waits: other tests share the machine's cores.
      let clock = ContinuousClock()
      let warmUpDeadline = clock.now.advanced(by: .seconds(120))
      while !subject.hasObservers, clock.now < warmUpDeadline {
        Thread.sleep(forTimeInterval: 0.001)
      }
      var value = 0
      while received.load(ordering: .relaxed) < Self.warmUp, clock.now < warmUpDeadline {
        subject.onNext(value)
        value += 1
        while received.load(ordering: .relaxed) < value, clock.now < warmUpDeadline {
          Thread.sleep(forTimeInterval: 0.0002)
        }
      }
      let deadline = clock.now.advanced(by: Self.burstLimit)
      var sent = 0
      while !jobRan.load(ordering: .acquiring), clock.now < deadline {
        // Ten elements, then a pause: about one element per `sendInterval` on average, without
        // keeping a core busy between sends.
        for _ in 0..<10 {
          subject.onNext(value)
          value += 1
        }
        sent += 10
        if sent == Self.backlog {
          // The consumer is now well behind; ask for the job.
          let askedAt = clock.now
          Task { @MainActor in
            let waited = clock.now - askedAt
            self.waitedNanoseconds.store(
              Int(waited.components.seconds) * 1_000_000_000
                + Int(waited.components.attoseconds / 1_000_000_000),
              ordering: .relaxed)
            self.ranDuringBurst.store(
              !self.producerFinished.load(ordering: .acquiring), ordering: .relaxed)
            self.jobRan.store(true, ordering: .releasing)
          }
        }
        Thread.sleep(forTimeInterval: 10 * Self.sendInterval.seconds)
      }
      producerFinished.store(true, ordering: .releasing)
    }
    thread.start()
  }

  /// Waits for the producer to finish: at once after the job has run, or at the burst's
  /// limit.
  ///
  /// - Returns: Whether the job ran while the producer was still sending, and how long it
  ///   waited for the main actor.
  func unrelatedMainActorJob() async -> (ranDuringBurst: Bool, waited: Duration) {
    let finished = await bridgeEventually(timeout: .seconds(300)) {
      producerFinished.load(ordering: .acquiring)
    }
    #expect(finished, "the producer never finished")
    #expect(received.load(ordering: .relaxed) >= Self.warmUp)
    guard jobRan.load(ordering: .acquiring) else { return (false, Self.burstLimit) }
    return (
      ranDuringBurst.load(ordering: .relaxed),
      .nanoseconds(waitedNanoseconds.load(ordering: .relaxed))
    )
  }
}

/// Busy-waits for `duration`, as an observer doing real work would keep its thread.
private func spin(for duration: Duration) {
  let clock = ContinuousClock()
  let end = clock.now.advanced(by: duration)
  while clock.now < end {}
}

/// Iterates the sequence `elements` makes in a main-actor task during a burst, and checks that
/// an unrelated main-actor job ran before the burst ended.
private func mainActorLoop<S: AsyncSequence & Sendable>(
  _ elements: (Burst) -> S, sourceLocation: SourceLocation = #_sourceLocation
) async {
  let burst = Burst()
  let sequence = elements(burst)
  let consumer = Task { @MainActor in
    do {
      for try await _ in sequence { burst.consume() }
    } catch {}
  }
  burst.startProducer()
  let (ranDuringBurst, waited) = await burst.unrelatedMainActorJob()
  consumer.cancel()
  await consumer.value
  #expect(
    ranDuringBurst, "the main-actor job waited \(waited), until the burst ended",
    sourceLocation: sourceLocation)
}

@Suite("Main-actor fairness: an unrelated main-actor job runs during a burst", .serialized)
struct MainActorFairnessTests {
  @Test("observe(on: MainActor.shared) gives the main actor back between slices")
  func observeOnMainActor() async {
    let burst = Burst()
    let subscription = burst.subject.observe(on: MainActor.shared as any Actor)
      .subscribe(onNext: { _ in burst.consume() })
    burst.startProducer()
    let (ranDuringBurst, waited) = await burst.unrelatedMainActorJob()
    subscription.dispose()
    #expect(ranDuringBurst, "the main-actor job waited \(waited), until the burst ended")
  }

  @Test("observe(on: MainScheduler.instance) gives the main queue back between slices")
  func observeOnMainScheduler() async {
    let burst = Burst()
    let subscription = burst.subject.observe(on: MainScheduler.instance)
      .subscribe(onNext: { _ in burst.consume() })
    burst.startProducer()
    let (ranDuringBurst, waited) = await burst.unrelatedMainActorJob()
    subscription.dispose()
    #expect(ranDuringBurst, "the main-actor job waited \(waited), until the burst ended")
  }

  @Test("asyncElements in a main-actor loop yields between slices")
  func asyncElementsOnMainActor() async {
    await mainActorLoop { $0.subject.asyncElements }
  }

  @Test("asyncElements with a bounded buffer in a main-actor loop yields between slices")
  func boundedAsyncElementsOnMainActor() async {
    await mainActorLoop { $0.subject.asyncElements(bufferingPolicy: .bufferingNewest(1_000)) }
  }

  @Test("values in a main-actor loop lets the main actor go (each element is a hop)")
  func valuesOnMainActor() async {
    let burst = Burst()
    let consumer = Task { @MainActor in
      do {
        for try await _ in burst.subject.values { burst.consume() }
      } catch {}
    }
    burst.startProducer()
    let (ranDuringBurst, waited) = await burst.unrelatedMainActorJob()
    consumer.cancel()
    await consumer.value
    #expect(ranDuringBurst, "the main-actor job waited \(waited), until the burst ended")
  }
}

extension Duration {
  /// The duration in seconds, for `Thread.sleep(forTimeInterval:)`.
  fileprivate var seconds: Double {
    Double(components.seconds) + Double(components.attoseconds) / 1e18
  }
}
