import ObservableCocoa
import ObservableCore
import Testing

@Suite("SharedSequence values", .timeLimit(.minutes(1)))
struct ValuesTests {
  @Test("a driver's elements arrive in a for-await loop, which ends when the driver completes")
  func elementsThenEnd() async {
    var received: [Int] = []
    for await value in Driver.of(1, 2, 3).values {
      received.append(value)
    }
    #expect(received == [1, 2, 3])
  }

  @Test("leaving the loop early disposes the subscription")
  func breakDisposes() async {
    let disposed = _Atomic(0)
    let relay = BehaviorRelay(value: 1)
    let signal = relay.asObservable()
      .do(onDispose: { disposed.add(1, ordering: .relaxed) })
      .asSignal(onErrorJustReturn: 0)
    for await value in signal.values {
      #expect(value == 1)
      break
    }
    #expect(disposed.load(ordering: .relaxed) == 1)
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
}
