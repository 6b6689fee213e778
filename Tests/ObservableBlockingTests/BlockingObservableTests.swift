import Dispatch
import Foundation
import ObservableBlocking
import ObservableCore
import Testing

private struct BlockingTestError: Error, Equatable {}

/// A source that delivers `elements` on a background queue, then completes or fails, and
/// counts its disposals.
private func background(
  _ elements: [Int], failing: Bool = false, disposed: DisposalCount = DisposalCount()
) -> Observable<Int> {
  Observable<Int>.create { observer in
    DispatchQueue.global().async {
      for element in elements { observer.onNext(element) }
      if failing { observer.onError(BlockingTestError()) } else { observer.onCompleted() }
    }
    return Disposables.create { disposed.add() }
  }
}

/// How many times a source was disposed, read from any thread.
private final class DisposalCount: Sendable {
  private let count = _Mutex(0)
  func add() { count.withLock { $0 += 1 } }
  var value: Int { count.withLock { $0 } }
}

// Each case's expected result is what RxSwift 6.10.2's RxBlocking returns for it.
@Suite("toBlocking(): RxBlocking's operators", .timeLimit(.minutes(1)))
struct BlockingObservableTests {
  @Test("toArray returns every element of a sequence that ends later, on another thread")
  func toArray() throws {
    #expect(try background([1, 2, 3]).toBlocking().toArray() == [1, 2, 3])
    #expect(try Observable<Int>.empty().toBlocking().toArray() == [])
  }

  @Test("first returns the first element and disposes; nil for an empty sequence")
  func first() throws {
    let disposed = DisposalCount()
    let source = Observable<Int>.create { observer in
      observer.onNext(1)
      observer.onNext(2)
      return Disposables.create { disposed.add() }
    }
    #expect(try source.toBlocking().first() == 1)
    #expect(disposed.value == 1)
    #expect(try Observable<Int>.empty().toBlocking().first() == nil)
  }

  @Test("last returns the last element; nil for an empty sequence")
  func last() throws {
    #expect(try background([1, 2, 3]).toBlocking().last() == 3)
    #expect(try Observable<Int>.empty().toBlocking().last() == nil)
  }

  @Test("single: the one element; noElements; moreThanOneElement as soon as a second arrives")
  func single() throws {
    #expect(try Observable.just(7).toBlocking().single() == 7)
    #expect(throws: RxError.noElements) { try Observable<Int>.empty().toBlocking().single() }
    // A second element ends the wait: the source never completes.
    let endless = Observable<Int>.create { observer in
      observer.onNext(1)
      observer.onNext(2)
      return Disposables.create()
    }
    #expect(throws: RxError.moreThanOneElement) { try endless.toBlocking().single() }
  }

  @Test("single(predicate): the one match; its error ends the wait")
  func singleWithPredicate() throws {
    #expect(try background([1, 2, 3]).toBlocking().single { $0 == 2 } == 2)
    #expect(throws: RxError.moreThanOneElement) {
      try background([1, 2, 3]).toBlocking().single { $0 > 1 }
    }
    #expect(throws: RxError.noElements) {
      try background([1, 2, 3]).toBlocking().single { $0 > 5 }
    }
    #expect(throws: BlockingTestError()) {
      try Observable<Int>.never().startWith(1).toBlocking().single { _ in
        throw BlockingTestError()
      }
    }
  }

  @Test("the sequence's error is thrown by every operator")
  func errors() {
    #expect(throws: BlockingTestError()) {
      try background([1], failing: true).toBlocking().toArray()
    }
    #expect(throws: BlockingTestError()) { try background([1], failing: true).toBlocking().last() }
    #expect(throws: BlockingTestError()) { try background([], failing: true).toBlocking().first() }
  }

  @Test("materialize: completed or failed, with the elements before")
  func materialize() {
    guard case .completed(let elements) = background([1, 2]).toBlocking().materialize() else {
      Issue.record("expected completed")
      return
    }
    #expect(elements == [1, 2])
    guard
      case .failed(let before, let error) = background([1], failing: true).toBlocking()
        .materialize()
    else {
      Issue.record("expected failed")
      return
    }
    #expect(before == [1])
    #expect(error as? BlockingTestError == BlockingTestError())
  }

  @Test("a timeout throws RxError.timeout and disposes the subscription")
  func timeout() {
    let disposed = DisposalCount()
    let source = Observable<Int>.create { observer in
      observer.onNext(1)
      return Disposables.create { disposed.add() }
    }
    #expect(throws: RxError.timeout) { try source.toBlocking(timeout: 0.05).toArray() }
    #expect(disposed.value == 1)
    guard case .failed(let elements, let error) = source.toBlocking(timeout: 0.05).materialize()
    else {
      Issue.record("expected failed")
      return
    }
    #expect(elements == [1])
    #expect(error as? RxError == .timeout)
  }

  @Test("work the source schedules on CurrentThreadScheduler runs before the wait")
  func currentThreadTrampoline() throws {
    let source = Observable.of(1, 2).subscribe(on: CurrentThreadScheduler.instance)
    #expect(try source.toBlocking(timeout: 5).toArray() == [1, 2])
  }
}
