import ObservableCocoa
import ObservableCore
import ObservableTesting
import Testing

@Suite("SharedSequence values", .timeLimit(.minutes(1)))
struct ValuesTests {
  @Test("a driver's elements arrive in a for-await loop, which ends when the driver completes")
  func elementsThenEnd() async {
    var received: [Int] = []
    for await value in Driver.of(1, 2, 3).values {
      received.append(value)
    }
    expectEqual(received, [1, 2, 3])
  }

  @Test("leaving the loop early disposes the subscription")
  func breakDisposes() async {
    let disposed = _Atomic(0)
    let relay = BehaviorRelay(value: 1)
    let signal = relay.asObservable()
      .do(onDispose: { disposed.add(1, ordering: .relaxed) })
      .asSignal(onErrorJustReturn: 0)
    for await value in signal.values {
      expectEqual(value, 1)
      break
    }
    expectEqual(disposed.load(ordering: .relaxed), 1)
  }

  @Test("cancelling the iterating task disposes the subscription and ends the loop quietly")
  func cancellationDisposes() async {
    let subscribed = AsyncStream<Void>.makeStream()
    let disposed = AsyncStream<Void>.makeStream()
    let driver = Observable<Int>.never()
      .do(
        onSubscribed: { subscribed.continuation.yield() },
        onDispose: { disposed.continuation.yield() }
      )
      .asDriver(onErrorJustReturn: 0)
    let loop = Task {
      var count = 0
      for await _ in driver.values { count += 1 }
      return count
    }
    var subscriptions = subscribed.stream.makeAsyncIterator()
    _ = await subscriptions.next()
    loop.cancel()
    var disposals = disposed.stream.makeAsyncIterator()
    _ = await disposals.next()
    #expect(await loop.value == 0)
  }

  @Test(
    "two tasks iterating one stream take turns: each element once, neither ends early",
    arguments: ["Signal", "Driver"])
  func twoIterators(trait: String) async {
    let relay = PublishRelay<Int>()
    let stream =
      trait == "Signal"
      ? relay.asSignal().values : relay.asObservable().asDriver(onErrorJustReturn: -1).values
    let received = Collected()
    let first = Task {
      for await value in stream { received.append(value, to: 0) }
    }
    let second = Task {
      for await value in stream { received.append(value, to: 1) }
    }
    let clock = ContinuousClock()
    for value in 0..<5 {
      relay.accept(value)
      let deadline = clock.now.advanced(by: .seconds(20))
      while received.all.joined().count < value + 1, clock.now < deadline {
        await Task.yield()
      }
    }
    first.cancel()
    await first.value
    await second.value
    let all = received.all
    #expect(all.joined().sorted() == [0, 1, 2, 3, 4])
    #expect(all.allSatisfy { $0 == $0.sorted() })
  }
}

/// What each of two loops received.
private final class Collected: Sendable {
  private let lists = _Mutex<[[Int]]>([[], []])

  func append(_ value: Int, to list: Int) {
    lists.withLock { $0[list].append(value) }
  }

  var all: [[Int]] { lists.withLock { $0 } }
}
