import ObservableCocoa
import ObservableCore
import Testing

/// Records every report that reaches `Hooks.mainThreadViolationHandler`, with the tag of the
/// test that made it.
///
/// Tests run in parallel, so none swaps the handler back and forth: the first that needs the
/// recorder installs it, once, for the whole process. A report is filed under the `tag` bound
/// on the task that made the check (the handler runs synchronously on the checking thread), so
/// each test sees only its own reports, and a report no test expected is filed under `nil`.
final class MainThreadViolations: Sendable {
  /// The tag under which a check's report is filed.
  @TaskLocal static var tag: String?

  private static let shared: MainThreadViolations = {
    let recorder = MainThreadViolations()
    Hooks.mainThreadViolationHandler = { message in recorder.record(message) }
    return recorder
  }()

  private let reports = _Mutex<[(tag: String?, message: String)]>([])

  /// Installs the process-wide recorder if it is not installed yet, and returns it.
  static func recorder() -> MainThreadViolations {
    shared
  }

  private func record(_ message: String) {
    let tag = Self.tag
    reports.withLock { $0.append((tag, message)) }
  }

  /// The messages reported under `tag`, in order.
  func messages(tagged tag: String) -> [String] {
    reports.withLock { $0.filter { $0.tag == tag }.map(\.message) }
  }
}

/// Runs `body` off the main thread, in a detached task, with `tag` bound.
private func offMain(tag: String, _ body: @escaping @Sendable () -> Void) async {
  await Task.detached {
    #expect(!MainScheduler.isOnMainQueue)
    MainThreadViolations.$tag.withValue(tag, operation: body)
  }.value
}

/// Runs `body` on the main actor, with `tag` bound.
private func onMain(tag: String, _ body: @escaping @MainActor @Sendable () -> Void) async {
  await MainActor.run {
    #expect(MainScheduler.isOnMainQueue)
    MainThreadViolations.$tag.withValue(tag) { body() }
  }
}

@Suite("Main-thread checks report instead of trapping")
struct MainThreadCheckTests {
  @Test("ensureExecutingOnScheduler reports off the main queue, with the message given")
  func executingOnScheduler() async {
    let recorder = MainThreadViolations.recorder()
    await offMain(tag: "executing-off") {
      MainScheduler.ensureExecutingOnScheduler(errorMessage: "marker 1")
      MainScheduler.ensureExecutingOnScheduler()
    }
    let messages = recorder.messages(tagged: "executing-off")
    #expect(messages.count == 2)
    #expect(messages.first == "marker 1")
    #expect(messages.last?.contains("background thread") == true)
    await onMain(tag: "executing-on") { MainScheduler.ensureExecutingOnScheduler() }
    #expect(recorder.messages(tagged: "executing-on").isEmpty)
  }

  @Test("ensureRunningOnMainThread reports off the main thread, with the message given")
  func runningOnMainThread() async {
    let recorder = MainThreadViolations.recorder()
    await offMain(tag: "running-off") {
      MainScheduler.ensureRunningOnMainThread(errorMessage: "marker 2")
      MainScheduler.ensureRunningOnMainThread()
    }
    #expect(
      recorder.messages(tagged: "running-off") == ["marker 2", "Running on a background thread."])
    await onMain(tag: "running-on") { MainScheduler.ensureRunningOnMainThread() }
    #expect(recorder.messages(tagged: "running-on").isEmpty)
  }

  @Test("every form of drive reports when called off the main thread")
  func driveOffMain() async {
    let recorder = MainThreadViolations.recorder()
    let relay = BehaviorRelay(value: 1)
    let driver = relay.asDriver()
    await offMain(tag: "drive-off") {
      let scheduler = MainScheduler.asyncInstance
      let bag = DisposeBag()
      bag.insert(driver.drive(AnyObserver<Int> { _ in }))
      bag.insert(driver.drive(AnyObserver<Int?> { _ in }))
      bag.insert(driver.drive(BehaviorRelay(value: 0)))
      bag.insert(driver.drive(BehaviorRelay<Int?>(value: nil)))
      bag.insert(driver.drive(PublishRelay<Int>()))
      bag.insert(driver.drive(PublishRelay<Int?>()))
      bag.insert(driver.drive(ReplayRelay<Int>.create(bufferSize: 1)))
      bag.insert(driver.drive(ReplayRelay<Int?>.create(bufferSize: 1)))
      bag.insert(driver.drive { $0.subscribe() })
      bag.insert(driver.drive({ sequence in { _ in sequence.subscribe() } }, curriedArgument: 0))
      bag.insert(driver.drive(onNext: { _ in }))
      bag.insert(driver.drive(with: scheduler, onNext: { _, _ in }))
    }
    let messages = recorder.messages(tagged: "drive-off")
    #expect(messages.count == 12)
    #expect(messages.allSatisfy { $0.contains("`drive` was called off the main thread") })
  }

  @Test("drive on the main thread reports nothing")
  func driveOnMain() async {
    let recorder = MainThreadViolations.recorder()
    let relay = BehaviorRelay(value: 1)
    let driver = relay.asDriver()
    let received = Box<[Int]>([])
    let subscription = Box<(any Disposable)?>(nil)
    await onMain(tag: "drive-on") {
      subscription.mutate { $0 = driver.drive(onNext: { received.append($0) }) }
    }
    // The driver delivers on MainScheduler.instance, at once unless other work is queued.
    #expect(await eventually { received.value == [1] })
    subscription.value?.dispose()
    #expect(recorder.messages(tagged: "drive-on").isEmpty)
  }

  @Test("a driver built inside SharingScheduler.mock is not checked, wherever it is driven")
  func mockedDriver() async {
    let recorder = MainThreadViolations.recorder()
    let relay = BehaviorRelay(value: 1)
    let driver = SharingScheduler.mock(scheduler: SynchronousScheduler()) { relay.asDriver() }
    let received = Box<[Int]>([])
    await offMain(tag: "mocked-off") {
      driver.drive(onNext: { received.append($0) }).dispose()
    }
    #expect(received.value == [1])
    #expect(recorder.messages(tagged: "mocked-off").isEmpty)
  }

  @Test("emit does not check the thread, as in RxCocoa: a signal replays nothing")
  func emitOffMain() async {
    let recorder = MainThreadViolations.recorder()
    let signal = PublishRelay<Int>().asSignal()
    await offMain(tag: "emit-off") {
      signal.emit(onNext: { _ in }).dispose()
    }
    #expect(recorder.messages(tagged: "emit-off").isEmpty)
  }
}
