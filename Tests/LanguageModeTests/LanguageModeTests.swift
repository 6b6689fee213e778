import Testing

/// Client code in RxSwift's usual style, one statement per line.
///
/// The closures touch main-actor state, mutate a captured `var`, or capture a non-Sendable
/// object. Each statement is on a line of its own so that its diagnostics can be checked alone.
private let rxSwiftStyleStatements: [(api: String, statement: String)] = [
  ("map", "_ = Observable.of(1).map { v -> Int in self.counter += v; return v }"),
  ("filter", "_ = Observable.of(1).filter { _ in self.counter += 1; return true }"),
  ("do(onNext:)", "_ = Observable.of(1).do(onNext: { _ in self.counter += 1 })"),
  ("subscribe(onNext:)", "_ = Observable.of(1).subscribe(onNext: { _ in self.counter += 1 })"),
  (
    "Observable.create",
    "_ = Observable<Int>.create { _ in self.counter += 1; return Disposables.create() }"
  ),
  ("Disposables.create(with:)", "_ = Disposables.create { self.counter += 1 }"),
  ("TestScheduler.scheduleAt", "scheduler.scheduleAt(300) { self.counter += 1 }"),
  (
    "flatMapLatest",
    "_ = Observable.of(1).flatMapLatest { v -> Observable<Int> in self.counter += 1; return .just(v) }"
  ),
  ("scan", "_ = Observable.of(1).scan(0) { a, v in self.counter += 1; return a + v }"),
  (
    "Observable.deferred",
    "_ = Observable.deferred { () -> Observable<Int> in self.counter += 1; return .just(1) }"
  ),
  ("Single.subscribe", "_ = Single.just(1).subscribe(onSuccess: { _ in self.counter += 1 })"),
  ("Infallible.subscribe", "_ = Infallible.just(1).subscribe(onNext: { _ in self.counter += 1 })"),
  (
    "combineLatest of 5",
    "_ = Observable.combineLatest(o, o, o, o, o) { a, _, _, _, _ in self.counter += a; return a }"
  ),
  ("zip", "_ = Observable.zip(o, o) { a, _ in self.counter += a; return a }"),
  ("bind(onNext:)", "_ = o.bind(onNext: { self.counter += $0 })"),
  (
    "subscribe(with:)",
    "_ = o.subscribe(with: box2, onNext: { _, v in self.counter += v })"
  ),
  ("withUnretained", "_ = o.withUnretained(box2) { _, v in self.counter += v; return v }"),
  ("groupBy", "_ = o.groupBy { v -> Int in self.counter += v; return v }"),
  ("Maybe.do", "_ = Maybe.just(1).do(onNext: { _ in self.counter += 1 })"),
  (
    "Single.deferred",
    "_ = Single.deferred { () -> Single<Int> in self.counter += 1; return .just(1) }"
  ),
  (
    "Binder on a scheduler",
    "_ = Binder<Int>(box2, scheduler: scheduler) { _, v in self.counter += v }"
  ),
  ("Driver.map", "_ = d.map { v -> Int in self.counter += v; return v }"),
  ("drive(onNext:)", "_ = d.drive(onNext: { self.counter += $0 })"),
  ("Driver.bind(onNext:)", "_ = d.bind(onNext: { self.counter += $0 })"),
  (
    "Signal.emit(onNext:)",
    "_ = o.asSignal(onErrorJustReturn: 0).emit(onNext: { self.counter += $0 })"
  ),
  (
    "asDriver(onErrorRecover:)",
    "_ = o.asDriver(onErrorRecover: { _ in self.counter += 1; return .empty() })"
  ),
  (
    "Driver.combineLatest", "_ = Driver.combineLatest(d, d) { a, _ in self.counter += a; return a }"
  ),
  ("captured var", "_ = Observable.of(1).subscribe(onNext: { local += $0 })"),
  ("non-Sendable capture", "_ = Observable.of(1).map { box.value + $0 }"),
]

