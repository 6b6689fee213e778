import Foundation
import Testing

/// The Swift code blocks of one `## ` section of README.md, in order.
private func readmeSnippets(inSection heading: String) throws -> [String] {
  let readme = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("README.md")
  let text = try String(contentsOf: readme, encoding: .utf8)
  var snippets: [String] = []
  var inSection = false
  var current: [String]?
  for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
    if current == nil, line.hasPrefix("## ") {
      inSection = line == "## \(heading)"
    } else if inSection, current == nil, line == "```swift" {
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

@Suite("The README's snippets compile")
struct ReadmeSnippetTests {
  @Test("the Driver-based view model and its virtual-time test type-check in Swift 6 mode")
  func driverViewModel() throws {
    let snippets = try readmeSnippets(inSection: "Driver-based view models, on Linux too")
    #expect(snippets.count == 2)
    // The second block uses the first's view model; imports may repeat in one file.
    let code = snippets.joined(separator: "\n")
    let result = try ClientCompiler.typecheck(code, languageMode: "6")
    #expect(
      result.status == 0 && result.diagnostics("warning").isEmpty, "\(code)\n\(result.output)")
  }

  @Test("the GitHub client's snippets type-check in Swift 6 mode")
  func gitHubClient() throws {
    let snippets = try readmeSnippets(inSection: "One GitHub client, two styles")
    #expect(snippets.count == 3)
    // The snippets share the first one's client; the bag is the reader's own.
    let code =
      "import GitHubAsync\nimport ObservableCore\nlet disposeBag = DisposeBag()\n"
      + snippets.joined(separator: "\n")
    let result = try ClientCompiler.typecheck(code, languageMode: "6")
    #expect(
      result.status == 0 && result.diagnostics("warning").isEmpty, "\(code)\n\(result.output)")
  }
}
