import Testing

@Suite("The README's snippets compile")
struct ReadmeSnippetTests {
  @Test("the Driver-based view model and its virtual-time test type-check in Swift 6 mode")
  func driverViewModel() throws {
    let snippets = try markdownSwiftBlocks(
      "README.md", section: "Driver-based view models, on Linux too")
    #expect(snippets.count == 2)
    // The second block uses the first's view model; imports may repeat in one file.
    let code = snippets.joined(separator: "\n")
    let result = try ClientCompiler.typecheck(code, languageMode: "6")
    #expect(
      result.status == 0 && result.diagnostics("warning").isEmpty, "\(code)\n\(result.output)")
  }

  @Test("the GitHub client's snippets type-check in Swift 6 mode")
  func gitHubClient() throws {
    let snippets = try markdownSwiftBlocks("README.md", section: "One GitHub client, two styles")
    #expect(snippets.count == 3)
    // The snippets share the first one's client; the bag is the reader's own.
    let code =
      "import GitHubAsync\nimport ObservableCore\nlet disposeBag = DisposeBag()\n"
      + snippets.joined(separator: "\n")
    let result = try ClientCompiler.typecheck(code, languageMode: "6")
    #expect(
      result.status == 0 && result.diagnostics("warning").isEmpty, "\(code)\n\(result.output)")
  }

  @Test("Finding leaks: the Resources.total snippet type-checks in Swift 6 mode")
  func findingLeaks() throws {
    let snippets = try markdownSwiftBlocks("README.md", section: "Testing your own code")
      .filter { $0.contains("Resources.total") }
    #expect(snippets.count == 1)
    for code in snippets {
      let result = try ClientCompiler.typecheck(code, languageMode: "6")
      #expect(
        result.status == 0 && result.diagnostics("warning").isEmpty, "\(code)\n\(result.output)")
    }
  }
}
