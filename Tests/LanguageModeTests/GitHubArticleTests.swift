import Foundation
import Testing

/// The Swift code blocks of a GitHubAsync DocC article, in order.
private func gitHubArticleSnippets(_ name: String) throws -> [String] {
  let article = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Sources/GitHubAsync/GitHubAsync.docc/\(name).md")
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

@Suite("GitHubAsync's articles compile")
struct GitHubArticleTests {
  @Test("Retries and rate limits: every snippet type-checks in Swift 6 mode")
  func retriesAndRateLimits() throws {
    let snippets = try gitHubArticleSnippets("RetriesAndRateLimits")
    #expect(snippets.count == 3)
    // Each block is the body of a function that has what the article takes as given: a
    // client, a dispose bag, a replay server's URL and a manual clock.
    let code =
      """
      import Foundation
      import GitHubAsync
      import ObservableCore

      struct Server { var baseURL: URL }

      """
      + snippets.enumerated().map { index, snippet in
        """
        func snippet\(index)(
          client: GitHubClient, bag: DisposeBag, server: Server, manualClock: ContinuousClock
        ) async throws {
        \(snippet)
        }

        """
      }.joined()
    let result = try ClientCompiler.typecheck(code, languageMode: "6")
    // Values the article names but does not use again are fine.
    let warnings = result.diagnostics("warning").filter { !$0.contains("never used") }
    #expect(result.status == 0 && warnings.isEmpty, "\(code)\n\(result.output)")
  }
}
