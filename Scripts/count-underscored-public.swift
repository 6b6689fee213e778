// Counts ObservableCore's public declarations that are not API: those named with a leading
// underscore, and every public member of a type so named, including the requirements of public
// protocols. Each one clients can see must be listed, with its reason, in
// Sources/ObservableCore/README.md ("What is public but not API").
//
//     swift Scripts/count-underscored-public.swift             # list them and print the count
//     swift Scripts/count-underscored-public.swift --max 4     # also exit 1 above 4
//
// It reads the sources, both sides of every `#if`, so the Apple-only declarations count too.

import Foundation

let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
let module = root.appendingPathComponent("Sources/ObservableCore")

/// `text` with comments and string literal contents blanked, newlines kept.
func masked(_ text: String) -> [Character] {
  var out = Array(text)
  var i = 0
  func blank(_ from: Int, _ to: Int) {
    for j in from..<min(to, out.count) where out[j] != "\n" { out[j] = " " }
  }
  func find(_ needle: String, from start: Int) -> Int? {
    let pattern = Array(needle)
    var j = start
    while j + pattern.count <= out.count {
      if Array(out[j..<(j + pattern.count)]) == pattern { return j }
      j += 1
    }
    return nil
  }
  func starts(_ needle: String, at index: Int) -> Bool {
    let pattern = Array(needle)
    return index + pattern.count <= out.count
      && Array(out[index..<(index + pattern.count)]) == pattern
  }
  while i < out.count {
    if starts("//", at: i) {
      var j = i
      while j < out.count, out[j] != "\n" { j += 1 }
      blank(i, j)
      i = j
    } else if starts("/*", at: i) {
      let end = (find("*/", from: i + 2) ?? out.count - 2) + 2
      blank(i, end)
      i = end
    } else if starts("\"\"\"", at: i) {
      let end = find("\"\"\"", from: i + 3) ?? out.count
      blank(i + 3, end)
      i = end + 3
    } else if out[i] == "\"" {
      var j = i + 1
      while j < out.count, out[j] != "\"", out[j] != "\n" {
        if out[j] == "\\" { j += 1 }
        j += 1
      }
      blank(i + 1, j)
      i = j + 1
    } else {
      i += 1
    }
  }
  return out
}

let keywords: Set<String> = [
  "func", "var", "let", "init", "subscript", "typealias", "associatedtype", "struct", "class",
  "enum", "protocol", "actor", "case", "extension",
]
let modifiers: Set<String> = [
  "static", "final", "class", "override", "mutating", "nonmutating", "borrowing", "consuming",
  "convenience", "required", "nonisolated", "indirect", "dynamic", "lazy", "weak", "unowned",
  "public", "open",
]

/// One found declaration: where it is and its qualified name.
struct Found {
  let file: String
  let line: Int
  let name: String
}

/// A brace-delimited context: the type it declares, if any, and whether it is a public
/// protocol (whose requirements are public without saying so).
struct Context {
  let typeName: String?
  let isPublicProtocol: Bool
}

var found: [Found] = []
let files =
  FileManager.default.enumerator(at: module, includingPropertiesForKeys: nil)?
  .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
  .sorted { $0.path < $1.path } ?? []
for file in files {
  guard let text = try? String(contentsOf: file, encoding: .utf8) else { continue }
  let code = masked(text)
  // Tokens: identifiers (with @ and backticks folded in), braces, and line numbers.
  var tokens: [(text: String, line: Int)] = []
  var line = 1
  var i = 0
  while i < code.count {
    let c = code[i]
    if c == "\n" {
      line += 1
      i += 1
    } else if c == "{" || c == "}" || c == "(" || c == ")" || c == ":" || c == "<" {
      tokens.append((String(c), line))
      i += 1
    } else if c.isLetter || c == "_" || c == "@" || c == "#" {
      var j = i + 1
      while j < code.count, code[j].isLetter || code[j].isNumber || code[j] == "_" { j += 1 }
      tokens.append((String(code[i..<j]), line))
      i = j
    } else {
      i += 1
    }
  }
  var stack: [Context] = []
  var pendingType: Context?
  var parenDepth = 0
  var index = 0
  while index < tokens.count {
    let token = tokens[index].text
    switch token {
    case "(":
      parenDepth += 1
    case ")":
      parenDepth -= 1
    case "{":
      stack.append(pendingType ?? Context(typeName: nil, isPublicProtocol: false))
      pendingType = nil
    case "}":
      if !stack.isEmpty { stack.removeLast() }
    default:
      guard parenDepth == 0, keywords.contains(token) else { break }
      // The modifiers written before the keyword, back to the previous declaration.
      var back = index - 1
      var isPublic = false
      while back >= 0, modifiers.contains(tokens[back].text) || tokens[back].text.hasPrefix("@") {
        if tokens[back].text == "public" || tokens[back].text == "open" { isPublic = true }
        back -= 1
      }
      let name = index + 1 < tokens.count ? tokens[index + 1].text : ""
      if token == "extension" || ["struct", "class", "enum", "protocol", "actor"].contains(token) {
        if token == "class", index + 1 < tokens.count, keywords.contains(name) { break }
        pendingType = Context(
          typeName: name, isPublicProtocol: token == "protocol" && isPublic)
      }
      if token == "extension" { break }
      let enclosing = stack.compactMap(\.typeName)
      let inPublicProtocol = stack.last?.isPublicProtocol ?? false
      guard isPublic || inPublicProtocol else { break }
      let declared = ["init", "subscript"].contains(token) ? token : name
      if declared.hasPrefix("_") || enclosing.contains(where: { $0.hasPrefix("_") }) {
        let relative = file.path.replacingOccurrences(of: module.path + "/", with: "")
        found.append(
          Found(
            file: relative, line: tokens[index].line,
            name: (enclosing + [declared]).joined(separator: ".")))
      }
    }
    index += 1
  }
}

for item in found { print("\(item.file):\(item.line): \(item.name)") }
print("\(found.count) public declarations named with _ or members of _ types in ObservableCore")
if let flag = CommandLine.arguments.firstIndex(of: "--max"),
  flag + 1 < CommandLine.arguments.count, let limit = Int(CommandLine.arguments[flag + 1]),
  found.count > limit
{
  FileHandle.standardError.write(
    Data(
      ("error: more than \(limit): make the new ones package (see Sources/ObservableCore/"
        + "README.md, \"What is public but not API\"), or list them there and raise the limit\n")
        .utf8))
  exit(1)
}
