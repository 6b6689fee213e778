import Foundation
import Testing

/// The view models of `MainActorDefault/`, written the way RxSwift users write them, and the
/// edits that make them compile in a module that defaults to the main actor (issue 29).
///
/// `AsWritten/` holds them as written; `Edited/ObservableBridge/` the smallest edits that make
/// them compile against this library; `Edited/RxSwift/` would hold RxSwift's, which needs none.
/// `Scripts/measure-main-actor-default.sh` measures both libraries the same way.
private let fixtures = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent()
  .appendingPathComponent("MainActorDefault")

/// The Swift files of one fixture folder, sorted by name.
private func swiftFiles(_ folder: String) throws -> [URL] {
  let directory = fixtures.appendingPathComponent(folder)
  return try FileManager.default.contentsOfDirectory(atPath: directory.path)
    .filter { $0.hasSuffix(".swift") }
    .sorted()
    .map { directory.appendingPathComponent($0) }
}

@Suite("Main-actor-default modules: RxSwift-style view models compile")
struct MainActorDefaultTests {
  @Test("the edited view models compile with no error and no warning")
  func editedCompiles() throws {
    let result = try ClientCompiler.typecheck(
      files: try swiftFiles("Edited/ObservableBridge"), languageMode: "6",
      extraFlags: ClientCompiler.mainActorDefaultFlags)
    #expect(result.status == 0, "\(result.output)")
    #expect(result.diagnostics("error") == [])
    #expect(result.diagnostics("warning") == [])
  }

  @Test("the view models as written, unchanged as RxSwift compiles them")
  func asWrittenCompiles() throws {
    let files = try swiftFiles("AsWritten")
    #expect(files.count == 7)
    let result = try ClientCompiler.typecheck(
      files: files, languageMode: "6", extraFlags: ClientCompiler.mainActorDefaultFlags)
    // Issue 29: not yet. The Driver/Signal files compile but for one method reference, and the
    // Observable chains after `observe(on: MainScheduler.instance)` compile; the `Single.create`
    // wrapper and the activity indicator do not (10 errors in 3 of the 7 files, each counted
    // with the other files edited; 26 in 4 files before `MainActorObservable`, 33 in 6 files
    // before Driver and Signal took `@MainActor` closures); RxSwift 6.10.2 compiles all 7. This
    // known issue fails the test once the code compiles unchanged.
    withKnownIssue("issue 29: code written the RxSwift way needs edits against this library") {
      #expect(result.diagnostics("error") == [], "\(result.output)")
    }
    #expect(result.diagnostics("warning") == [])
  }

  @Test("the edited copies differ from the view models as written in code, not in imports")
  func sameImports() throws {
    for written in try swiftFiles("AsWritten") {
      let edited = fixtures.appendingPathComponent("Edited/ObservableBridge")
        .appendingPathComponent(written.lastPathComponent)
      let imports = { (file: URL) in
        try String(contentsOf: file, encoding: .utf8).split(separator: "\n")
          .filter { $0.hasPrefix("import ") }
      }
      #expect(try imports(written) == imports(edited), "\(written.lastPathComponent)")
    }
  }
}
