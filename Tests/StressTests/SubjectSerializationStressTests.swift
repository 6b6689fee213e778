import ObservableCore
import ObservableTesting
import Testing

/// Checks, as each element arrives, that calls never overlap and that every sender's elements
/// arrive once each, in the order that sender sent them.
private final class SerializationChecker: ObserverType, Sendable {
  typealias Element = Int

  private let inCall = _Atomic<Bool>(false)
  private let overlapCount = _Atomic<Int>(0)
  private let state: _Mutex<(next: [Int], outOfOrder: Int, count: Int, terminals: Int)>

  init(senders: Int) {
    state = _Mutex((Array(repeating: 0, count: senders), 0, 0, 0))
  }

  func on(_ event: Event<Int>) {
    guard
      inCall.compareExchange(expected: false, desired: true, ordering: .sequentiallyConsistent)
        .exchanged
    else {
      overlapCount.add(1, ordering: .relaxed)
      return
    }
    defer { inCall.store(false, ordering: .sequentiallyConsistent) }
    // Held only by this observer, which is never called twice at once: uncontended.
    state.withLock { state in
      switch event {
      case .next(let value):
        let (sender, sequence) = value.quotientAndRemainder(
          dividingBy: Stress.SubjectSerializationStressTests.stride)
        if state.next[sender] != sequence { state.outOfOrder += 1 }
        state.next[sender] = sequence + 1
        state.count += 1
      case .error, .completed:
        state.terminals += 1
      }
    }
  }

  var overlaps: Int { overlapCount.load(ordering: .relaxed) }
  var outOfOrder: Int { state.withLock { $0.outOfOrder } }
  var count: Int { state.withLock { $0.count } }
  var terminals: Int { state.withLock { $0.terminals } }
}

extension Stress {
  /// Eight threads send 100,000 elements each into one subject at once.
  ///
  /// The subject serializes delivery: each observer must see calls one at a time, every element
  /// exactly once, each sender's elements in its own order, and one completion after all of them.
  /// One observer is the grammar-checking ``TestableObserver``; the others check as they go
  /// without keeping the 800,000 events.
  @Suite("Stress: concurrent senders into a subject")
  struct SubjectSerializationStressTests {
    static let senders = 8
    static let perSender = 100_000
    /// Element `sender * stride + n` is the `n`th element of `sender`.
    static let stride = 1 << 32

    @Test(
      "8 threads × 100,000 onNext: serialized delivery at every observer", .timeLimit(.minutes(10)))
    func eightThreads() async {
      await withLeakChecking(timeout: .seconds(120)) {
        let subject = PublishSubject<Int>()
        let checkers = (0..<3).map { _ in SerializationChecker(senders: Self.senders) }
        let recorder = TestableObserver<Int>()
        var subscriptions = checkers.map { subject.subscribe($0) }
        subscriptions.append(subject.subscribe(recorder))

        let finished = await runThreads(Self.senders, deadline: .seconds(300)) { sender in
          for sequence in 0..<Self.perSender {
            subject.onNext(sender * Self.stride + sequence)
          }
        }
        guard finished else { return }
        subject.onCompleted()

        Self.expectSerialized(
          checkers, recorder, total: Self.senders * Self.perSender)
        for subscription in subscriptions { subscription.dispose() }
      }
    }

    /// Every observer saw `total` elements one call at a time, each sender's in order, and one
    /// completion after them.
    private static func expectSerialized(
      _ checkers: [SerializationChecker], _ recorder: TestableObserver<Int>, total: Int
    ) {
      for checker in checkers {
        #expect(checker.overlaps == 0)
        #expect(checker.outOfOrder == 0)
        #expect(checker.count == total)
        #expect(checker.terminals == 1)
      }
      #expect(recorder.grammarViolations.isEmpty)
      #expect(recorder.events.count == total + 1)
      #expect(recorder.isTerminated)
    }

    /// Eight threads call one `create` observer at once: the observer serializes them.
    ///
    /// The observer handed to a `create` closure is documented as safe to call from several
    /// threads at once. The downstream must see calls one at a time, every element once, each
    /// sender's elements in its own order, and the completion last.
    @Test(
      "8 threads × 20,000 onNext into one create observer: serialized delivery",
      .timeLimit(.minutes(10)))
    func eightThreadsIntoCreate() async {
      await withLeakChecking(timeout: .seconds(120)) {
        let perSender = Self.perSender / 5
        let slot = ObserverSlot()
        let source = Observable<Int>.create { observer in
          slot.set(observer)
          return Disposables.create()
        }
        let checker = SerializationChecker(senders: Self.senders)
        let recorder = TestableObserver<Int>()
        let subscriptions = [source.subscribe(checker), source.subscribe(recorder)]
        let observers = slot.all
        let finished = await runThreads(Self.senders, deadline: .seconds(300)) { sender in
          for sequence in 0..<perSender {
            for observer in observers { observer.onNext(sender * Self.stride + sequence) }
          }
        }
        guard finished else { return }
        for observer in observers { observer.onCompleted() }
        Self.expectSerialized([checker], recorder, total: Self.senders * perSender)
        for subscription in subscriptions { subscription.dispose() }
      }
    }
  }
}

/// The observers `create` handed out, collected for the sending threads.
private final class ObserverSlot: Sendable {
  private let observers = _Mutex<[AnyObserver<Int>]>([])

  func set(_ observer: AnyObserver<Int>) {
    observers.withLock { $0.append(observer) }
  }

  var all: [AnyObserver<Int>] { observers.withLock { $0 } }
}
