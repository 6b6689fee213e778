import Foundation
import Testing

/// The Swift code blocks of the DocC article *Migrating from RxSwift*, in order.
///
/// A block whose first line is `// Swift 5 language mode` is compiled in that mode; every
/// other block in Swift 6 mode.
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
    for snippet in snippets {
      let result = try ClientCompiler.typecheck(snippet.code, languageMode: snippet.mode)
      #expect(
        result.status == 0 && result.diagnostics("warning").isEmpty,
        "snippet \(snippet.index) (Swift \(snippet.mode) mode):\n\(snippet.code)\n\(result.output)")
    }
  }
}
