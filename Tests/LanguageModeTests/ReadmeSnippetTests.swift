import Foundation
import TestProcessSupport
import Testing

/// One fenced Swift block of a Markdown file.
struct MarkdownBlock: CustomTestStringConvertible, Sendable {
  /// The file's path from the package root.
  var path: String
  /// The line of the opening fence.
  var line: Int
  /// The block's code, without the fence's indentation.
  var code: String

  var testDescription: String { "\(path):\(line)" }

  /// Whether the block is a package manifest rather than code that uses the libraries.
  var isManifest: Bool { code.hasPrefix("// swift-tools-version") }

  /// Whether the block says it goes on from the block before it.
  var continuesThePreviousBlock: Bool { code.hasPrefix("// Continued from the block above") }

  /// Whether the block is written for Swift 5 language mode.
  var isSwift5Mode: Bool { code.hasPrefix("// Swift 5 language mode") }
}

/// Every block fenced with "```swift" in the Markdown file at `path`, indented fences included.
///
/// - Parameter path: The file's path from the package root.
/// - Returns: The blocks, in order; none if the file cannot be read (a test checks the count).
func swiftBlocks(in path: String) -> [MarkdownBlock] {
  guard
    let text = try? String(contentsOf: packageRoot.appendingPathComponent(path), encoding: .utf8)
  else { return [] }
  var blocks: [MarkdownBlock] = []
  var current: (line: Int, indent: Int, lines: [String])?
  for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
    let trimmed = line.drop { $0 == " " }
    let indent = line.count - trimmed.count
    if current == nil, trimmed == "```swift" {
      current = (index + 1, indent, [])
    } else if let open = current, trimmed == "```" {
      blocks.append(
        MarkdownBlock(path: path, line: open.line, code: open.lines.joined(separator: "\n")))
      current = nil
    } else if let fenceIndent = current?.indent {
      current?.lines.append(String(line.dropFirst(min(indent, fenceIndent))))
    }
  }
  return blocks
}

/// The package's root folder.
let packageRoot = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// Every DocC article of the package, from the package root.
func doccArticles() -> [String] {
  let sources = packageRoot.appendingPathComponent("Sources")
  let modules =
    (try? FileManager.default.contentsOfDirectory(atPath: sources.path))?.sorted() ?? []
  return modules.flatMap { module -> [String] in
    let catalog = "Sources/\(module)/\(module).docc"
    let files =
      (try? FileManager.default.contentsOfDirectory(
        atPath: packageRoot.appendingPathComponent(catalog).path))?.sorted() ?? []
    return files.filter { $0.hasSuffix(".md") }.map { "\(catalog)/\($0)" }
  }
}

/// The articles whose snippets other tests compile, each with what the article takes as given
/// (a client, a server, the reader's own functions): GitHubArticleTests, CocoaArticleTests and
/// MigrationGuideTests.
let articlesCompiledElsewhere: Set<String> = [
  "Sources/GitHubAsync/GitHubAsync.docc/RetriesAndRateLimits.md",
  "Sources/GitHubAsync/GitHubAsync.docc/PaginationAndPolling.md",
  "Sources/ObservableCocoa/ObservableCocoa.docc/DriverViewModels.md",
  "Sources/ObservableCore/ObservableCore.docc/MigratingFromRxSwift.md",
]

/// Type-checks `code` as a file of a package that depends on this one: as a library file, or,
/// if it has top-level statements, as a `main.swift`.
///
/// - Returns: What the compiler said for the first form that compiled, or for `main.swift`.
func typecheckAsClientFile(_ code: String, languageMode: String) throws -> Compilation {
  let library = try ClientCompiler.typecheck(code, languageMode: languageMode)
  if library.status == 0 { return library }
  return try ClientCompiler.typecheck(code, languageMode: languageMode, fileName: "main.swift")
}

