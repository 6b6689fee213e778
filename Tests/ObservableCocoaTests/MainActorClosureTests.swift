import Dispatch
import Foundation
import ObservableCocoa
import ObservableCore
import ObservableTesting
import Testing

/// Main-actor state that the closures below touch directly.
///
/// That compiles only because the closures of Driver and Signal are `@MainActor`. Each call
/// records whether it ran on the main actor's executor (the main queue, or the main thread
/// before `dispatchMain()`).
@MainActor
private final class MainActorLog {
  var calls: [String] = []
  var offMain: [String] = []

  func record(_ name: String) {
    calls.append(name)
    if !(MainScheduler.isOnMainQueue || Thread.isMainThread) { offMain.append(name) }
  }
}

@Suite("Driver and Signal closures run on the main actor")
struct MainActorClosureTests {
  @Test(
    "under a test scheduler run off the main thread, every closure still runs on the main actor",
    .timeLimit(.minutes(1)))
  func mockedSchedulerOffMain() async {
    let log = MainActorLog()
    let recorded = await Task.detached { () -> [Recorded<Event<String>>] in
      // Not on the main actor: the test scheduler delivers on this thread.
      #expect(!MainScheduler.isOnMainQueue)
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([
        .next(210, 1), .next(220, 2), .next(230, 2), .next(240, 3), .completed(300),
      ])
      let ys = scheduler.createHotObservable([.next(205, 10), .completed(400)])
      return SharingScheduler.mock(scheduler: scheduler) {
        scheduler.start { () -> Driver<String> in
          let numbers = xs.asDriver(onErrorJustReturn: -1)
          let tens = ys.asDriver(onErrorJustReturn: -1)
          let mapped =
            numbers
            .do(onNext: { _ in log.record("do") })
            .map { value -> Int in
              log.record("map")
              return value
            }
            .filter { value in
              log.record("filter")
              return value > 0
            }
            .distinctUntilChanged { previous, next in
              log.record("distinctUntilChanged")
              return previous == next
            }
            .compactMap { value -> Int? in
              log.record("compactMap")
              return value
            }
            .scan(0) { sum, value in
              log.record("scan")
              return sum + value
            }
          return Driver.combineLatest(mapped, tens) { sum, ten in
            log.record("combineLatest")
            return sum + ten
          }
          .withLatestFrom(tens) { value, _ in
            log.record("withLatestFrom")
            return value
          }
          .flatMapLatest { value -> Driver<String> in
            log.record("flatMapLatest")
            return .just("\(value)")
          }
        }
      }.events
    }.value
    expectEqual(
      recorded, [.next(212, "11"), .next(222, "13"), .next(242, "16"), .completed(401)])
    let (calls, offMain) = await MainActor.run { (log.calls, log.offMain) }
    expectEqual(offMain, [])
    for name in [
      "do", "map", "filter", "distinctUntilChanged", "compactMap", "scan", "combineLatest",
      "withLatestFrom", "flatMapLatest",
    ] {
      #expect(calls.contains(name), "\(name) was not called")
    }
  }

  @Test(
    "drive, emit and asDriver(onErrorRecover:) fed from a background queue run on the main actor",
    .timeLimit(.minutes(1)))
  func realMainScheduler() async {
    let log = MainActorLog()
    let subject = PublishSubject<Int>()
    let relay = PublishRelay<Int>()
    struct Failure: Error {}
    let bag = DisposeBag()
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      Task { @MainActor in
        subject
          .asDriver(onErrorRecover: { _ in
            log.record("onErrorRecover")
            return .just(-1)
          })
          .drive(
            onNext: { value in
              log.record("drive \(value)")
            },
            onCompleted: {
              log.record("drive completed")
              relay.accept(1)
            }
          )
          .disposed(by: bag)
        relay.asSignal()
          .emit(onNext: { _ in
            log.record("emit")
            done.resume()
          })
          .disposed(by: bag)
        DispatchQueue.global().async {
          subject.onNext(7)
          subject.onError(Failure())
        }
      }
    }
    let (calls, offMain) = await MainActor.run { (log.calls, log.offMain) }
    expectEqual(calls, ["drive 7", "onErrorRecover", "drive -1", "drive completed", "emit"])
    expectEqual(offMain, [])
  }
}
