import Testing

@Suite("GitHubAsync's articles compile")
struct GitHubArticleTests {
  @Test("Retries and rate limits: every snippet type-checks in Swift 6 mode")
  func retriesAndRateLimits() throws {
    let snippets = try markdownSwiftBlocks(
      "Sources/GitHubAsync/GitHubAsync.docc/RetriesAndRateLimits.md")
    #expect(snippets.count == 3)
    // Each block is the body of a function that has what the article takes as given: a
    // client, a dispose bag, a replay server's URL and a manual clock.
    let code =
      """
      import Foundation
      import GitHubAsync
      import ObservableCore
      import ObservableTesting

      struct Server { var baseURL: URL }

      """
      + snippets.enumerated().map { index, snippet in
        """
        func snippet\(index)(
          client: GitHubClient, bag: DisposeBag, server: Server, manualClock: TestClock
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

  @Test("Pagination and polling: every snippet type-checks in Swift 6 mode")
  func paginationAndPolling() throws {
    let snippets = try markdownSwiftBlocks(
      "Sources/GitHubAsync/GitHubAsync.docc/PaginationAndPolling.md")
    #expect(snippets.count >= 4)
    // Each block is the body of a function given a client, a dispose bag, and the article's
    // `show` and `enough`, which stand for the reader's own code.
    let code =
      """
      import Foundation
      import GitHubAsync
      import ObservableCore

      func show<Value>(_ value: Value) {}
      func show(error: any Error) {}

      """
      + snippets.enumerated().map { index, snippet in
        """
        func snippet\(index)(client: GitHubClient, bag: DisposeBag, enough: Bool) async throws {
        \(snippet)
        }

        """
      }.joined()
    let result = try ClientCompiler.typecheck(code, languageMode: "6")
    let warnings = result.diagnostics("warning").filter { !$0.contains("never used") }
    #expect(result.status == 0 && warnings.isEmpty, "\(code)\n\(result.output)")
  }
}
