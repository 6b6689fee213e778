import ObservableCore
import ObservableTesting
import Testing

@Suite("replay")
struct ReplayTests {
  @Test("replay(n) replays the last n elements of the connection to late subscribers")
  func boundedReplay() {
    withLeakChecking {
      let source = PublishSubject<Int>()
      let connectable = source.replay(2)
      let connection = connectable.connect()
      for value in 1...4 { source.onNext(value) }
      let observer = TestableObserver<Int>()
      let subscription = connectable.subscribe(observer)
      source.onNext(5)
      source.onCompleted()
      expectEqual(
        observer.events, [.next(0, 3), .next(0, 4), .next(0, 5), .completed(0)])
      subscription.dispose()
      connection.dispose()
    }
  }

  @Test("replayAll replays every element of the connection")
  func replayAll() {
    withLeakChecking {
      let source = PublishSubject<Int>()
      let connectable = source.replayAll()
      let connection = connectable.connect()
      for value in 1...4 { source.onNext(value) }
      let observer = TestableObserver<Int>()
      connectable.subscribe(observer).dispose()
      expectEqual(observer.elements, [1, 2, 3, 4])
      connection.dispose()
    }
  }

  @Test("a new connection starts with an empty buffer")
  func freshBufferPerConnection() {
    withLeakChecking {
      let source = PublishSubject<Int>()
      let connectable = source.replay(1)
      let first = connectable.connect()
      source.onNext(1)
      first.dispose()
      let observer = TestableObserver<Int>()
      let subscription = connectable.subscribe(observer)
      #expect(observer.events.isEmpty)
      let second = connectable.connect()
      source.onNext(2)
      expectEqual(observer.elements, [2])
      subscription.dispose()
      second.dispose()
    }
  }

  @Test("a negative buffer size fails subscribers with argumentOutOfRange")
  func negativeBufferSize() {
    withLeakChecking {
      let connectable = Observable.of(1, 2).replay(-1)
      let observer = TestableObserver<Int>()
      _ = connectable.subscribe(observer)
      expectEqual(observer.events, [.error(0, RxError.argumentOutOfRange)])
    }
  }
}
