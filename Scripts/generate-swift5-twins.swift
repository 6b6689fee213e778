// Generates the Swift 5 language mode forms ("twins") of every public API that takes
// `@Sendable` closures.
//
//     swift Scripts/generate-swift5-twins.swift           # rewrite Sources/*/Generated/Swift5Mode/
//     swift Scripts/generate-swift5-twins.swift --check   # exit 1 if anything is stale or missing
//
// Why: a closure parameter marked `@Sendable` cannot touch main-actor state or mutate a captured
// `var`, which is most RxSwift code written in Swift 5 mode. `@preconcurrency` on our
// declarations would relax that for Swift 5 clients, but it also turns Swift 6 clients' errors
// into warnings (swiftlang/swift#77459). Instead, each strict declaration is marked
// `@available(swift, introduced: 6)`, so only Swift 6 clients see it, and this script writes a
// twin next to it for Swift 5 clients: the same signature with the top-level `@Sendable`
// removed from closure parameters, marked `@available(swift, obsoleted: 6)`, that forwards to
// the strict declaration. A Swift 5 client takes on the responsibility that RxSwift always left
// to it: the closure may run on any thread.
//
// How a twin forwards a closure (issue 30; each form was measured with callgrind on the
// app-shaped benchmarks, Benchmarks/Sources/app-benchmarks): it binds the closure to a
// `nonisolated(unsafe)` constant and passes the original a `@Sendable` closure literal that calls
// it. The optimizer sees through that literal as through the Swift 6 client's own closure: it
// inlines or specializes it with the caller's closure. A bit cast (`unsafeBitCast` to the
// `@Sendable` type, the first form) hid the caller's closure from the optimizer, which then
// could neither specialize the operators' closures for it nor remove their allocations: Swift 5
// clients paid 13–34% more instructions than Swift 6 clients for the same code. A declaration
// whose body only calls or captures its closure parameters (never passes them on as `@Sendable`
// values) can say `// Swift 5-mode twin: copies this body` above its doc comment: its twin then
// repeats the body with each closure parameter rebound `nonisolated(unsafe)`, with no forwarding
// closure at all (`subscribe(onNext:onError:onCompleted:onDisposed:)`, which every app calls).
//
// The script also checks that every public declaration with a top-level `@Sendable` closure
// parameter carries the marker, unless a line above it says `No Swift 5-mode twin:` and why
// (protocol requirements and the members that implement them, which cannot be overloaded).

import Foundation

let modules = [
  "ObservableCore", "ObservableTesting", "ObservableCocoa", "AsyncBridge", "GitHubAsync",
  "GitHubReplay", "ObservableBlocking",
]
let marker = "@available(swift, introduced: 6)"
let optOut = "No Swift 5-mode twin:"
let copiesBody = "Swift 5-mode twin: copies this body"
let staysDisfavored = "Swift 5-mode twin: disfavored too"
let outputFolder = "Generated/Swift5Mode"

struct GeneratorError: Error, CustomStringConvertible {
  var description: String
}

// MARK: - Masking comments and string literals

/// Returns `text` with comments (and, if `strings`, string literal contents) replaced by spaces,
/// keeping every character's position and every newline.
func mask(_ text: [Character], strings: Bool) -> [Character] {
  var out = text
  var i = 0
  func blank(_ from: Int, _ to: Int) {
    guard from < to else { return }
    for j in from..<min(to, out.count) where out[j] != "\n" { out[j] = " " }
  }
  while i < text.count {
    let c = text[i]
    let next: Character? = i + 1 < text.count ? text[i + 1] : nil
    if c == "/" && next == "/" {
      var j = i
      while j < text.count && text[j] != "\n" { j += 1 }
      blank(i, j)
      i = j
    } else if c == "/" && next == "*" {
      var depth = 0
      var j = i
      repeat {
        if text[j] == "/" && j + 1 < text.count && text[j + 1] == "*" {
          depth += 1
          j += 2
        } else if text[j] == "*" && j + 1 < text.count && text[j + 1] == "/" {
          depth -= 1
          j += 2
        } else {
          j += 1
        }
      } while depth > 0 && j < text.count
      blank(i, j)
      i = j
    } else if c == "\"" {
      let triple = i + 2 < text.count && text[i + 1] == "\"" && text[i + 2] == "\""
      var j = i + (triple ? 3 : 1)
      while j < text.count {
        if text[j] == "\\" {
          j += 2
          continue
        }
        if triple {
          if text[j] == "\"" && j + 2 < text.count && text[j + 1] == "\"" && text[j + 2] == "\"" {
            j += 3
            break
          }
        } else if text[j] == "\"" {
          j += 1
          break
        }
        j += 1
      }
      if strings { blank(i + 1, j - 1) }
      i = j
    } else {
      i += 1
    }
  }
  return out
}

// MARK: - Bracket-aware helpers

