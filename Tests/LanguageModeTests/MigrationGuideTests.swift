import Foundation
import Testing

/// The Swift code blocks of the DocC article *Migrating from RxSwift*, in order.
///
/// A block whose first line is `// Swift 5 language mode` is compiled in that mode; every
/// other block in Swift 6 mode. A block whose first line starts with
/// `// Main-actor-default module` is compiled with ``ClientCompiler/mainActorDefaultFlags``,
/// and must fail to compile if that line goes on with `, rejected`.
private func articleSnippets() throws -> [(index: Int, mode: String, code: String)] {
  let article = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Sources/ObservableCore/ObservableCore.docc/MigratingFromRxSwift.md")
  let text = try String(contentsOf: article, encoding: .utf8)
  var snippets: [(Int, String, String)] = []
  var current: [String]?
  for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
    if current == nil, line.trimmingCharacters(in: .whitespaces) == "```swift" {
      current = []
    } else if current != nil, line.trimmingCharacters(in: .whitespaces) == "```" {
      let code = (current ?? []).joined(separator: "\n")
      let mode = code.hasPrefix("// Swift 5 language mode") ? "5" : "6"
      snippets.append((snippets.count + 1, mode, code))
      current = nil
    } else if current != nil {
      current?.append(String(line))
    }
  }
  return snippets
}

@Suite("The migration guide's snippets compile")
struct MigrationGuideTests {
  @Test("every Swift snippet of Migrating from RxSwift type-checks with no diagnostics")
  func snippetsCompile() throws {
    let snippets = try articleSnippets()
    #expect(snippets.count >= 8)
    #expect(snippets.filter { $0.code.hasPrefix("// Main-actor-default module") }.count >= 4)
    for snippet in snippets {
      if snippet.code.hasPrefix("// Main-actor-default module") {
        try checkMainActorDefault(snippet)
        continue
      }
      let result = try ClientCompiler.typecheck(snippet.code, languageMode: snippet.mode)
      #expect(
        result.status == 0 && result.diagnostics("warning").isEmpty,
        "snippet \(snippet.index) (Swift \(snippet.mode) mode):\n\(snippet.code)\n\(result.output)")
    }
  }

  /// Type-checks a snippet of *Main-actor-default modules* as a file of a module that defaults
  /// to the main actor: it compiles with no diagnostics, or, if marked rejected, with errors.
  private func checkMainActorDefault(_ snippet: (index: Int, mode: String, code: String)) throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("main-actor-default-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("Client.swift")
    try snippet.code.write(to: file, atomically: true, encoding: .utf8)
    let result = try ClientCompiler.typecheck(
      files: [file], languageMode: "6", extraFlags: ClientCompiler.mainActorDefaultFlags)
    let firstLine = snippet.code.prefix { $0 != "\n" }
    if firstLine.contains(", rejected") {
      #expect(
        result.status != 0 && !result.diagnostics("error").isEmpty,
        "snippet \(snippet.index) compiled, but the article says it is rejected:\n\(snippet.code)")
    } else {
      #expect(
        result.status == 0 && result.diagnostics("warning").isEmpty,
        "snippet \(snippet.index) (main-actor default):\n\(snippet.code)\n\(result.output)")
    }
  }
}
