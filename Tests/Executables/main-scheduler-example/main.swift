// A command-line program with an async main that uses MainScheduler. Each check prints one
// line; the program exits with status 0 only if every check passed. MainSchedulerTests runs it.
//
// With an async main, the main actor drives the main dispatch queue. On Linux that queue may
// be drained by a thread other than the process's first one, so the checks ask whether work
// runs on the main queue, not on a particular thread.

import Dispatch
import ObservableCocoa
import ObservableCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Collects lines from any thread.
final class Lines: Sendable {
  private let storage = _Mutex<[String]>([])
  func append(_ line: String) { storage.withLock { $0.append(line) } }
  var all: [String] { storage.withLock { $0 } }
}

let failures = _Atomic<Int>(0)

func check(_ label: String, _ passed: Bool) {
  print("\(label): \(passed)")
  if !passed { failures.add(1, ordering: .sequentiallyConsistent) }
}

// Give up rather than hang if the main queue is never drained.
let watchdog = DispatchWorkItem {
  print("FAILED: timed out")
  exit(2)
}
DispatchQueue.global().asyncAfter(deadline: .now() + .seconds(30), execute: watchdog)

// Top-level code with `await` runs on the main actor, whose executor is the main queue.
check("main actor runs on the main queue", MainScheduler.isOnMainQueue)

// On the main thread with nothing pending, a main scheduler delivers before `subscribe` (or
// `drive`) returns, however it is reached, as RxSwift 6.10.2 does in each of these shapes: a
// label bound in `viewDidLoad` shows its first value at once.
/// Subscribes with `subscribe`, which appends to `lines`, and returns what was there when it
/// returned.
func atOnce(_ subscribe: (Lines) -> any Disposable) -> [String] {
  let lines = Lines()
  let subscription = subscribe(lines)
  let seen = lines.all
  subscription.dispose()
  return seen
}
check(
  "observe(on: MainScheduler.instance) delivers at once",
  atOnce { lines in
    Observable.just("a").observe(on: MainScheduler.instance).subscribe(onNext: lines.append)
  } == ["a"])
let sharingScheduler: any SchedulerType = DriverSharingStrategy.scheduler
check(
  "Driver's and Signal's scheduler is a MainScheduler",
  sharingScheduler is MainScheduler && SignalSharingStrategy.scheduler is MainScheduler)
check(
  "a MainScheduler seen as SchedulerType delivers at once",
  atOnce { lines in
    Observable.just("b").observe(on: sharingScheduler).subscribe(onNext: lines.append)
  } == ["b"])
check(
  "observe(on:) a sharing scheduler inside a Driver delivers at once",
  atOnce { lines in
    Observable.just("c").observe(on: DriverSharingStrategy.scheduler)
      .asDriver(onErrorJustReturn: "").drive(onNext: lines.append)
  } == ["c"])
check(
  "drive delivers a startWith element at once",
  atOnce { lines in
    Observable<String>.never().startWith("d").asDriver(onErrorDriveWith: .empty())
      .drive(onNext: lines.append)
  } == ["d"])
check(
  "a feedback loop's system: the first startWith at once, the other behind the pending work",
  atOnce { lines in
    // subscribe(on:) and observe(on:) share one scheduler: RxSwift delivers "e1" later too.
    let scheduler = DriverSharingStrategy.scheduler
    return Observable<String>.never().startWith("e1").subscribe(on: scheduler)
      .startWith("e0").observe(on: scheduler)
      .asDriver(onErrorDriveWith: .empty()).drive(onNext: lines.append)
  } == ["e0"])
check(
  "observe(on: MainScheduler.asyncInstance) does not deliver at once",
  atOnce { lines in
    Observable.just("f").observe(on: MainScheduler.asyncInstance).subscribe(onNext: lines.append)
  } == [])

// MainScheduler.instance runs work at once when it is already on the main queue.
let ranInline = _Atomic<Bool>(false)
_ = MainScheduler.instance.schedule(()) { _ in
  ranInline.store(true, ordering: .sequentiallyConsistent)
  return Disposables.create()
}
check("instance runs at once on the main queue", ranInline.load(ordering: .sequentiallyConsistent))

// MainScheduler.asyncInstance always queues, and the main actor drains the queue.
let ranQueued = _Atomic<Bool>(false)
let queuedOnMain = await withCheckedContinuation { (done: CheckedContinuation<Bool, Never>) in
  _ = MainScheduler.asyncInstance.schedule(()) { _ in
    ranQueued.store(true, ordering: .sequentiallyConsistent)
    done.resume(returning: MainScheduler.isOnMainQueue)
    return Disposables.create()
  }
  check("asyncInstance queues the work", !ranQueued.load(ordering: .sequentiallyConsistent))
}
check("asyncInstance runs on the main queue", queuedOnMain)

// Elements from a background timer, observed on the main scheduler.
let background = ConcurrentDispatchQueueScheduler(qos: .default)
let ticks = Lines()
await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
  _ = Observable<Int>.interval(.milliseconds(5), scheduler: background)
    .take(3)
    .observe(on: MainScheduler.instance)
    .subscribe(
      onNext: { ticks.append("tick \($0) on the main queue: \(MainScheduler.isOnMainQueue)") },
      onCompleted: { done.resume() })
}
for line in ticks.all { print(line) }
check(
  "observe(on:) delivered three ticks on the main queue",
  ticks.all == (0..<3).map { "tick \($0) on the main queue: true" })

// A timer that runs on the main scheduler itself.
let timerOnMain = await withCheckedContinuation { (done: CheckedContinuation<Bool, Never>) in
  _ = Observable<Int>.timer(.milliseconds(5), scheduler: MainScheduler.instance)
    .subscribe(onNext: { _ in done.resume(returning: MainScheduler.isOnMainQueue) })
}
check("a timer on MainScheduler fires on the main queue", timerOnMain)

// Off the main queue, instance queues the work onto it.
let fromBackground = await withCheckedContinuation { (done: CheckedContinuation<Bool, Never>) in
  DispatchQueue.global().async {
    let onMainBefore = MainScheduler.isOnMainQueue
    _ = MainScheduler.instance.schedule(()) { _ in
      done.resume(returning: !onMainBefore && MainScheduler.isOnMainQueue)
      return Disposables.create()
    }
  }
}
check("instance called off the main queue runs on the main queue", fromBackground)

watchdog.cancel()
let failed = failures.load(ordering: .sequentiallyConsistent)
print(failed == 0 ? "done" : "FAILED: \(failed) check(s)")
exit(failed == 0 ? 0 : 1)
