import Testing

/// Code written for RxSwift, RxCocoa, RxRelay, RxTest and RxBlocking that imports their
/// modules and qualifies names with them, as libraries do to avoid clashes.
private let rxModuleClient = """
  import RxBlocking
  import RxCocoa
  import RxRelay
  import RxSwift
  import RxTest

  public typealias Observable = RxSwift.Observable

  final class Counter {
    let relay = RxRelay.BehaviorRelay(value: 0)
    let bag = RxSwift.DisposeBag()
    var text: RxCocoa.Driver<String> { relay.asDriver().map { "\\($0)" } }

    func start(_ ticks: Observable<Int>) {
      let subscription: RxSwift.Disposable = ticks.bind(to: relay)
      subscription.disposed(by: bag)
    }
  }

  func check() throws -> [Int] {
    let scheduler = RxTest.TestScheduler(initialClock: 0)
    let observer: RxTest.TestableObserver<Int> = scheduler.createObserver(Int.self)
    _ = Observable.just(1).subscribe(observer)
    let blocking: RxBlocking.BlockingObservable<Int> = Observable.of(1, 2).toBlocking(timeout: 1)
    return try blocking.toArray()
  }
  """

@Suite("RxSwift's module names: import and qualify them unchanged")
struct RxModuleNamesTests {
  @Test("compiles in Swift 5 and Swift 6 mode, with no warning", arguments: ["5", "6"])
  func compiles(languageMode: String) throws {
    let result = try ClientCompiler.typecheck(rxModuleClient, languageMode: languageMode)
    #expect(result.status == 0, "\(result.output)")
    #expect(result.diagnostics("warning") == [], "\(result.output)")
  }
}