/// The APIs above whose closures are `@MainActor` in Swift 6 mode, because the sequence
/// delivers on the main actor (Driver and Signal, issue 29): there the view model's closures
/// compile, and run on the main actor.
private let mainActorAPIs: Set<String> = [
  "Driver.map", "drive(onNext:)", "Driver.bind(onNext:)", "Signal.emit(onNext:)",
  "asDriver(onErrorRecover:)", "Driver.combineLatest",
]

/// A source file using every statement above inside a `@MainActor` view model.
private func clientSource() -> (source: String, lines: [String: Int]) {
  var lines = [
    "import ObservableCocoa",
    "import ObservableCore",
    "import ObservableTesting",
    "",
    "final class NonSendableBox { var value = 0 }",
    "final class SendableBox: Sendable {}",
    "",
    "@MainActor final class ViewModel {",
    "  var counter = 0",
    "  func run(scheduler: TestScheduler) {",
    "    var local = 0",
    "    let box = NonSendableBox()",
    "    let box2 = SendableBox()",
    "    let o = Observable.of(1)",
    "    let d = Driver.just(1)",
  ]
  var lineOfAPI: [String: Int] = [:]
  for (api, statement) in rxSwiftStyleStatements {
    lines.append("    " + statement)
    lineOfAPI[api] = lines.count
  }
  lines += ["    _ = (local, box)", "  }", "}", ""]
  return (lines.joined(separator: "\n"), lineOfAPI)
}

@Suite("Language modes: Swift 5 code compiles, Swift 6 code stays fully checked")
struct LanguageModeTests {
  @Test("RxSwift-style closures compile in Swift 5 mode with no errors and no warnings")
  func swift5ModeAccepts() throws {
    let (source, _) = clientSource()
    let result = try ClientCompiler.typecheck(source, languageMode: "5")
    #expect(result.status == 0, "\(result.output)")
    #expect(result.diagnostics("error") == [])
    #expect(result.diagnostics("warning") == [])
  }