/// Splits `text` at top-level occurrences of `separator`, ignoring ones nested in brackets.
func splitTopLevel(_ text: String, on separator: Character) -> [String] {
  var parts: [String] = []
  var depth = 0
  var current = ""
  let chars = Array(text)
  for (index, c) in chars.enumerated() {
    switch c {
    case "(", "[", "{", "<": depth += 1
    case ")", "]", "}": depth -= 1
    case ">": if index == 0 || chars[index - 1] != "-" { depth -= 1 }
    default: break
    }
    if c == separator && depth == 0 {
      parts.append(current)
      current = ""
    } else {
      current.append(c)
    }
  }
  if !current.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { parts.append(current) }
  return parts
}

/// The index just past the bracket that closes the one at `start`.
func matchingClose(_ chars: [Character], from start: Int) -> Int? {
  let open = chars[start]
  let close: Character = open == "(" ? ")" : open == "<" ? ">" : open == "[" ? "]" : "}"
  var depth = 0
  var i = start
  while i < chars.count {
    let c = chars[i]
    if c == open {
      depth += 1
    } else if c == close && !(close == ">" && i > 0 && chars[i - 1] == "-") {
      depth -= 1
      if depth == 0 { return i + 1 }
    }
    i += 1
  }
  return nil
}

func collapse(_ s: String) -> String {
  s.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }).joined(separator: " ")
}

/// The last depth-0 occurrence of one of `keywords` as a whole word in `code[from..<to]`.
func lastKeyword(_ code: [Character], from: Int, to: Int, _ keywords: Set<String>) -> Int? {
  var depth = 0
  var found: Int?
  var i = from
  while i < to {
    let c = code[i]
    if c == "(" || c == "[" || c == "<" {
      depth += 1
    } else if c == ")" || c == "]" || (c == ">" && !(i > 0 && code[i - 1] == "-")) {
      depth -= 1
    } else if depth == 0 && (c.isLetter || c == "_")
      && (i == 0
        || !(code[i - 1].isLetter || code[i - 1].isNumber || code[i - 1] == "_"
          || code[i - 1] == "@" || code[i - 1] == "."))
    {
      var j = i
      while j < to && (code[j].isLetter || code[j].isNumber || code[j] == "_") { j += 1 }
      if keywords.contains(String(code[i..<j])) { found = i }
      i = j
      continue
    }
    i += 1
  }
  return found
}

let modifierWords: Set<String> = [
  "public", "internal", "private", "fileprivate", "package", "open", "static", "class", "final",
  "convenience", "override", "mutating", "nonmutating", "nonisolated", "required", "indirect",
  "dynamic",
]

/// Moves back from `index` over the modifiers and attributes that belong to the same declaration.
func backOverModifiers(_ code: [Character], _ index: Int, floor: Int) -> Int {
  var start = index
  var i = index
  while true {
    var j = i - 1
    while j >= floor && code[j].isWhitespace { j -= 1 }
    guard j >= floor else { return start }
    if code[j] == ")" {
      // An attribute's arguments: find the matching "(" and the attribute name before it.
      var depth = 0
      var k = j
      while k >= floor {
        if code[k] == ")" { depth += 1 }
        if code[k] == "(" {
          depth -= 1
          if depth == 0 { break }
        }
        k -= 1
      }
      var n = k - 1
      while n >= floor && (code[n].isLetter || code[n].isNumber || code[n] == "_") { n -= 1 }
      guard n >= floor, code[n] == "@" else { return start }
      start = n
      i = n
      continue
    }
    var n = j
    while n >= floor && (code[n].isLetter || code[n].isNumber || code[n] == "_") { n -= 1 }
    guard n < j else { return start }
    let word = String(code[(n + 1)...j])
    if n >= floor && code[n] == "@" {
      start = n
      i = n
    } else if modifierWords.contains(word) {
      start = n + 1
      i = n + 1
    } else {
      return start
    }
  }
}

/// Where the function, initializer or subscript whose body opens at `to` starts.
func declarationStart(_ code: [Character], from: Int, to: Int) -> Int? {
  guard let keyword = lastKeyword(code, from: from, to: to, ["func", "init", "subscript"]) else {
    return nil
  }
  return backOverModifiers(code, keyword, floor: from)
}

/// Where the type or extension declaration whose body opens at `to` starts.
func contextStart(_ code: [Character], from: Int, to: Int) -> Int? {
  guard
    let keyword = lastKeyword(
      code, from: from, to: to, ["extension", "struct", "class", "enum", "actor", "protocol"])
  else { return nil }
  return backOverModifiers(code, keyword, floor: from)
}

// MARK: - Declarations

/// A type or extension whose braces enclose a declaration.
struct Context {
  var keyword: String  // extension, struct, class, enum, actor, protocol
  var name: String  // the extended or declared type, qualified by outer types
  var whereClause: String  // for extensions: " where ..." or ""
  var key: String { "\(name)\(whereClause)" }
}

struct Parameter {
  var label: String?  // nil for `_`
  var name: String
  var twinType: String
  var castType: String?  // set when the parameter's @Sendable was removed
  var defaultValue: String?
}

struct Twin {
  var context: Context
  var text: String
}

