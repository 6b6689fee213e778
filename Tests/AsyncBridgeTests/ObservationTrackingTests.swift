#if canImport(Observation)
  import Dispatch
  import Observation
  import ObservableCore
  import ObservableTesting
  import Testing

  @testable import AsyncBridge

  /// A model that the tests mutate only on the thread that runs their `TestScheduler`.
  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Observable
  // SAFETY: each test touches its model only from the thread that runs its TestScheduler (the
  // test's own), the model's confinement.
  private final class ConfinedModel: @unchecked Sendable {
    var count = 0
    var other = 0
  }

  /// A model for the main-actor variant.
  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @MainActor @Observable
  private final class MainModel {
    var count = 0
  }

  /// A thread-safe model: its setter announces the change and stores the value inside the lock
  /// its getter takes, as ``ObservableCore/Observable/observing(on:_:)`` asks of a model mutated
  /// from several threads.
  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  final class LockedCounter: Observation.Observable, Sendable {
    private let registrar = ObservationRegistrar()
    private let storage = _Mutex(0)

    init() {}

    var value: Int {
      registrar.access(self, keyPath: \.value)
      return storage.withLock { $0 }
    }

    /// Adds one and returns the new value.
    @discardableResult
    func increment() -> Int {
      storage.withLock { value in
        registrar.withMutation(of: self, keyPath: \.value) {
          value += 1
          return value
        }
      }
    }
  }

  /// Counts how many calls are inside the observer at once, and the most there ever were.
  final class InFlightProbe: Sendable {
    private let inFlight = _Atomic(0)
    private let maximum = _Atomic(0)

    init() {}

    var maximumInFlight: Int { maximum.load(ordering: .sequentiallyConsistent) }

    func enter() {
      let now = inFlight.add(1, ordering: .sequentiallyConsistent).newValue
      maximum.max(now, ordering: .sequentiallyConsistent)
    }

    func leave() {
      inFlight.subtract(1, ordering: .sequentiallyConsistent)
    }
  }

  @Suite("Observable.observing (withObservationTracking)", .timeLimit(.minutes(1)))
  struct ObservationTrackingTests {
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test("emits the current value, then the value after each change, on the scheduler")
    func valuesInOrder() {
      let scheduler = TestScheduler(initialClock: 0)
      let model = ConfinedModel()
      scheduler.scheduleAt(300) { model.count = 1 }
      scheduler.scheduleAt(400) { model.count = 2 }
      scheduler.scheduleAt(500) { model.other = 7 }
      let observer = scheduler.start {
        Observable.observing(on: scheduler) { model.count * 100 + model.other }
      }
      // Each read runs on the scheduler one tick after what scheduled it.
      expectEqual(
        observer.events,
        [
          .next(201, 0), .next(301, 100), .next(401, 200), .next(501, 207),
        ])
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test("changes made in one piece of work on the scheduler arrive as one value")
    func changesInOneWorkItemCoalesce() {
      let scheduler = TestScheduler(initialClock: 0)
      let model = ConfinedModel()
      scheduler.scheduleAt(300) {
        model.count = 1
        model.count = 2
        model.other = 3
      }
      let observer = scheduler.start {
        Observable.observing(on: scheduler) { model.count * 100 + model.other }
      }
      expectEqual(observer.events, [.next(201, 0), .next(301, 203)])
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test("after dispose, a change neither reads nor tracks again, and nothing is delivered")
    func nothingAfterDispose() {
      let scheduler = TestScheduler(initialClock: 0)
      let model = ConfinedModel()
      let reads = BridgeBox(0)
      scheduler.scheduleAt(300) { model.count = 1 }
      scheduler.scheduleAt(600) { model.count = 2 }
      scheduler.scheduleAt(700) { model.count = 3 }
      let observer = scheduler.start(disposed: 500) {
        Observable.observing(on: scheduler) {
          reads.mutate { $0 += 1 }
          return model.count
        }
      }
      expectEqual(observer.events, [.next(201, 0), .next(301, 1)])
      // Two reads per value (track, then read again); none after the disposal at 500.
      expectEqual(reads.value, 4)
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test("a change announced while a read is queued, and disposal before it runs: no value")
    func queuedReadAfterDispose() {
      let scheduler = TestScheduler(initialClock: 0)
      let model = ConfinedModel()
      let subscription = BridgeBox<(any Disposable)?>(nil)
      let observer = scheduler.createObserver(Int.self)
      scheduler.scheduleAt(100) {
        subscription.value = Observable.observing(on: scheduler) { model.count }
          .subscribe(observer)
      }
      // The change queues a read for 301; the disposal at 300 comes after the change.
      scheduler.scheduleAt(300) {
        model.count = 1
        subscription.value?.dispose()
      }
      scheduler.start()
      expectEqual(observer.events, [.next(101, 0)])
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test("disposing releases the models and the closure, even with a read still queued")
    func disposeReleasesModel() {
      let scheduler = TestScheduler(initialClock: 0)
      weak var weakModel: ConfinedModel?
      let subscription: any Disposable
      do {
        let model = ConfinedModel()
        weakModel = model
        subscription = Observable.observing(on: scheduler) { model.count }
          .subscribe(onNext: { _ in })
        scheduler.advanceTo(10)
        #expect(weakModel != nil)
        // Queues a read on the scheduler, which holds the subscription's state until it runs.
        model.count = 1
      }
      subscription.dispose()
      #expect(weakModel == nil)
      scheduler.start()
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test("without a scheduler: the current value at once on the main actor, then each change")
    @MainActor
    func mainActorVariant() async {
      let model = MainModel()
      let observer = TestableObserver<Int>()
      let subscription = Observable.observing { model.count }.subscribe(observer)
      // Subscribed on the main thread: the current value arrives during subscribe.
      #expect(observer.elements == [0])
      model.count = 1
      model.count = 2
      #expect(await bridgeEventually { observer.elements == [0, 2] })
      model.count = 3
      #expect(await bridgeEventually { observer.elements == [0, 2, 3] })
      subscription.dispose()
      model.count = 4
      // Anything the change could have queued on the main queue runs before this.
      await withCheckedContinuation { continuation in
        DispatchQueue.main.async { continuation.resume() }
      }
      #expect(observer.elements == [0, 2, 3])
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test("without a scheduler, subscribed off the main thread: every read on the main actor")
    @MainActor
    func mainActorVariantSubscribedElsewhere() async {
      let model = MainModel()
      let observer = TestableObserver<Int>()
      let counts = Observable.observing { model.count }
      // The read asserts main-actor isolation (MainActor.assumeIsolated traps otherwise).
      let subscription = await Task.detached { counts.subscribe(observer) }.value
      #expect(await bridgeEventually { observer.elements == [0] })
      model.count = 5
      #expect(await bridgeEventually { observer.elements == [0, 5] })
      subscription.dispose()
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test("a model mutated from several threads: one call at a time, in order, the last value")
    func severalThreads() async {
      let counter = LockedCounter()
      let probe = InFlightProbe()
      let received = BridgeBox<[Int]>([])
      let scheduler = ConcurrentDispatchQueueScheduler(qos: .default)
      let subscription = Observable.observing(on: scheduler) { counter.value }
        .subscribe(onNext: { value in
          probe.enter()
          received.mutate { $0.append(value) }
          probe.leave()
        })
      let threads = 4
      let incrementsPerThread = 500
      await withTaskGroup(of: Void.self) { group in
        for _ in 0..<threads {
          group.addTask { for _ in 0..<incrementsPerThread { counter.increment() } }
        }
      }
      let last = threads * incrementsPerThread
      #expect(await bridgeEventually { received.value.last == last })
      subscription.dispose()
      #expect(probe.maximumInFlight == 1)
      let values = received.value
      // Never back in time; a change landing while a read runs may repeat a value.
      #expect(zip(values, values.dropFirst()).allSatisfy { $0 <= $1 })
    }
  }
#endif
