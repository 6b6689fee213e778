import Testing

@Suite("Every Swift snippet of the DocC articles compiles")
struct DocCArticleSnippetTests {
  @Test(
    "each DocC article's Swift blocks compile together, in order",
    arguments: doccArticles().filter {
      !articlesCompiledElsewhere.contains($0) && !swiftBlocks(in: $0).isEmpty
    })
  func doccArticle(_ path: String) throws {
    let blocks = swiftBlocks(in: path)
    let swift5 = blocks.filter(\.isSwift5Mode)
    let swift6 = blocks.filter { !$0.isSwift5Mode }
    if !swift6.isEmpty {
      let source = swift6.map(\.code).joined(separator: "\n")
      let result = try typecheckAsClientFile(source, languageMode: "6")
      #expect(
        result.status == 0 && result.diagnostics("warning").isEmpty,
        "\(path), Swift 6 mode:\n\(source)\n\(result.output)")
    }
    for block in swift5 {
      let result = try typecheckAsClientFile(block.code, languageMode: "5")
      #expect(
        result.status == 0 && result.diagnostics("warning").isEmpty,
        "\(block.testDescription), Swift 5 mode:\n\(block.code)\n\(result.output)")
    }
  }

  @Test("articles compiled by other tests still exist and still have snippets")
  func articlesCompiledElsewhereExist() {
    for path in articlesCompiledElsewhere {
      #expect(!swiftBlocks(in: path).isEmpty, "\(path)")
    }
  }
}
