import Testing

// Files that came from RxSwift import only Rx modules and still name Foundation's types: RxCocoa's
// umbrella header imports Foundation, and with CocoaPods every pod's umbrella header imports
// UIKit or Cocoa. These clients import only our modules, as such a file does once its imports
// are changed, and must type-check in both language modes.

/// RxExample's activity indicator, rewritten Sendable-correct: a count of the tracked sequences
/// in flight, guarded by an `NSRecursiveLock` and published as a `Driver<Bool>`; plus a request
/// tracked by it, with `URL`, `URLRequest`, `URLSession.rx`, `NSError` and `Date`.
private let activityIndicatorClient = """
  import ObservableCocoa
  import ObservableCore

  // SAFETY: `running` is read and written only while `lock` is held.
  final class RunningCount: @unchecked Sendable {
    private let lock = NSRecursiveLock()
    private var running = 0

    func add(_ delta: Int) {
      lock.lock()
      running += delta
      lock.unlock()
    }

    var isPositive: Bool {
      lock.lock()
      defer { lock.unlock() }
      return running > 0
    }
  }

  struct ActivityEnd: Disposable {
    let end: any Disposable
    func dispose() { end.dispose() }
  }

  final class ActivityIndicator: SharedSequenceConvertibleType, Sendable {
    typealias Element = Bool
    typealias SharingStrategy = DriverSharingStrategy

    private let count = RunningCount()
    private let changed = PublishRelay<Void>()
    private let loading: Driver<Bool>

    init() {
      let count = self.count
      loading = changed.asObservable()
        .startWith(())
        .map { count.isPositive }
        .asDriver(onErrorJustReturn: false)
        .distinctUntilChanged()
    }

    func track<Element: Sendable>(_ source: Observable<Element>) -> Observable<Element> {
      let count = self.count
      let changed = self.changed
      return Observable.using(
        { () -> ActivityEnd in
          count.add(1)
          changed.accept(())
          return ActivityEnd(end: Disposables.create {
            count.add(-1)
            changed.accept(())
          })
        },
        observableFactory: { _ in source })
    }

    func asSharedSequence() -> Driver<Bool> {
      loading
    }
  }

  struct Profile: Sendable {
    let fetchedAt: Date
    let size: Int
  }

  func profile(
    of user: String, indicator: ActivityIndicator, lastError: BehaviorRelay<NSError?>
  ) -> Observable<Profile> {
    guard let url = URL(string: "https://api.github.com/users/\\(user)") else {
      return .error(NSError(domain: "Profile", code: 1))
    }
    var request = URLRequest(url: url)
    request.timeoutInterval = 10
    return indicator.track(URLSession.shared.rx.data(request: request))
      .map { data in Profile(fetchedAt: Date(), size: data.count) }
      .do(onError: { error in lastError.accept(error as NSError) })
  }
  """

/// A marble-test helper that names Foundation's `NSError`, `Date` and `TimeInterval` beside a
/// `TestScheduler`, with ObservableCore and ObservableTesting imported.
private let marbleHelperClient = """
  import ObservableCore
  import ObservableTesting

  /// When each recorded event happened, if a tick lasts `tick` seconds from `start`.
  func timeline<Element: Sendable>(
    _ events: [Recorded<Event<Element>>], start: Date, tick: TimeInterval
  ) -> [(Date, Event<Element>)] {
    events.map { (start.addingTimeInterval(TimeInterval($0.time) * tick), $0.value) }
  }

  func failingTimeline() -> [(Date, Event<Int>)] {
    let failure = NSError(domain: "Marbles", code: 7)
    let scheduler = TestScheduler(initialClock: 0)
    let source = scheduler.createColdObservable([.next(10, 1), .error(20, failure)])
    let observer = scheduler.start { source.asObservable().map { $0 * 2 } }
    return timeline(observer.events, start: Date(timeIntervalSince1970: 0), tick: 0.01)
  }
  """

/// `import ObservableCocoa` alone names the relays and `Observable`, as `import RxCocoa` alone
/// names RxRelay's relays.
private let cocoaAloneClient = """
  import ObservableCocoa

  func relays() -> Observable<Int> {
    let values = BehaviorRelay(value: 1)
    let taps = PublishRelay<Void>()
    return Observable.merge(values.asObservable(), taps.asObservable().map { 0 })
  }
  """

/// `import ObservableCore` alone names Foundation's types, as `import RxSwift` does in a
/// CocoaPods build.
private let coreAloneClient = """
  import ObservableCore

  // SAFETY: `stamps` is read and written only while `lock` is held.
  final class Stamps: @unchecked Sendable {
    private let lock = NSRecursiveLock()
    private var stamps: [Date] = []

    func record(_ date: Date) {
      lock.lock()
      stamps.append(date)
      lock.unlock()
    }
  }

  func stamped(_ source: Observable<Int>, into stamps: Stamps) -> Observable<TimeInterval> {
    source.map { _ in
      let now = Date()
      stamps.record(now)
      return now.timeIntervalSince1970
    }
    .catch { error in .error(NSError(domain: "Stamps", code: (error as NSError).code)) }
  }
  """

/// `import ObservableTesting` alone names Foundation's types, as `import RxTest` does.
private let testingAloneClient = """
  import ObservableTesting

  func clock() -> (TestScheduler, Date, NSError) {
    let scheduler = TestScheduler(initialClock: 0)
    let start = Date(timeIntervalSince1970: TimeInterval(scheduler.clock))
    return (scheduler, start, NSError(domain: "Clock", code: 1))
  }
  """

@Suite("Our imports make Foundation visible, as RxSwift's do")
struct FoundationExportsTests {
  /// Type-checks `source` in both language modes and expects neither errors nor warnings.
  private func expectCompiles(
    _ source: String, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    for mode in ["5", "6"] {
      let result = try ClientCompiler.typecheck(source, languageMode: mode)
      #expect(
        result.status == 0, "Swift \(mode) mode:\n\(result.output)",
        sourceLocation: sourceLocation)
      #expect(
        result.diagnostics("warning") == [], "Swift \(mode) mode:\n\(result.output)",
        sourceLocation: sourceLocation)
    }
  }

  @Test(
    "ObservableCore and ObservableCocoa: NSRecursiveLock, URL, URLRequest, URLSession.rx, NSError"
  )
  func activityIndicator() throws {
    try expectCompiles(activityIndicatorClient)
  }

  @Test("a marble-test helper with ObservableCore and ObservableTesting: NSError, Date")
  func marbleHelper() throws {
    try expectCompiles(marbleHelperClient)
  }

  @Test("import ObservableCocoa alone names BehaviorRelay, PublishRelay and Observable")
  func cocoaAlone() throws {
    try expectCompiles(cocoaAloneClient)
  }

  @Test("import ObservableCore alone names NSRecursiveLock, Date, TimeInterval and NSError")
  func coreAlone() throws {
    try expectCompiles(coreAloneClient)
  }

  @Test("import ObservableTesting alone names Date, TimeInterval and NSError")
  func testingAlone() throws {
    try expectCompiles(testingAloneClient)
  }
}
