import ObservableCore
import ObservableTesting
import Testing

/// Counts with any of the integer types `interval` accepts, named as RxSwift code names them.
private func ticks<I: RxAbstractInteger>(_ type: I.Type, scheduler: TestScheduler) -> Observable<I>
{
  Observable<I>.interval(.seconds(10), scheduler: scheduler).take(2)
}

@Suite("RxSwift's and RxRelay's other spellings")
struct RxSwiftAliasesTests {
  @Test("ReplayRelay.createUnbound() replays every element, like createUnbounded()")
  func createUnbound() {
    withLeakChecking {
      let relay = ReplayRelay<Int>.createUnbound()
      for value in 1...50 { relay.accept(value) }
      let observer = TestableObserver<Int>()
      let subscription = relay.subscribe(observer)
      expectEqual(observer.elements, Array(1...50))
      subscription.dispose()
    }
  }

  @Test("RxError's debug description is its description")
  func rxErrorDebugDescription() {
    for error in [RxError.noElements, .moreThanOneElement, .timeout, .argumentOutOfRange] {
      expectEqual(error.debugDescription, error.description)
      expectEqual(String(reflecting: error), error.description)
    }
  }

  @Test("RxObservable, RxAbstractInteger and SubjectObserverType name our types")
  func typeAliases() {
    withLeakChecking {
      #expect(RxObservable<Int>.self == Observable<Int>.self)
      let observable: RxObservable<Int> = .just(1)
      #expect((observable as Any) is Observable<Int>)
      #expect(PublishSubject<Int>.SubjectObserverType.self == PublishSubject<Int>.self)
      #expect(BehaviorSubject<Int>.SubjectObserverType.self == BehaviorSubject<Int>.self)
      #expect(ReplaySubject<Int>.SubjectObserverType.self == ReplaySubject<Int>.self)
      #expect(AsyncSubject<Int>.SubjectObserverType.self == AsyncSubject<Int>.self)

      let scheduler = TestScheduler(initialClock: 0)
      let res = scheduler.start { ticks(UInt8.self, scheduler: scheduler) }
      expectEqual(res.events, [.next(210, 0), .next(220, 1), .completed(220)])
    }
  }
}
