import Foundation
import Testing

/// The Swift code blocks of an ObservableCocoa DocC article, in order.
private func cocoaArticleSnippets(_ name: String) throws -> [String] {
  let article = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Sources/ObservableCocoa/ObservableCocoa.docc/\(name).md")
  let text = try String(contentsOf: article, encoding: .utf8)
  var snippets: [String] = []
  var current: [String]?
  for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
    if current == nil, line == "```swift" {
      current = []
    } else if current != nil, line == "```" {
      snippets.append((current ?? []).joined(separator: "\n"))
      current = nil
    } else if current != nil {
      current?.append(String(line))
    }
  }
  return snippets
}

@Suite("ObservableCocoa's articles compile")
struct CocoaArticleTests {
  @Test("View models with Driver and Signal: every snippet type-checks in Swift 6 mode")
  func driverViewModels() throws {
    let snippets = try cocoaArticleSnippets("DriverViewModels")
    #expect(snippets.count >= 2)
    // Later blocks use the view model of the first; repeated imports in one file are fine.
    let code = snippets.joined(separator: "\n")
    let result = try ClientCompiler.typecheck(code, languageMode: "6")
    #expect(
      result.status == 0 && result.diagnostics("warning").isEmpty, "\(code)\n\(result.output)")
  }
}
