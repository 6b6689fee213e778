import Foundation

/// The Swift code blocks (fenced with "```swift") of a Markdown file of the package, in order.
///
/// - Parameters:
///   - path: The file's path from the package root, such as `README.md` or
///     `Sources/GitHubAsync/GitHubAsync.docc/RetriesAndRateLimits.md`.
///   - section: If given, only the blocks under the `## ` heading with this text, up to the
///     next `## ` heading.
/// - Returns: Each block's lines, joined with newlines.
/// - Throws: An error if the file cannot be read.
func markdownSwiftBlocks(_ path: String, section: String? = nil) throws -> [String] {
  let file = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent(path)
  let text = try String(contentsOf: file, encoding: .utf8)
  var blocks: [String] = []
  var inSection = section == nil
  var current: [String]?
  for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
    if current == nil, let section, line.hasPrefix("## ") {
      inSection = line == "## \(section)"
    } else if inSection, current == nil, line == "```swift" {
      current = []
    } else if current != nil, line == "```" {
      blocks.append((current ?? []).joined(separator: "\n"))
      current = nil
    } else if current != nil {
      current?.append(String(line))
    }
  }
  return blocks
}
