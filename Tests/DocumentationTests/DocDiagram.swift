import Foundation
import Testing

/// One timeline of a marble diagram in a doc comment: `label  marbles  note`.
///
/// The label ends at the first two spaces; the marbles are the next run of characters without
/// a space, in ObservableTesting's marble grammar; anything after them, two spaces on, is a
/// note for the reader. A trailing `…` says the timeline goes on past what is drawn.
struct DiagramLine: Sendable, CustomStringConvertible {
  /// The label, without a trailing colon, such as `source` or `debounce(3)`.
  let label: String
  /// The marbles, without a trailing `…`.
  let marbles: String
  /// Whether the marbles end with `…`: the timeline goes on.
  let continues: Bool
  /// The tick at which the marbles start: how many columns they start right of the diagram's
  /// tick 0, which is the leftmost start of a timeline in its scenario.
  let offset: Int
  /// The line in the source file, counted from 1.
  let line: Int
  /// The text after the marbles, if any.
  let note: String

  /// The marbles as a timeline that starts at tick 0, with `offset` empty ticks first.
  var absoluteMarbles: String { String(repeating: "-", count: offset) + marbles }

  /// The number of ticks the marbles cover: a quoted name or a `[…]` group is one tick.
  var ticks: Int {
    var count = 0
    var characters = marbles.filter { $0 != " " }[...]
    while let character = characters.popFirst() {
      let closing: Character? = character == "'" ? "'" : character == "[" ? "]" : nil
      if let closing, let end = characters.firstIndex(of: closing) {
        characters = characters[characters.index(after: end)...]
      }
      count += 1
    }
    return count
  }

  /// The line as a failure message shows it.
  var description: String { "line \(line), \"\(label)\"" }
}

/// A marble diagram found in a `///` comment: a fenced block without a language whose lines
/// are timelines (``DiagramLine``), legends such as `1 = (a, b), 2 = (A, b)`, and blank lines.
///
/// A blank line, or a label that comes again, starts a new scenario: the timelines of one
/// scenario run together, on one scheduler.
struct DocDiagram: Sendable, CustomTestStringConvertible {
  /// The source file, relative to the package, such as `Sources/ObservableCore/Operators/Map.swift`.
  let path: String
  /// The line of the block's first line in that file, counted from 1.
  let line: Int
  /// The declaration that the comment documents, its lines joined.
  let declaration: String
  /// The timelines, scenario by scenario.
  let scenarios: [[DiagramLine]]
  /// What each name of the legends stands for.
  let legend: [String: String]
  /// The lines that are neither timelines nor legends nor blank, described.
  let problems: [String]

  /// The diagram's place, as test reports name it: `path:line`.
  var testDescription: String { "\(path):\(line)" }

  /// The name of the source file, such as `Map.swift`.
  var file: String { path.split(separator: "/").last.map(String.init) ?? path }

  /// Every diagram in the doc comments of the Swift files under `folder` of the package at
  /// `root`, in the order of their paths.
  ///
  /// - Parameters:
  ///   - folder: A folder of the package, such as `Sources`.
  ///   - root: The package's folder.
  /// - Returns: The diagrams.
  /// - Throws: The error of reading a file.
  static func all(under folder: String, of root: URL) throws -> [DocDiagram] {
    let base = root.appendingPathComponent(folder)
    guard let enumerator = FileManager.default.enumerator(atPath: base.path) else { return [] }
    let paths = enumerator.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.sorted()
    return try paths.flatMap { path in
      let text = try String(contentsOf: base.appendingPathComponent(path), encoding: .utf8)
      return diagrams(in: text, path: "\(folder)/\(path)")
    }
  }

  /// The diagrams in the doc comments of one file.
  ///
  /// - Parameters:
  ///   - text: The file's text.
  ///   - path: The file's path, for messages.
  /// - Returns: The diagrams.
  static func diagrams(in text: String, path: String) -> [DocDiagram] {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var diagrams: [DocDiagram] = []
    var index = 0
    while index < lines.count {
      defer { index += 1 }
      guard let opening = commentBody(lines[index])?.trimmed, opening.hasPrefix("```") else {
        continue
      }
      var block: [(line: Int, text: String)] = []
      var end = index + 1
      while end < lines.count, let body = commentBody(lines[end]), body.trimmed != "```" {
        block.append((end + 1, body))
        end += 1
      }
      index = end
      // A block with a language, such as ```swift, is code.
      guard opening == "```" else { continue }
      if let diagram = parse(block, path: path, declaration: declaration(after: end, in: lines)) {
        diagrams.append(diagram)
      }
    }
    return diagrams
  }