func parseContext(header: String, outer: Context?) -> Context? {
  // The header is everything between the previous boundary and `{`, comments removed.
  var words = collapse(header)
  // Drop attributes such as @frozen or @available(...).
  while words.hasPrefix("@") {
    let chars = Array(words)
    var i = 1
    while i < chars.count && (chars[i].isLetter || chars[i].isNumber || chars[i] == "_") { i += 1 }
    if i < chars.count && chars[i] == "(", let end = matchingClose(chars, from: i) { i = end }
    words = String(chars[i...]).trimmingCharacters(in: .whitespaces)
  }
  let tokens = words.split(separator: " ").map(String.init)
  let keywords = ["extension", "struct", "class", "enum", "actor", "protocol"]
  guard let index = tokens.firstIndex(where: { keywords.contains($0) }),
    index + 1 < tokens.count
  else { return nil }
  let modifiers = tokens[..<index]
  let allowed: Set<String> = [
    "public", "internal", "private", "fileprivate", "package", "final", "open", "indirect",
  ]
  guard modifiers.allSatisfy({ allowed.contains($0) }) else { return nil }
  let keyword = tokens[index]
  let rest = tokens[(index + 1)...].joined(separator: " ")
  // The name ends at `<`, `:`, a space or the end.
  let nameEnd = rest.firstIndex(where: { $0 == "<" || $0 == ":" || $0 == " " }) ?? rest.endIndex
  let bareName = String(rest[..<nameEnd])
  var whereClause = ""
  if keyword == "extension", let range = rest.range(of: " where ") {
    whereClause = " where " + rest[range.upperBound...].trimmingCharacters(in: .whitespaces)
  }
  var name = bareName
  if keyword != "extension", let outer { name = "\(outer.name).\(bareName)" }
  return Context(keyword: keyword, name: name, whereClause: whereClause)
}

/// Parses one parameter (`label name: Type = default`) and removes a top-level `@Sendable`.
func parseParameter(_ raw: String, in declaration: String) throws -> Parameter {
  let text = collapse(raw)
  guard let colon = splitTopLevel(text, on: ":").first.map({ $0.count }) else {
    throw GeneratorError(description: "cannot parse parameter '\(text)' of \(declaration)")
  }
  let names = text.prefix(colon).split(separator: " ").map(String.init)
  var typeAndDefault = String(text.dropFirst(colon + 1)).trimmingCharacters(in: .whitespaces)
  var defaultValue: String?
  // A default value follows the first top-level " = ".
  let chars = Array(typeAndDefault)
  var depth = 0
  for i in chars.indices {
    switch chars[i] {
    case "(", "[", "{", "<": depth += 1
    case ")", "]", "}": depth -= 1
    case ">": if i == 0 || chars[i - 1] != "-" { depth -= 1 }
    case "="
    where depth == 0 && i > 0 && chars[i - 1] == " " && i + 1 < chars.count
      && chars[i + 1] == " ":
      defaultValue = String(chars[(i + 2)...])
      typeAndDefault = String(chars[..<(i - 1)])
    default: break
    }
    if defaultValue != nil { break }
  }
  let type = typeAndDefault
  if type.hasSuffix("...") || type.hasPrefix("inout ") {
    throw GeneratorError(
      description: "\(declaration): variadic and inout parameters cannot be forwarded")
  }
  let label: String?
  let name: String
  switch names.count {
  case 1:
    label = names[0]
    name = names[0]
  case 2:
    label = names[0] == "_" ? nil : names[0]
    name = names[1]
  default:
    throw GeneratorError(description: "cannot parse parameter names '\(text)' of \(declaration)")
  }
  var twinType = type
  var castType: String?
  // The closure type's leading attributes, e.g. `@escaping @MainActor @Sendable`; the twin
  // keeps all but `@Sendable`, and the cast target all but `@escaping`.
  let optional = type.hasPrefix("(@") && type.hasSuffix(")?")
  let inner = optional ? String(type.dropFirst().dropLast(2)) : type
  var attributes: [String] = []
  var rest = Substring(inner)
  while rest.hasPrefix("@"), let space = rest.firstIndex(of: " ") {
    attributes.append(String(rest[..<space]))
    rest = rest[rest.index(after: space)...]
  }
  // A `@MainActor` function type is `Sendable` by itself, so the twin drops that too; a Swift 5
  // closure written on the main actor is inferred to be isolated to it anyway.
  if attributes.contains("@Sendable") && (optional || attributes.contains("@escaping")) {
    let kept = attributes.filter { $0 != "@Sendable" && $0 != "@MainActor" }
    let cast = attributes.filter { $0 != "@escaping" }
    twinType = (kept + [String(rest)]).joined(separator: " ")
    castType = (cast + [String(rest)]).joined(separator: " ")
    if optional {
      twinType = "(\(twinType))?"
      castType = "(\(castType ?? ""))?"
    }
  }
  // A non-escaping `@Sendable` closure (a protocol witness such as TestScoping's) is left as is.
  if let castType, castType.contains("some ") {
    throw GeneratorError(
      description: "\(declaration): an opaque type in a closure parameter cannot be cast; "
        + "use a named generic parameter")
  }
  return Parameter(
    label: label, name: name, twinType: twinType, castType: castType,
    defaultValue: defaultValue)
}

