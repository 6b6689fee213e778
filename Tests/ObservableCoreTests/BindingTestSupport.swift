import Dispatch
import ObservableCore

/// Records every error that reaches `Hooks.defaultErrorHandler`, for the whole test process.
///
/// Tests run in parallel, so a test that swapped the handler and put the old one back could
/// steal another test's report. Instead, the first test that needs reports installs this
/// recorder, once, and every test looks only for its own marker error (a `TestError` with an
/// id no other test uses). Only `HooksTests`, a serialized suite, installs other handlers, and
/// those forward to this one; AsyncBridgeTests' recorder and this one forward to each other.
final class UnhandledErrors: Sendable {
  /// One report: the recorded subscription call stack and the error's description.
  struct Report: Sendable, Equatable {
    var callStack: [String]
    var error: String
  }

  private static let shared: UnhandledErrors = {
    let recorder = UnhandledErrors()
    // AsyncBridgeTests (in the same test process) installs a recorder of its own for its
    // `BridgeTestError`s, which forwards every other error to the handler it found. Whichever
    // is installed second keeps the first one fed: this one passes `BridgeTestError`s on, and
    // only those, so nothing reaches the library's default handler, which prints.
    let previous = Hooks.defaultErrorHandler
    Hooks.defaultErrorHandler = { callStack, error in
      recorder.record(callStack, error)
      if String(describing: type(of: error)) == "BridgeTestError" { previous(callStack, error) }
    }
    return recorder
  }()

  private let reports = _Mutex<[Report]>([])

  /// Installs the process-wide recorder if it is not installed yet, and returns it.
  static func recorder() -> UnhandledErrors {
    shared
  }

  /// Passes a report to the recorder, for handlers that wrap it.
  static func forward(_ callStack: [String], _ error: any Error) {
    shared.record(callStack, error)
  }

  private func record(_ callStack: [String], _ error: any Error) {
    reports.withLock { $0.append(Report(callStack: callStack, error: "\(error)")) }
  }

  /// The descriptions of every error reported so far, by any test.
  var value: [String] {
    reports.withLock { $0.map(\.error) }
  }

  /// The reports of `error`, in the order they arrived.
  func reports(of error: TestError) -> [Report] {
    let description = "\(error)"
    return reports.withLock { $0.filter { $0.error == description } }
  }
}

/// Calls `body` from `threads` threads at once, as close together as a barrier allows.
func runConcurrently(threads: Int = 8, _ body: @escaping @Sendable (Int) -> Void) {
  let ready = _Atomic<Int>(0)
  DispatchQueue.concurrentPerform(iterations: threads) { index in
    ready.add(1, ordering: .sequentiallyConsistent)
    // Spin until every thread has arrived (bounded, in case fewer run in parallel).
    var spins = 0
    while ready.load(ordering: .sequentiallyConsistent) < threads, spins < 100_000 { spins += 1 }
    body(index)
  }
}

/// A disposable that counts how often it was disposed.
final class DisposalCounter: Cancelable {
  private let count = _Atomic<Int>(0)
  var disposals: Int { count.load(ordering: .sequentiallyConsistent) }
  var isDisposed: Bool { disposals > 0 }
  func dispose() { count.add(1, ordering: .sequentiallyConsistent) }
}

/// Polls `condition` until it holds or `timeout` passes; returns whether it held.
func poll(timeout: Duration = .seconds(10), until condition: @Sendable () -> Bool) async -> Bool {
  let clock = ContinuousClock()
  let deadline = clock.now.advanced(by: timeout)
  while !condition() {
    guard clock.now < deadline else { return false }
    try? await Task.sleep(for: .milliseconds(1))
  }
  return true
}
