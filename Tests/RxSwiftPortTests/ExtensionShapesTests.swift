import Foundation
import ObservableBlocking
import ObservableCocoa
import ObservableCore
import ObservableTesting
import Testing

private struct ShapeError: Error, Equatable {}

@Suite("Library extension shapes in Swift 5 mode, next to a library's map(to:)")
struct ExtensionShapesTests {
  @Test("map(to:) and map { } side by side: a trailing closure selects map")
  func mapToBesideMap() throws {
    let source = Observable.of(1, 2, 3)
    #expect(try source.map(to: "x").toBlocking(timeout: 5).toArray() == ["x", "x", "x"])
    let mapped = source.map { ($0, $0 * 2) }
    #expect(try mapped.toBlocking(timeout: 5).toArray().map(\.1) == [2, 4, 6])
  }

  @Test("ObservableType: partition, pairwise, numbered, closures, unwrap")
  func observableTypeShapes() throws {
    let (evens, odds) = Observable.of(1, 2, 3, 4).partition { $0 % 2 == 0 }
    #expect(try evens.toBlocking(timeout: 5).toArray() == [2, 4])
    #expect(try odds.toBlocking(timeout: 5).toArray() == [1, 3])

    let pairs = try Observable.of(1, 2, 3).pairwise().toBlocking(timeout: 5).toArray()
    #expect(pairs.map(\.0) == [1, 2])
    #expect(pairs.map(\.1) == [2, 3])

    let numbered = try Observable.of("a", "b").numbered().toBlocking(timeout: 5).toArray()
    #expect(numbered.map(\.index) == [0, 1])
    #expect(numbered.map(\.element) == ["a", "b"])

    let adders = try Observable.of(1, 10).adders().toBlocking(timeout: 5).toArray()
    #expect(adders.map { $0(5) } == [6, 15])

    #expect(try Observable<Int?>.of(1, nil, 3).unwrap().toBlocking(timeout: 5).toArray() == [1, 3])
  }

  @Test("ObservableType: materialize into Result keeps the error as a value and completes")
  func mapToResult() throws {
    let source = Observable<Int>.create { observer in
      observer.onNext(1)
      observer.onError(ShapeError())
      return Disposables.create()
    }
    guard case .completed(let results) = source.mapToResult().toBlocking(timeout: 5).materialize()
    else {
      Issue.record("the sequence did not complete")
      return
    }
    #expect(results.count == 2)
    #expect(try results[0].get() == 1)
    #expect(throws: ShapeError.self) { try results[1].get() }
  }

  @Test("extension Observable: a static factory and an instance operator")
  func observableShapes() throws {
    #expect(try Observable.pair(1, 2).toBlocking(timeout: 5).toArray() == [1, 2])
    #expect(try Observable.of(1, 2).doubled().toBlocking(timeout: 5).toArray() == [1, 1, 2, 2])
  }

  @Test("extension SharedSequence: the partition written for RxCocoa, on a Driver")
  func sharedSequencePartition() {
    let scheduler = TestScheduler(initialClock: 0)
    let matches = scheduler.createObserver(Int.self)
    let nonMatches = scheduler.createObserver(Int.self)
    SharingScheduler.mock(scheduler: scheduler) {
      let source = scheduler.createHotObservable([
        .next(210, 1), .next(220, 2), .next(230, 3), .completed(240),
      ])
      let driver = source.asDriver(onErrorJustReturn: -1)
      let parts = driver.partition { $0 > 1 }
      scheduler.scheduleAt(200) {
        _ = parts.matches.drive(matches)
        _ = parts.nonMatches.drive(nonMatches)
      }
      scheduler.start()
    }
    expectEqual(matches.events, [.next(221, 2), .next(231, 3), .completed(241)])
    expectEqual(nonMatches.events, [.next(211, 1), .completed(241)])
  }

  @Test("Driver-only extensions, with and without an Element constraint")
  func driverShapes() {
    let scheduler = TestScheduler(initialClock: 0)
    let described = scheduler.createObserver(String.self)
    let negated = scheduler.createObserver(Bool.self)
    SharingScheduler.mock(scheduler: scheduler) {
      let numbers = scheduler.createHotObservable([.next(210, 7), .completed(230)])
      let flags = scheduler.createHotObservable([.next(210, true), .completed(230)])
      scheduler.scheduleAt(200) {
        _ = numbers.asDriver(onErrorJustReturn: 0).described(prefix: "#").drive(described)
        _ = flags.asDriver(onErrorJustReturn: false).not().drive(negated)
      }
      scheduler.start()
    }
    expectEqual(described.events, [.next(211, "#7"), .completed(231)])
    expectEqual(negated.events, [.next(211, false), .completed(231)])
  }

  @Test("extension PrimitiveSequence where Trait == SingleTrait")
  func singleShapes() throws {
    let success = try Single.just(2).mapToResult().toBlocking(timeout: 5).single()
    #expect(try success.get() == 2)
    let failure = try Single<Int>.error(ShapeError()).mapToResult().toBlocking(timeout: 5).single()
    #expect(throws: ShapeError.self) { try failure.get() }

    let pair = try Single.just(3).zipped { .just("\($0)") }.toBlocking(timeout: 5).single()
    #expect(pair.0 == 3)
    #expect(pair.1 == "3")
  }

  @Test("extension Reactive where Base: a class binds through a Binder")
  @MainActor
  func reactiveShape() async {
    let label = TitleLabel()
    let subscription = Observable.of("a", "b").bind(to: label.rx.title)
    // The binder sets the label on the main scheduler.
    #expect(await waitUntil { label.history.count == 2 })
    subscription.dispose()
    #expect(label.text == "b")
    #expect(label.history == ["a", "b"])
  }

  @Test("extension ObserverType: sending many, and an adapting observer")
  func observerShapes() {
    let subject = PublishSubject<Int>()
    var received: [Int] = []
    let subscription = subject.subscribe(onNext: { received.append($0) })
    subject.onNext(all: [1, 2])
    let fromStrings: AnyObserver<String> = subject.adapted { Int($0) ?? 0 }
    fromStrings.onNext("40")
    subscription.dispose()
    expectEqual(received, [1, 2, 40])
  }

  @Test("a custom ObservableType with subscribe(_:) works with the operators")
  func customObservableType() {
    let tens = Countdown(start: 3).map { $0 * 10 }
    guard case .completed(let elements) = tens.toBlocking(timeout: 5).materialize() else {
      Issue.record("the sequence did not complete")
      return
    }
    expectEqual(elements, [30, 20, 10])
  }
}
