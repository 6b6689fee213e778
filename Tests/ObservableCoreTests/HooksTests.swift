import ObservableCore
import ObservableTesting
import Testing

/// Sets the call-stack hooks for the duration of `body`, then puts back the defaults.
///
/// Only this suite changes them, and it is serialized, so no other test sees them change
/// under it: other suites only ever read the call stack that comes with their own error.
private func withCallStackRecording<Result>(
  capture: @escaping Hooks.CustomCaptureSubscriptionCallstack,
  _ body: () throws -> Result
) rethrows -> Result {
  let previousCapture = Hooks.customCaptureSubscriptionCallstack
  Hooks.customCaptureSubscriptionCallstack = capture
  Hooks.recordCallStackOnError = true
  defer {
    Hooks.recordCallStackOnError = false
    Hooks.customCaptureSubscriptionCallstack = previousCapture
  }
  return try body()
}

@Suite("Hooks", .serialized)
struct HooksTests {
  @Test("an unhandled error reaches defaultErrorHandler with an empty call stack by default")
  func defaultEmptyCallStack() {
    withLeakChecking {
      let reported = UnhandledErrors.recorder()
      let marker = TestError(id: 12_201)
      #expect(!Hooks.recordCallStackOnError)
      _ = Observable<Int>.error(marker).subscribe(onNext: { _ in })
      expectEqual(reported.reports(of: marker), [.init(callStack: [], error: "\(marker)")])
    }
  }

  @Test("with recordCallStackOnError off, subscribing never calls the capture hook")
  func noCaptureWhenOff() {
    withLeakChecking {
      _ = UnhandledErrors.recorder()
      let captures = Box(0)
      let previousCapture = Hooks.customCaptureSubscriptionCallstack
      Hooks.customCaptureSubscriptionCallstack = {
        captures.mutate { $0 += 1 }
        return ["captured"]
      }
      defer { Hooks.customCaptureSubscriptionCallstack = previousCapture }
      _ = Observable<Int>.error(TestError(id: 12_202)).subscribe(onNext: { _ in })
      expectEqual(captures.value, 0)
    }
  }

  @Test("with recordCallStackOnError on, the stack is captured when subscribing, not failing")
  func capturedAtSubscription() {
    withLeakChecking {
      let reported = UnhandledErrors.recorder()
      let marker = TestError(id: 12_203)
      let subject = PublishSubject<Int>()
      let frame = Box(0)
      let subscription = withCallStackRecording(capture: {
        frame.mutate { $0 += 1 }
        return ["frame \(frame.value)"]
      }) {
        subject.subscribe(onNext: { _ in })
      }
      frame.value = 99
      subject.onError(marker)
      expectEqual(reported.reports(of: marker).map(\.callStack), [["frame 1"]])
      subscription.dispose()
    }
  }

  @Test("bind(to:) a relay and bind(onNext:) report with the call stack of the bind call")
  func bindCallStack() {
    withLeakChecking {
      let reported = UnhandledErrors.recorder()
      let relayMarker = TestError(id: 12_204)
      let onNextMarker = TestError(id: 12_205)
      let relaySource = PublishSubject<Int>()
      let onNextSource = PublishSubject<Int>()
      let relay = BehaviorRelay(value: 0)
      let bindings = withCallStackRecording(capture: { ["bind site"] }) {
        Disposables.create(relaySource.bind(to: relay), onNextSource.bind(onNext: { _ in }))
      }
      relaySource.onError(relayMarker)
      onNextSource.onError(onNextMarker)
      expectEqual(reported.reports(of: relayMarker).map(\.callStack), [["bind site"]])
      expectEqual(reported.reports(of: onNextMarker).map(\.callStack), [["bind site"]])
      bindings.dispose()
    }
  }

  @Test("the default capture hook returns the current thread's stack frames")
  func defaultCapture() {
    let capture = Hooks.customCaptureSubscriptionCallstack
    #expect(!capture().isEmpty)
  }

  @Test("a handler set by the application receives the call stack and the error")
  func customHandler() {
    withLeakChecking {
      let marker = TestError(id: 12_206)
      let received = Box<[String]>([])
      _ = UnhandledErrors.recorder()
      let previous = Hooks.defaultErrorHandler
      Hooks.defaultErrorHandler = { callStack, error in
        received.mutate { $0.append("\(callStack) \(error)") }
        // Keep feeding the process-wide recorder that other suites rely on.
        previous(callStack, error)
      }
      defer { Hooks.defaultErrorHandler = previous }
      withCallStackRecording(capture: { ["here"] }) {
        _ = Observable<Int>.error(marker).subscribe()
      }
      expectEqual(received.value, ["[\"here\"] \(marker)"])
    }
  }

  @Test("hooks can be read and set from many threads at once")
  func threadSafe() {
    let previousCapture = Hooks.customCaptureSubscriptionCallstack
    defer {
      Hooks.recordCallStackOnError = false
      Hooks.customCaptureSubscriptionCallstack = previousCapture
    }
    _ = UnhandledErrors.recorder()
    runConcurrently { thread in
      for index in 0..<200 {
        Hooks.recordCallStackOnError = index % 2 == 0
        Hooks.customCaptureSubscriptionCallstack = { ["thread \(thread)"] }
        _ = Hooks.customCaptureSubscriptionCallstack()
        _ = Hooks.defaultErrorHandler
        _ = Observable<Int>.error(TestError(id: 12_207)).subscribe()
      }
    }
    expectEqual(UnhandledErrors.recorder().reports(of: TestError(id: 12_207)).count, 8 * 200)
  }
}
