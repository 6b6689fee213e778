import AsyncBridge
import ObservableCore
import ObservableTesting
import Testing

/// Collects what several loops received.
private final class Received: Sendable {
  let lists = _Mutex<[[Int]]>([])

  init(loops: Int) {
    lists.withLock { $0 = Array(repeating: [], count: loops) }
  }

  func append(_ value: Int, to loop: Int) {
    lists.withLock { $0[loop].append(value) }
  }
}

extension Stress {
  /// An `Infallible`'s `values` stream iterated by several tasks at once: they take turns at
  /// the one iterator behind it while a thread sends.
  @Suite("Stress: several loops over one Infallible values stream")
  struct ValuesTurnsStressTests {
    static let elements = 20_000
    static let loops = 3

    @Test(
      "every element reaches exactly one loop, in order within each loop; all end on completion",
      .timeLimit(.minutes(10)))
    func turns() async {
      await withLeakChecking(timeout: .seconds(120)) {
        for _ in 0..<5 {
          let subject = PublishSubject<Int>()
          let stream = subject.asInfallible(onErrorJustReturn: -1).values
          let received = Received(loops: Self.loops)
          var tasks: [Task<Void, Never>] = []
          for loop in 0..<Self.loops {
            tasks.append(
              Task {
                for await value in stream { received.append(value, to: loop) }
              })
          }
          let finished = await runThreads(1, deadline: .seconds(300)) { _ in
            while !subject.hasObservers { yieldThread() }
            for value in 0..<Self.elements { subject.onNext(value) }
            subject.onCompleted()
          }
          guard finished else { return }
          for task in tasks { await task.value }
          let lists = received.lists.withLock { $0 }
          #expect(lists.joined().sorted() == Array(0..<Self.elements))
          #expect(lists.allSatisfy { $0 == $0.sorted() })
        }
      }
    }

    @Test(
      "cancelling the loops while they take turns ends every one of them", .timeLimit(.minutes(10)))
    func cancelWhileTakingTurns() async {
      await withLeakChecking(timeout: .seconds(120)) {
        for round in 0..<50 {
          let subject = PublishSubject<Int>()
          let stream = subject.asInfallible(onErrorJustReturn: -1).values
          let tasks = (0..<Self.loops).map { _ in Task { for await _ in stream {} } }
          let finished = await runThreads(2, deadline: .seconds(120)) { thread in
            if thread == 0 {
              for value in 0..<200 { subject.onNext(value) }
            } else {
              spin(1_000 * (round % 10))
              tasks[round % Self.loops].cancel()
            }
          }
          guard finished else { return }
          for task in tasks { await task.value }
        }
      }
    }
  }
}