struct Declaration {
  var attributes: [String]
  var modifiers: [String]
  var kind: String  // func, init, subscript
  var name: String
  var generics: String
  var parameters: [Parameter]
  var tail: String  // effects, result, where clause
}

/// Parses a declaration's signature: attributes, modifiers, name, generics, parameters, tail.
func parseDeclaration(_ signature: String) throws -> Declaration? {
  let chars = Array(signature)
  var i = 0
  func skipSpace() { while i < chars.count && chars[i].isWhitespace { i += 1 } }
  func word() -> String {
    let start = i
    while i < chars.count
      && (chars[i].isLetter || chars[i].isNumber || chars[i] == "_"
        || chars[i] == "`")
    {
      i += 1
    }
    return String(chars[start..<i])
  }
  var attributes: [String] = []
  skipSpace()
  while i < chars.count && chars[i] == "@" {
    let start = i
    i += 1
    _ = word()
    if i < chars.count && chars[i] == "(", let end = matchingClose(chars, from: i) { i = end }
    attributes.append(String(chars[start..<i]))
    skipSpace()
  }
  var modifiers: [String] = []
  var kind = ""
  while i < chars.count {
    let w = word()
    skipSpace()
    if w == "func" || w == "subscript" {
      kind = w
      break
    }
    if w == "init" {
      kind = "init"
      if i < chars.count && chars[i] == "?" {
        return nil  // failable initializers are not forwarded
      }
      break
    }
    if w.isEmpty { return nil }
    modifiers.append(w)
  }
  guard modifiers.contains("public") else { return nil }
  var name = kind
  if kind == "func" {
    name = word()
    skipSpace()
  }
  var generics = ""
  if i < chars.count && chars[i] == "<" {
    guard let end = matchingClose(chars, from: i) else { return nil }
    generics = String(chars[i..<end])
    i = end
    skipSpace()
  }
  guard i < chars.count && chars[i] == "(", let end = matchingClose(chars, from: i) else {
    return nil
  }
  let parameterText = String(chars[(i + 1)..<(end - 1)])
  let tail = collapse(String(chars[end...]))
  let parameters = try splitTopLevel(parameterText, on: ",").map {
    try parseParameter($0, in: "\(name)")
  }
  return Declaration(
    attributes: attributes, modifiers: modifiers, kind: kind, name: name, generics: generics,
    parameters: parameters, tail: tail)
}

/// The declaration's name as DocC and diagnostics spell it: `map(_:)`.
func displayName(_ d: Declaration) -> String {
  let labels = d.parameters.map { ($0.label ?? "_") + ":" }.joined()
  return "\(d.name.replacingOccurrences(of: "`", with: ""))(\(labels))"
}

/// The statements that make `p`, a closure parameter whose `@Sendable` the twin removed, into a
/// `@Sendable` closure named `sendable<Name>` of the original's type (`p.castType`).
///
/// The closure is bound to a `nonisolated(unsafe)` constant and called from a `@Sendable` literal:
/// unlike a bit cast, the optimizer sees the caller's closure through it (see the top of this
/// file).
func forwardingStatements(_ p: Parameter, in declaration: String) throws -> [String] {
  guard let castType = p.castType else { return [] }
  let optional = castType.hasPrefix("(") && castType.hasSuffix(")?")
  var function = optional ? String(castType.dropFirst().dropLast(2)) : castType
  while function.hasPrefix("@"), let space = function.firstIndex(of: " ") {
    function = String(function[function.index(after: space)...])
  }
  let chars = Array(function)
  guard chars.first == "(", let end = matchingClose(chars, from: 0) else {
    throw GeneratorError(description: "\(declaration): cannot parse closure type '\(castType)'")
  }
  let parameters = splitTopLevel(String(chars[1..<(end - 1)]), on: ",")
  if parameters.contains(where: { $0.contains("...") }) {
    throw GeneratorError(
      description: "\(declaration): variadic closure parameters cannot be forwarded")
  }
  let effects = String(chars[end...])
  let arrow = effects.range(of: "->").map { String(effects[..<$0.lowerBound]) } ?? effects
  let marks =
    (arrow.range(of: #"\bthrows\b"#, options: .regularExpression) != nil ? "try " : "")
    + (arrow.range(of: #"\basync\b"#, options: .regularExpression) != nil ? "await " : "")
  let arguments = parameters.enumerated().map { index, parameter in
    collapse(parameter).hasPrefix("inout ") ? "&$\(index)" : "$\(index)"
  }.joined(separator: ", ")
  let name = p.name.replacingOccurrences(of: "`", with: "")
  let unchecked = "unchecked" + name.prefix(1).uppercased() + name.dropFirst()
  let sendable = "sendable" + name.prefix(1).uppercased() + name.dropFirst()
  let call = "\(marks)\(unchecked)(\(arguments))"
  if optional {
    return [
      "let \(sendable): \(castType)",
      "if let \(unchecked) = \(p.name) {",
      "  nonisolated(unsafe) let \(unchecked) = \(unchecked)",
      "  \(sendable) = { \(call) }",
      "} else {",
      "  \(sendable) = nil",
      "}",
    ]
  }
  return [
    "nonisolated(unsafe) let \(unchecked) = \(p.name)",
    "let \(sendable): \(castType) = { \(call) }",
  ]
}

