import Testing

@Suite("ObservableCocoa's articles compile")
struct CocoaArticleTests {
  @Test("View models with Driver and Signal: every snippet type-checks in Swift 6 mode")
  func driverViewModels() throws {
    let snippets = try markdownSwiftBlocks(
      "Sources/ObservableCocoa/ObservableCocoa.docc/DriverViewModels.md")
    #expect(snippets.count >= 2)
    // Later blocks use the view model of the first; repeated imports in one file are fine.
    let code = snippets.joined(separator: "\n")
    let result = try ClientCompiler.typecheck(code, languageMode: "6")
    #expect(
      result.status == 0 && result.diagnostics("warning").isEmpty, "\(code)\n\(result.output)")
  }
}