  @Test("the same closures are errors in Swift 6 mode, for every API but Driver's and Signal's")
  func swift6ModeRejects() throws {
    let (source, lineOfAPI) = clientSource()
    let result = try ClientCompiler.typecheck(source, languageMode: "6")
    #expect(result.status != 0)
    let errors = result.diagnostics("error")
    for (api, line) in lineOfAPI.sorted(by: { $0.value < $1.value }) {
      let onLine = errors.filter { $0.contains("Client.swift:\(line):") }
      if mainActorAPIs.contains(api) {
        // `@MainActor` closures: touching the view model is what they are for.
        #expect(onLine == [], "\(api) (line \(line)) was rejected in Swift 6 mode")
      } else {
        #expect(!onLine.isEmpty, "\(api) (line \(line)) was accepted in Swift 6 mode")
      }
    }
    // They are errors, not warnings downgraded by `@preconcurrency`.
    #expect(result.diagnostics("warning").filter { $0.contains("Sendable") } == [])
    #expect(
      errors.contains { $0.contains("can not be mutated from a Sendable closure") },
      "\(result.output)")
    #expect(errors.contains { $0.contains("mutation of captured var 'local'") })
    #expect(errors.contains { $0.contains("capture of 'box' with non-Sendable type") })
  }

  @Test("a Swift 5 class conforming to Disposable compiles, warned that it must be Sendable")
  func swift5ConformanceWarns() throws {
    // Our protocols refine Sendable (a disposable is disposed from any thread), which no
    // language mode can relax for conformances without relaxing Swift 6 too: Swift 5 code
    // compiles with a warning, Swift 6 code gets the error.
    let source = """
      import ObservableCore

      final class Token: Disposable {
        var disposed = false
        func dispose() { disposed = true }
      }
      """
    let swift5 = try ClientCompiler.typecheck(source, languageMode: "5")
    #expect(swift5.status == 0, "\(swift5.output)")
    #expect(swift5.diagnostics("warning").contains { $0.contains("'disposed'") })
    let swift6 = try ClientCompiler.typecheck(source, languageMode: "6")
    #expect(swift6.status != 0)
    #expect(swift6.diagnostics("error").contains { $0.contains("'disposed'") })
  }

  @Test("Sendable-correct code compiles in Swift 6 mode")
  func swift6ModeAcceptsSendableCode() throws {
    let source = """
      import ObservableCore

      func run() -> any Disposable {
        Observable.of(1, 2, 3)
          .map { $0 * 2 }
          .filter { $0 > 2 }
          .do(onNext: { _ in })
          .subscribe(onNext: { _ in })
      }
      """
    let result = try ClientCompiler.typecheck(source, languageMode: "6")
    #expect(result.status == 0, "\(result.output)")
    #expect(result.diagnostics("warning") == [])
  }

  @Test("a Driver's values is unambiguous with AsyncBridge imported too, in both modes")
  func driverValuesWithAsyncBridge() throws {
    let source = """
      import AsyncBridge
      import ObservableCocoa
      import ObservableCore

      func titles(_ driver: Driver<String>) async -> [String] {
        var titles: [String] = []
        for await title in driver.values { titles.append(title) }
        return titles
      }
      """
    for mode in ["5", "6"] {
      let result = try ClientCompiler.typecheck(source, languageMode: mode)
      #expect(result.status == 0, "Swift \(mode) mode: \(result.output)")
      #expect(result.diagnostics("warning") == [])
    }
  }

  @Test("the Observation bridge from a @MainActor model, in both modes, both Observables named")
  func observationBridge() throws {
    let source = """
      import AsyncBridge
      import ObservableCore
      import Observation

      @MainActor @Observable final class Counter {
        var count = 0
        var label = ""
      }

      // Observation's protocol and the Rx type share the name Observable; with both imported,
      // `Observable<Int>` and `Observable.observing` still name the Rx type.
      @MainActor func wire(_ counter: Counter) -> [any Disposable] {
        let counts: Observable<Int> = Observable.observing { counter.count }
        var disposables: [any Disposable] = [
          counts
            .map { "\\($0)" }
            .bind(to: counter, \\.label),
          RxObservable.observing(on: MainScheduler.asyncInstance) {
            MainActor.assumeIsolated { counter.count }
          }
          .subscribe(onNext: { _ in }),
        ]
        #if compiler(>=6.2)
          disposables.append(
            RxObservable.observations { counter.count * 2 }.subscribe(onNext: { _ in }))
        #endif
        return disposables
      }
      """
    for mode in ["5", "6"] {
      let result = try ClientCompiler.typecheck(source, languageMode: mode)
      #expect(result.status == 0, "Swift \(mode) mode: \(result.output)")
      #expect(result.diagnostics("warning") == [])
    }
  }

  @Test("every library imported at once: JSONValue is one type, from ObservableCore")
  func allLibrariesTogether() throws {
    let source = """
      import AsyncBridge
      import GitHubAsync
      import ObservableCocoa
      import ObservableCore
      import ObservableTesting

      #if canImport(FoundationNetworking)
        import FoundationNetworking
      #endif
      import Foundation

      // GitHubAsync's Event (a repository event) and ObservableCore's Event (an Rx event)
      // share a name; a file importing both qualifies it.
      func action(of event: GitHubAsync.Event) -> String? {
        let payload: JSONValue = event.payload
        return payload["action"]?.stringValue
      }

      func names(_ url: URL) -> Observable<[String]> {
        URLSession.shared.rx.json(url: url).map { json in
          (json["items"]?.arrayValue ?? []).compactMap { $0["full_name"]?.stringValue }
        }
      }
      """
    let result = try ClientCompiler.typecheck(source, languageMode: "6")
    #expect(result.status == 0, "\(result.output)")
    #expect(result.diagnostics("warning") == [])
  }
}