/// The name `forwardingStatements(_:in:)` gives the `@Sendable` form of `p`.
func sendableName(_ p: Parameter) -> String {
  let name = p.name.replacingOccurrences(of: "`", with: "")
  return "sendable" + name.prefix(1).uppercased() + name.dropFirst()
}

/// Whether a twin of `d` calls its original through a helper (see `originalCaller(_:)`);
/// otherwise it calls the original by name and is `@_disfavoredOverload`, which is what makes
/// that call select the original (initializers, subscripts, `rethrows`, opaque or variadic
/// parameters).
func callsThroughHelper(_ d: Declaration) -> Bool {
  d.kind == "func"
    && d.tail.range(of: #"\brethrows\b"#, options: .regularExpression) == nil
    && !d.parameters.contains(where: {
      $0.twinType.contains("some ") || $0.twinType.contains("...")
    })
}

/// The name of the helper through which the twin of `d` calls its original.
func helperName(_ d: Declaration) -> String {
  let name = d.name.replacingOccurrences(of: "`", with: "")
  return "_swift6" + name.prefix(1).uppercased() + name.dropFirst()
}

/// A helper with the original's signature under another name, which calls the original.
///
/// In a twin's body, which is unavailable in Swift 6 like the twin, a call by name matches the
/// twin as well as the original, and the solver cannot rank them: their types differ only in
/// `@Sendable`. In the helper's body, an ordinary Swift 6 context, the twin is unavailable, so
/// the call selects the original. The helper is internal; it is `@_alwaysEmitIntoClient` where the twin is.
/// `effects` is the twin's own `try`/`await` for the call (a helper's original never rethrows).
func originalCaller(_ d: Declaration, attributes: [String], effects: String) -> [String] {
  let parameters = d.parameters.map { p -> String in
    let type: String
    if let cast = p.castType {
      type = cast.hasSuffix(")?") ? cast : "@escaping " + cast
    } else {
      type = p.twinType
    }
    let names = p.label == p.name ? p.name : "\(p.label ?? "_") \(p.name)"
    return "\(names): \(type)"
  }.joined(separator: ", ")
  let arguments = d.parameters.map { p -> String in
    p.label.map { "\($0): \(p.name)" } ?? p.name
  }.joined(separator: ", ")
  let modifiers = d.modifiers.filter { $0 == "static" || $0 == "mutating" || $0 == "nonisolated" }
  let kept = attributes.filter {
    !$0.hasPrefix("@_documentation") && !$0.hasPrefix("@available(swift")
  }
  return [""] + kept + [
    "\((["internal"] + modifiers).joined(separator: " ")) func \(helperName(d))\(d.generics)(\(parameters)) \(d.tail) {",
    "  \(d.tail.contains("->") ? "return " : "")\(effects)\(d.name)(\(arguments))",
    "}",
  ]
}

/// Writes the twin of `d`.
///
/// A twin forwards to its original through a helper that calls it (`originalCaller(_:)`), or,
/// where a helper cannot stand for it, by calling it by name; a disfavored original is then
/// repeated instead (`body`), after making its closure parameters `@Sendable`. With `copy`,
/// the twin repeats the body with each closure parameter only rebound `nonisolated(unsafe)`:
/// the body must call or capture them, never pass them on.
///
/// A twin is not `@_disfavoredOverload`, even where its original is: most originals are
/// disfavored only so that the `@MainActor` forms of main-actor sequences win over them, and
/// those forms are Swift 6 only. A disfavored twin would lose to any overload a Swift 5 client
/// declares, such as a `map(to:)` that an unlabeled trailing closure also matches, where
/// RxSwift's `map` wins. With `disfavored` (the original says `Swift 5-mode twin: disfavored
/// too`, because what it yields to exists in Swift 5 mode as well), the twin is disfavored too.
func makeTwin(
  _ d: Declaration, context: Context, classNames: Set<String>, body: String?, copy: Bool = false,
  disfavored: Bool = false
) throws -> String {
  var lines: [String] = []
  lines.append("/// The Swift 5 language mode form of this API.")
  lines.append("///")
  lines.append(
    "/// The same API for code that does not check `Sendable`; Swift 6 code uses the original,")
  lines.append("/// whose closures are checked.")
  lines.append("///")
  if d.parameters.count == 1 {
    lines.append("/// - Parameter \(d.parameters[0].name): As in the original.")
  } else if !d.parameters.isEmpty {
    lines.append("/// - Parameters:")
    for p in d.parameters { lines.append("///   - \(p.name): As in the original.") }
  }
  let returns = d.tail.contains("->")
  let throwsEffect = d.tail.range(of: #"\b(throws|rethrows)\b"#, options: .regularExpression)
  let asyncEffect = d.tail.range(of: #"\basync\b"#, options: .regularExpression)
  if returns && d.kind != "init" { lines.append("/// - Returns: As in the original.") }
  if throwsEffect != nil { lines.append("/// - Throws: As in the original.") }
  lines.append("@_documentation(visibility: internal)")
  lines.append("@available(swift, obsoleted: 6)")
  if disfavored || (body == nil && !callsThroughHelper(d)) {
    lines.append("@_disfavoredOverload")
  }
  // A twin is `@_alwaysEmitIntoClient` even where its original is `@inlinable` (outside
  // ObservableCore, which has none): inlinable all the same, so a Swift 5 client's code is
  // exactly as fast, but the library keeps no copy of its own. Swift 6 clients never call a
  // twin, and a Swift 5 client emits only the few it calls; the copies were 110 KB of
  // ObservableCore's object code and 7% of a small client's stripped binary
  // (Benchmarks/build-cost.sh, issue 40).
  let twinAttributes = d.attributes.filter { $0 != marker && $0 != "@_disfavoredOverload" }
    .map { $0 == "@inlinable" ? "@_alwaysEmitIntoClient" : $0 }
  lines += twinAttributes
  var modifiers = d.modifiers.filter { $0 != "final" }
  if d.kind == "init" && classNames.contains(context.name) && !modifiers.contains("convenience") {
    modifiers.append("convenience")
  }
  let parameters = d.parameters.map { p -> String in
    let names = p.label == p.name ? p.name : "\(p.label ?? "_") \(p.name)"
    let defaultValue = p.defaultValue.map { " = \($0)" } ?? ""
    return "\(names): \(p.twinType)\(defaultValue)"
  }.joined(separator: ", ")
  let head = d.kind == "func" ? "func \(d.name)\(d.generics)" : "\(d.kind)\(d.generics)"
  lines.append("\(modifiers.joined(separator: " ")) \(head)(\(parameters)) \(d.tail) {")
  let arguments = d.parameters.map { p -> String in
    let value = p.castType == nil ? p.name : sendableName(p)
    return p.label.map { "\($0): \(value)" } ?? value
  }.joined(separator: ", ")
  if let body {
    for p in d.parameters where p.castType != nil {
      if copy {
        lines.append("  nonisolated(unsafe) let \(p.name) = \(p.name)")
      } else {
        lines += try forwardingStatements(p, in: displayName(d)).map { "  " + $0 }
        lines.append("  let \(p.name) = \(sendableName(p))")
      }
    }
    let statements = body.trimmingCharacters(in: .whitespacesAndNewlines)
    if returns && !statements.contains("\n") && !statements.hasPrefix("return ") {
      // A single-expression body returned implicitly; after the casts it needs `return`.
      lines.append("  return " + statements)
    } else {
      lines.append(contentsOf: statements.split(separator: "\n").map { "  " + $0 })
    }
    lines.append("}")
    return lines.map { "  " + $0 }.joined(separator: "\n")
  }
  for p in d.parameters {
    lines += try forwardingStatements(p, in: displayName(d)).map { "  " + $0 }
  }
  let effects = (throwsEffect != nil ? "try " : "") + (asyncEffect != nil ? "await " : "")
  let call: String
  let helper = callsThroughHelper(d)
  if helper {
    call = "\(helperName(d))(\(arguments))"
  } else {
    switch d.kind {
    case "init": call = "self.init(\(arguments))"
    case "subscript": call = "self[\(arguments)]"
    default: call = "\(d.name)(\(arguments))"
    }
  }
  lines.append("  \(returns && d.kind != "init" ? "return " : "")\(effects)\(call)")
  lines.append("}")
  if helper { lines += originalCaller(d, attributes: twinAttributes, effects: effects) }
  return lines.map { $0.isEmpty ? "" : "  " + $0 }.joined(separator: "\n")
}

// MARK: - Files

struct SourceFile {
  var path: String  // relative to the module folder
  var text: [Character]
}

/// Reads each build-conditional attribute block as the `@inlinable` it is in a debug build.
///
/// The block is `#if DEBUG`, `@inlinable`, `#else`, `@_alwaysEmitIntoClient`, `#endif`
/// (CONTRIBUTING.md, "Emitted into the client in release builds"). It is replaced by
/// `@inlinable` and as many line breaks as it had, so that line numbers hold. A twin is
/// `@_alwaysEmitIntoClient` either way.
struct BuildConditionalAttributes {
  private let block: NSRegularExpression

  /// Compiles the block's pattern, once for every file read.
  init() throws {
    let pattern = ["#if DEBUG", "@inlinable", "#else", "@_alwaysEmitIntoClient", "#endif"]
      .joined(separator: #"[ \t]*\n[ \t]*"#)
    block = try NSRegularExpression(pattern: pattern)
  }

  /// `text` with each block read as `@inlinable`.
  func readAsInlinable(_ text: String) -> String {
    block.stringByReplacingMatches(
      in: text, range: NSRange(location: 0, length: (text as NSString).length),
      withTemplate: "@inlinable" + String(repeating: "\n", count: 4))
  }
}

/// The file's leading imports (with their `#if` blocks), copied into its twins' file.
func leadingImports(_ text: String) -> String {
  var kept: [String] = []
  for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
    let trimmed = line.trimmingCharacters(in: .whitespaces)
    if trimmed.hasPrefix("import ") || trimmed.hasPrefix("#if") || trimmed.hasPrefix("#else")
      || trimmed.hasPrefix("#elseif") || trimmed.hasPrefix("#endif")
      || trimmed.hasPrefix("@preconcurrency import") || trimmed.hasPrefix("public import")
      || trimmed.hasPrefix("internal import")
    {
      kept.append(String(line))
    } else if trimmed.isEmpty || trimmed.hasPrefix("//") {
      continue
    } else {
      break
    }
  }
  return kept.joined(separator: "\n")
}

/// Finds the twins a file needs, and the public declarations that lack the marker.
func twins(in file: SourceFile, classNames: Set<String>) throws -> (
  twins: [Twin], unmarked: [String]
) {
  let code = mask(file.text, strings: false)
  let bare = mask(file.text, strings: true)
  var stack: [(open: Int, context: Context?)] = []
  var boundary = 0
  var result: [Twin] = []
  var unmarked: [String] = []
  var i = 0
  let lineStarts = [0] + bare.indices.filter { bare[$0] == "\n" }.map { $0 + 1 }
  func line(of index: Int) -> Int {
    lineStarts.lastIndex(where: { $0 <= index }).map { $0 + 1 } ?? 1
  }
  var parenDepth = 0
  while i < bare.count {
    let c = bare[i]
    if c == "(" || c == "[" {
      parenDepth += 1
    } else if c == ")" || c == "]" {
      parenDepth -= 1
    } else if c == "{" && parenDepth == 0 {
      let header = String(code[(contextStart(code, from: boundary, to: i) ?? boundary)..<i])
      let outer = stack.last(where: { $0.context != nil })?.context
      let enclosing = stack.last?.context
      // Is this the body of a public declaration inside a type or extension?
      if let enclosing, enclosing.keyword != "protocol",
        let start = declarationStart(code, from: boundary, to: i)
      {
        let signature = collapse(String(code[start..<i]))
        let raw = String(file.text[boundary..<i])
        if signature.contains("@Sendable"), let declaration = try parseDeclaration(signature),
          !declaration.modifiers.contains("override"),
          !declaration.name.hasPrefix("_"), !enclosing.name.hasPrefix("_"),
          // `init(_target:...)` and the like are not API either.
          !declaration.parameters.contains(where: { $0.label?.hasPrefix("_") == true })
        {
          let marked = declaration.attributes.contains(marker)
          let changed = declaration.parameters.contains { $0.castType != nil }
          let location = "\(file.path):\(line(of: start))"
          if marked && !changed {
            throw GeneratorError(
              description: "\(location): \(displayName(declaration)) is marked but has no "
                + "top-level @Sendable closure parameter")
          }
          if marked {
            var body: String?
            let copy = raw.contains(copiesBody)
            if copy
              || (declaration.attributes.contains("@_disfavoredOverload")
                && !callsThroughHelper(declaration))
            {
              guard let end = matchingClose(bare, from: i) else {
                throw GeneratorError(description: "\(location): unbalanced braces")
              }
              body = String(file.text[(i + 1)..<(end - 1)])
            }
            result.append(
              Twin(
                context: enclosing,
                text: try makeTwin(
                  declaration, context: enclosing, classNames: classNames, body: body,
                  copy: copy,
                  disfavored: declaration.attributes.contains("@_disfavoredOverload")
                    && raw.contains(staysDisfavored))))
          } else if changed && !raw.contains(optOut) {
            unmarked.append("\(location): \(displayName(declaration))")
          }
        }
      }
      stack.append((i, parseContext(header: header, outer: outer)))
      boundary = i + 1
    } else if c == "}" && parenDepth == 0 {
      _ = stack.popLast()
      boundary = i + 1
    } else if c == ";" && parenDepth == 0 {
      boundary = i + 1
    }
    i += 1
  }
  // A declaration without a body (a protocol requirement) never gets here; one with a body
  // inside a type is handled when its `{` is found.
  return (result, unmarked)
}

func render(_ twins: [Twin], source: SourceFile, module: String) -> String {
  var out = """
    // Generated by Scripts/generate-swift5-twins.swift from \(source.path). Do not edit.
    //
    // The Swift 5 language mode forms of this file's public API that takes `@Sendable`
    // closures. Swift 6 clients never see them (see the script for why they exist).

    """
  let imports = leadingImports(String(source.text))
  if !imports.isEmpty { out += "\n" + imports + "\n" }
  var order: [String] = []
  var groups: [String: (Context, [String])] = [:]
  for twin in twins {
    if groups[twin.context.key] == nil { order.append(twin.context.key) }
    groups[twin.context.key, default: (twin.context, [])].1.append(twin.text)
  }
  for key in order {
    guard let (context, texts) = groups[key] else { continue }
    out += "\nextension \(context.name)\(context.whereClause) {\n"
    out += texts.joined(separator: "\n\n")
    out += "\n}\n"
  }
  // A file whose whole body sits in an `#if` (`#if canImport(Observation)` around imports and
  // code) leaves that block open in its imports: close it after the twins, which belong in it.
  let lines = imports.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
  let open = lines.filter { $0.hasPrefix("#if") }.count - lines.filter { $0 == "#endif" }.count
  if open > 0 { out += String(repeating: "#endif\n", count: open) }
  return out
}

func format(_ text: String, configuration: String) throws -> String {
  let directory = FileManager.default.temporaryDirectory
    .appendingPathComponent("swift5-twins-\(ProcessInfo.processInfo.processIdentifier)")
  try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: directory) }
  let file = directory.appendingPathComponent("Twins.swift")
  try text.write(to: file, atomically: true, encoding: .utf8)
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
  process.arguments = ["swift", "format", "--configuration", configuration, file.path]
  let pipe = Pipe()
  process.standardOutput = pipe
  try process.run()
  let data = pipe.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  guard process.terminationStatus == 0, let formatted = String(data: data, encoding: .utf8) else {
    throw GeneratorError(description: "swift format failed on generated code:\n\(text)")
  }
  return formatted
}

// MARK: - Main

func run() throws -> Int32 {
  let check = CommandLine.arguments.contains("--check")
  let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent()
  let configuration = root.appendingPathComponent(".swift-format").path
  let fm = FileManager.default
  var problems: [String] = []
  let attributes = try BuildConditionalAttributes()
  for module in modules {
    let moduleURL = root.appendingPathComponent("Sources/\(module)")
    guard let enumerator = fm.enumerator(atPath: moduleURL.path) else { continue }
    var files: [SourceFile] = []
    for case let path as String in enumerator
    where path.hasSuffix(".swift") && !path.hasPrefix(outputFolder + "/") {
      let text = attributes.readAsInlinable(
        try String(contentsOf: moduleURL.appendingPathComponent(path), encoding: .utf8))
      files.append(SourceFile(path: path, text: Array(text)))
    }
    files.sort { $0.path < $1.path }
    // Every class in the module, for initializers that must be `convenience` in a twin.
    var classNames: Set<String> = []
    for file in files {
      let code = String(mask(file.text, strings: true))
      let regex = try NSRegularExpression(pattern: #"\bclass\s+([A-Za-z_][A-Za-z0-9_]*)"#)
      for match in regex.matches(in: code, range: NSRange(code.startIndex..., in: code)) {
        if let range = Range(match.range(at: 1), in: code) {
          classNames.insert(String(code[range]))
        }
      }
    }
    var expected: [String: String] = [:]
    for file in files {
      let found = try twins(in: file, classNames: classNames)
      problems += found.unmarked.map {
        "Sources/\(module)/\($0) takes a @Sendable closure but is not marked "
          + "`\(marker)` (or explained with `// \(optOut) <why>`)"
      }
      guard !found.twins.isEmpty else { continue }
      let base = (file.path as NSString).lastPathComponent.replacingOccurrences(
        of: ".swift", with: "")
      let name = "\(base)+Swift5.swift"
      if expected[name] != nil {
        throw GeneratorError(description: "two source files named \(base).swift in \(module)")
      }
      expected[name] = try format(
        render(found.twins, source: file, module: module), configuration: configuration)
    }
    let outputURL = moduleURL.appendingPathComponent(outputFolder)
    let existing = Set((try? fm.contentsOfDirectory(atPath: outputURL.path)) ?? [])
    for (name, text) in expected.sorted(by: { $0.key < $1.key }) {
      let url = outputURL.appendingPathComponent(name)
      let current = try? String(contentsOf: url, encoding: .utf8)
      if current == text { continue }
      if check {
        problems.append("Sources/\(module)/\(outputFolder)/\(name) is stale")
      } else {
        try fm.createDirectory(at: outputURL, withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
        print("wrote Sources/\(module)/\(outputFolder)/\(name)")
      }
    }
    for name in existing.subtracting(expected.keys) where name.hasSuffix(".swift") {
      if check {
        problems.append("Sources/\(module)/\(outputFolder)/\(name) has no source any more")
      } else {
        try fm.removeItem(at: outputURL.appendingPathComponent(name))
        print("removed Sources/\(module)/\(outputFolder)/\(name)")
      }
    }
  }
  for problem in problems { FileHandle.standardError.write(Data("error: \(problem)\n".utf8)) }
  if check && !problems.isEmpty {
    FileHandle.standardError.write(
      Data("run `swift Scripts/generate-swift5-twins.swift` and commit the result\n".utf8))
  }
  return problems.isEmpty ? 0 : 1
}

do {
  exit(try run())
} catch {
  FileHandle.standardError.write(Data("error: \(error)\n".utf8))
  exit(2)
}