@Suite("Every Swift snippet of the README compiles")
struct ReadmeSnippetTests {
  @Test("the README has its Swift blocks, and one of them is a package manifest")
  func readmeHasBlocks() {
    let blocks = swiftBlocks(in: "README.md")
    // One block per direction of the bridge, the GitHub client, and the manifest.
    #expect(blocks.count >= 4)
    #expect(blocks.filter(\.isManifest).count == 1)
  }

  @Test(
    "each README block compiles as written, on its own or after the block it continues",
    arguments: swiftBlocks(in: "README.md").filter { !$0.isManifest })
  func readmeBlock(_ block: MarkdownBlock) throws {
    let blocks = swiftBlocks(in: "README.md")
    // A block that says it continues the one above is compiled after it (and after the one
    // that one continues).
    var code = [block.code]
    var index = blocks.firstIndex { $0.line == block.line } ?? 0
    while blocks[index].continuesThePreviousBlock, index > 0 {
      index -= 1
      code.insert(blocks[index].code, at: 0)
    }
    let source = code.joined(separator: "\n")
    let mode = block.isSwift5Mode ? "5" : "6"
    let result = try typecheckAsClientFile(source, languageMode: mode)
    #expect(
      result.status == 0 && result.diagnostics("warning").isEmpty,
      "\(block.testDescription), Swift \(mode) mode:\n\(source)\n\(result.output)")
  }

  @Test(
    "the README's manifest resolves against this package, cloned into a folder of the same name",
    arguments: swiftBlocks(in: "README.md").filter(\.isManifest))
  func readmeManifest(_ block: MarkdownBlock) throws {
    let described = try describePackage(manifest: block.code, cloneFolder: "ObservableBridge")
    #expect(described.status == 0, "\(block.code)\n\(described.output)")
  }

  @Test("the trap the README warns about is real: a clone in another folder is another package")
  func readmeManifestFolderTrap() throws {
    guard let block = swiftBlocks(in: "README.md").first(where: \.isManifest) else {
      Issue.record("the README has no manifest")
      return
    }
    let manifest = block.code.replacingOccurrences(
      of: "\"../ObservableBridge\"", with: "\"../rx-bridge\"")
    let described = try describePackage(manifest: manifest, cloneFolder: "rx-bridge")
    #expect(described.status != 0)
    #expect(
      described.output.contains("unknown package 'ObservableBridge' in dependencies of target"),
      "\(described.output)")
  }
}

/// Writes `manifest` as the `Package.swift` of a new package next to a folder named
/// `cloneFolder` that links to this package, gives each of its targets an empty source file,
/// and runs `swift package describe`, which loads the whole package graph: an unknown package
/// or product is an error.
///
/// - Returns: The command's exit status and output.
private func describePackage(manifest: String, cloneFolder: String) throws -> Compilation {
  let workspace = FileManager.default.temporaryDirectory
    .appendingPathComponent("readme-manifest-\(UUID().uuidString)")
  defer { try? FileManager.default.removeItem(at: workspace) }
  let app = workspace.appendingPathComponent("App")
  try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
  try FileManager.default.createSymbolicLink(
    at: workspace.appendingPathComponent(cloneFolder), withDestinationURL: packageRoot)
  try manifest.write(
    to: app.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
  // The targets the manifest names, in SwiftPM's default folders.
  for match in manifest.matches(of: /\.(target|testTarget)\(\s*name: "([^"]+)"/) {
    let folder = match.1 == "testTarget" ? "Tests" : "Sources"
    let directory = app.appendingPathComponent("\(folder)/\(match.2)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    try "".write(
      to: directory.appendingPathComponent("\(match.2).swift"), atomically: true,
      encoding: .utf8)
  }
  let run = try SpawnedProcess.run(
    executable: "/usr/bin/env",
    arguments: [
      "swift", "package", "--package-path", app.path, "--scratch-path",
      workspace.appendingPathComponent("build").path, "describe",
    ])
  return Compilation(status: run.termination.status, output: run.output)
}
