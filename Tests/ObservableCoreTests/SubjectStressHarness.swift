import Dispatch
import ObservableCore
import ObservableTesting
import Testing

/// Real-thread stress runs for subjects and relays.
///
/// Several threads send while others subscribe and dispose. Shared by the subject and relay test files; every name lives inside
/// this one namespace so that it cannot collide with other test files.
///
/// Each thread is a queue of its own, never `DispatchQueue.global()`: on Linux Swift's global
/// executor runs its jobs on that same pool, and long blocks there starve every async test.
enum SubjectStressHarness {
  /// What a run observed.
  struct Outcome: Sendable {
    /// The full sequence of the observer subscribed before any send and never disposed: the
    /// global delivery order, starting with its own replay.
    var reference: [Int]
    /// The elements each churning subscriber received, in order.
    var churned: [[Int]]
    /// The values the senders sent, per sender, in the order each sent them.
    var sent: [[Int]]
  }

  /// Runs the stress test.
  ///
  /// - Parameters:
  ///   - senders: Threads that each send `perSender` distinct values.
  ///   - perSender: Values per sending thread.
  ///   - churners: Threads that repeatedly subscribe and dispose while the senders run.
  ///   - send: Sends one value into the subject or relay.
  ///   - subscribe: Subscribes an observer.
  /// - Returns: What the observers received.
  static func run(
    senders: Int = 4,
    perSender: Int = 2_000,
    churners: Int = 2,
    send: @escaping @Sendable (Int) -> Void,
    subscribe: @escaping @Sendable (TestableObserver<Int>) -> any Disposable
  ) async -> Outcome {
    let reference = TestableObserver<Int>()
    let referenceSubscription = subscribe(reference)
    let sendersLeft = _Atomic<Int>(senders)
    let churned = _Mutex<[TestableObserver<Int>]>([])
    let group = DispatchGroup()
    let sent = (0..<senders).map { sender in
      (0..<perSender).map { sender * 1_000_000 + $0 }
    }
    for values in sent {
      DispatchQueue(label: "SubjectStressHarness").async(group: group) {
        for value in values { send(value) }
        sendersLeft.subtract(1, ordering: .sequentiallyConsistent)
      }
    }
    for churner in 0..<churners {
      DispatchQueue(label: "SubjectStressHarness").async(group: group) {
        var round = 0
        // Keep churning until every sender is done, and at least a few rounds.
        while sendersLeft.load(ordering: .sequentiallyConsistent) > 0 || round < 20 {
          let observer = TestableObserver<Int>()
          let subscription = subscribe(observer)
          // Stay subscribed for a varying while, so that disposal lands anywhere.
          for _ in 0..<((round * 7 + churner * 13) % 50) * 100 {
            _ = sendersLeft.load(ordering: .relaxed)
          }
          subscription.dispose()
          churned.withLock { $0.append(observer) }
          round += 1
        }
      }
    }
    await withCheckedContinuation { continuation in
      group.notify(queue: .global()) { continuation.resume() }
    }
    referenceSubscription.dispose()
    return Outcome(
      reference: reference.elements,
      churned: churned.withLock { $0.map(\.elements) },
      sent: sent
    )
  }

  /// Records an issue unless `received` is a contiguous slice of `reference`: no gap, no
  /// duplicate, no reordering.
  ///
  /// - Returns: The index in `reference` where `received` starts, or `nil` if it is empty or
  ///   not a slice.
  @discardableResult
  static func expectSlice(
    _ received: [Int], of reference: [Int], sourceLocation: SourceLocation = #_sourceLocation
  ) -> Int? {
    guard let first = received.first else { return nil }
    guard let start = reference.firstIndex(of: first) else {
      Issue.record("\(first) is not in the reference sequence", sourceLocation: sourceLocation)
      return nil
    }
    let end = start + received.count
    guard end <= reference.count, Array(reference[start..<end]) == received else {
      Issue.record(
        "received \(received.count) elements from \(first) that are not a contiguous slice",
        sourceLocation: sourceLocation)
      return nil
    }
    return start
  }

  /// Records an issue unless `received` holds every sent value exactly once, each sender's
  /// values in the order they were sent.
  static func expectAllSent(
    _ received: [Int], _ sent: [[Int]], sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(received.count == sent.joined().count, sourceLocation: sourceLocation)
    #expect(Set(received) == Set(sent.joined()), sourceLocation: sourceLocation)
    for values in sent {
      let own = Set(values)
      #expect(received.filter { own.contains($0) } == values, sourceLocation: sourceLocation)
    }
  }
}