  /// The text of a `///` comment line after `/// `, or `nil` for any other line.
  private static func commentBody(_ line: String) -> String? {
    let trimmed = line.drop { $0 == " " }
    guard trimmed.hasPrefix("///") else { return nil }
    let body = trimmed.dropFirst(3)
    return String(body.hasPrefix(" ") ? body.dropFirst() : body)
  }

  /// The declaration after the comment that goes on past line `index`, attributes skipped:
  /// its lines up to the one that opens its body, joined.
  private static func declaration(after index: Int, in lines: [String]) -> String {
    let code = lines[min(index, lines.count)...].map(\.trimmed)
      .drop { $0.hasPrefix("//") || $0.hasPrefix("@") || $0.isEmpty }
    let end = code.firstIndex { $0.contains("{") } ?? code.endIndex
    return code[..<min(end + 1, code.endIndex)].joined(separator: " ")
  }

  /// The diagram a block holds, or `nil` if none of its lines is a timeline.
  private static func parse(
    _ block: [(line: Int, text: String)], path: String, declaration: String
  ) -> DocDiagram? {
    var scenarios: [[(line: DiagramLine, column: Int)]] = [[]]
    var legend: [String: String] = [:]
    var problems: [String] = []
    for (number, text) in block {
      if text.trimmed.isEmpty {
        if !(scenarios.last?.isEmpty ?? true) { scenarios.append([]) }
      } else if let entries = legendEntries(text) {
        legend.merge(entries) { _, new in new }
      } else if let (line, column) = timeline(text, line: number) {
        if scenarios[scenarios.count - 1].contains(where: { $0.line.label == line.label }) {
          scenarios.append([])
        }
        scenarios[scenarios.count - 1].append((line, column))
      } else {
        problems.append("line \(number) is neither a timeline nor a legend: \"\(text)\"")
      }
    }
    let timelines = scenarios.filter { !$0.isEmpty }
    guard !timelines.isEmpty else { return nil }
    return DocDiagram(
      path: path, line: block.first?.line ?? 0, declaration: declaration,
      scenarios: timelines.map { scenario in
        let origin = scenario.map(\.column).min() ?? 0
        return scenario.map { entry in
          DiagramLine(
            label: entry.line.label, marbles: entry.line.marbles,
            continues: entry.line.continues, offset: entry.column - origin,
            line: entry.line.line, note: entry.line.note)
        }
      }, legend: legend, problems: problems)
  }

  /// The entries of a legend line such as `1 = (a, b), 2 = (A, b)`, or `nil` if it is none.
  private static func legendEntries(_ text: String) -> [String: String]? {
    guard text.trimmed.firstMatch(of: #/^[^\s=]+ = /#) != nil else { return nil }
    var entries: [String: String] = [:]
    for entry in text.trimmed.split(separator: #/,\s+(?=[^\s=,()]+ = )/#) {
      let parts = entry.split(separator: " = ", maxSplits: 1)
      guard parts.count == 2 else { return nil }
      entries[String(parts[0])] = String(parts[1])
    }
    return entries
  }

  /// The timeline a line holds, with the column its marbles start at, or `nil` if it is none.
  private static func timeline(_ text: String, line: Int) -> (DiagramLine, Int)? {
    guard let first = text.first, first != " ",
      let gap = text.range(of: "  ")
    else { return nil }
    let label = text[..<gap.lowerBound].trimmed
    let rest = text[gap.lowerBound...]
    guard let start = rest.firstIndex(where: { $0 != " " }) else { return nil }
    let token = rest[start...].prefix { $0 != " " }
    let after = rest[token.endIndex...]
    let note = after.trimmed
    guard note.isEmpty || after.hasPrefix("  "),
      token.allSatisfy({ $0.isLetter || $0.isNumber || "-|#'[]…".contains($0) }),
      token.contains(where: { "-|#[".contains($0) })
    else { return nil }
    let continues = token.hasSuffix("…")
    let marbles = String(continues ? token.dropLast() : token[...])
    let timeline = DiagramLine(
      label: label.hasSuffix(":") ? String(label.dropLast()) : label, marbles: marbles,
      continues: continues, offset: 0, line: line, note: note)
    return (timeline, text.distance(from: text.startIndex, to: start))
  }
}

extension StringProtocol {
  /// The text without leading and trailing spaces.
  var trimmed: String {
    String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
  }
}
