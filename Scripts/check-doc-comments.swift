// Fails when a blank line splits a `///` doc comment in two.
//
//   swift Scripts/check-doc-comments.swift   exit 1 and name every split comment
//
// The compiler attaches only the last block of `///` lines to the declaration below it, so
// everything above such a blank line silently vanishes from the symbol's documentation.

import Foundation

let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
let folders = ["Sources", "Tests", "Scripts", "Benchmarks/Sources"]

/// Whether `line` is a `///` doc comment line.
func isDocLine(_ line: Substring) -> Bool {
  line.drop(while: { $0 == " " || $0 == "\t" }).hasPrefix("///")
}

/// Whether `line` holds only whitespace.
func isBlank(_ line: Substring) -> Bool {
  line.allSatisfy { $0 == " " || $0 == "\t" || $0 == "\r" }
}

var problems: [String] = []
for folder in folders {
  let base = root.appendingPathComponent(folder)
  guard
    let files = FileManager.default.enumerator(
      at: base, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles])
  else { continue }
  for case let url as URL in files where url.pathExtension == "swift" {
    guard let text = try? String(contentsOf: url, encoding: .utf8) else { continue }
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    var index = 1
    while index < lines.count {
      guard isBlank(lines[index]), isDocLine(lines[index - 1]) else {
        index += 1
        continue
      }
      var next = index
      while next < lines.count, isBlank(lines[next]) { next += 1 }
      if next < lines.count, isDocLine(lines[next]) {
        let path = url.path.replacingOccurrences(of: root.path + "/", with: "")
        problems.append("\(path):\(index + 1): a blank line splits this doc comment in two")
      }
      index = next
    }
  }
}

for problem in problems.sorted() { print(problem) }
if !problems.isEmpty {
  print("\(problems.count) split doc comment(s): remove the blank lines, or use `///` for them")
  exit(1)
}
