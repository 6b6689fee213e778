// Shows what ObservableCore's default hooks print to standard output: `debug()`'s lines, the
// report of an unhandled error, the reports of reentrant events sent to subjects (a few per
// subject, however many events) and the report of a main-thread check that failed.
// HookDefaultsTests runs it and reads its output, so that no test of the library itself prints.
//
// The reports of unhandled errors, reentrant events and main-thread violations appear only when
// ObservableCore is built with `DEBUG` defined (SwiftPM's debug configuration), as in RxSwift.

import Dispatch
import ObservableCocoa
import ObservableCore

/// The error the sequences below fail with.
struct ExampleError: Error, CustomStringConvertible {
  var description: String { "example failure" }
}

func run() {
  print("-- debug")
  _ = Observable.of(1, 2).debug("numbers").subscribe()

  print("-- unhandled error")
  _ = Observable<Int>.error(ExampleError()).subscribe()

  print("-- unhandled error, with the subscription's call stack")
  Hooks.customCaptureSubscriptionCallstack = { ["frame one", "frame two"] }
  Hooks.recordCallStackOnError = true
  _ = Observable<Int>.error(ExampleError()).subscribe(onNext: { _ in })
  Hooks.recordCallStackOnError = false

  print("-- reentrant events")
  // Three reentrant events: the first is reported in full, the other two not at all.
  let subject = PublishSubject<Int>()
  let subscription = subject.subscribe(onNext: { value in
    print("received \(value)")
    if value < 3 { subject.onNext(value + 1) }
  })
  subject.onNext(0)
  subscription.dispose()

  print("-- many reentrant events")
  // A feedback loop of 1,000 reentrant events on another subject (a relay's): its first is
  // reported in full too, then one line at its 10th, 100th and 1,000th.
  let relay = BehaviorRelay(value: 0)
  let loop = relay.subscribe(onNext: { value in
    if value < 1_000 { relay.accept(value + 1) }
  })
  loop.dispose()
  print("last value \(relay.value)")

  print("-- main thread violation")
  // From a background thread, as `drive` called off the main thread would.
  let checked = DispatchSemaphore(value: 0)
  DispatchQueue.global().async {
    MainScheduler.ensureExecutingOnScheduler(errorMessage: "example check")
    checked.signal()
  }
  checked.wait()

  print("-- control event that fails")
  // A control event must never fail; if it does all the same, the error is reported as
  // unhandled and the sequence completes (RxCocoa traps in debug builds).
  _ = ControlEvent(events: Observable<Int>.error(ExampleError())).asInfallible()
    .subscribe(onNext: { print("next \($0)") }, onCompleted: { print("completed") })

  print("-- debugLogger set to nil")
  Hooks.debugLogger = nil
  _ = Observable.just(3).debug("dropped").subscribe()

  print("done")
}

run()
