import Foundation
import TestProcessSupport
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

/// The modules of the RxNames package, each compiled from its own source (a re-export) into
/// `folder`, against the modules `swift build` produced for this test run.
private func buildRxNameModules(into folder: URL) throws -> [Compilation] {
  let build = try ClientCompiler.buildFolder()
  let names = ["RxSwift", "RxRelay", "RxCocoa", "RxTest", "RxBlocking"]
  return try names.map { name in
    let source = packageRoot.appendingPathComponent("RxNames/Sources/\(name)/Exports.swift")
    let run = try SpawnedProcess.run(
      executable: "/usr/bin/env",
      arguments: [
        "swiftc", "-emit-module", "-parse-as-library", "-swift-version", "6",
        "-module-name", name,
        "-emit-module-path", folder.appendingPathComponent("\(name).swiftmodule").path,
        "-I", build.appendingPathComponent("Modules").path,
        "-Xcc",
        "-fmodule-map-file="
          + build.appendingPathComponent("ObservableCoreShims.build/module.modulemap").path,
        source.path,
      ])
    return Compilation(status: run.termination.status, output: run.output)
  }
}

@Suite("RxSwift's module names (the RxNames package): import and qualify them unchanged")
struct RxModuleNamesTests {
  @Test("code that imports and qualifies them compiles in Swift 5 and 6 mode, with no warning")
  func compiles() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("rx-names-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    for module in try buildRxNameModules(into: folder) {
      #expect(module.status == 0 && module.diagnostics("warning").isEmpty, "\(module.output)")
    }
    for languageMode in ["5", "6"] {
      let result = try ClientCompiler.typecheck(
        rxModuleClient, languageMode: languageMode, extraFlags: ["-I", folder.path])
      #expect(result.status == 0, "Swift \(languageMode) mode: \(result.output)")
      #expect(result.diagnostics("warning") == [], "Swift \(languageMode) mode: \(result.output)")
    }
  }

  @Test("the RxNames manifest declares the five products and loads")
  func manifest() throws {
    let run = try SpawnedProcess.run(
      executable: "/usr/bin/env",
      arguments: [
        "swift", "package", "--package-path", packageRoot.appendingPathComponent("RxNames").path,
        "--scratch-path",
        FileManager.default.temporaryDirectory
          .appendingPathComponent("rx-names-describe-\(UUID().uuidString)").path,
        "dump-package",
      ])
    #expect(run.termination.status == 0, "\(run.output)")
    for product in ["RxSwift", "RxCocoa", "RxRelay", "RxTest", "RxBlocking"] {
      #expect(run.output.contains("\"name\" : \"\(product)\""), "\(run.output)")
    }
  }
}
