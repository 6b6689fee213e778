// Fails when the package uses an API that needs a newer Apple system than its declared floor,
// where nothing guards the use. This is how Apple builds are checked here: no Mac compiles the
// package, so this script reads what the Linux toolchain knows about Darwin availability.
//
//   swift Scripts/check-availability.swift              check Sources and Tests; exit 1 on a use
//   swift Scripts/check-availability.swift --report     also list every guarded use, and the
//                                                        package's own declarations that need
//                                                        newer systems than the floor
//   ... --floor "macOS 10.15, iOS 13, tvOS 13, watchOS 6, visionOS 1"
//                                                        check against another floor (to measure)
//   ... --package DIR                                    check another package (the tests' fixture)
//
// What it knows. The floor is Package.swift's `platforms:`. The Darwin availability of the
// toolchain's modules comes from the `@available` attributes that the Linux toolchain keeps:
// the `.swiftinterface` files of Swift, _Concurrency, _StringProcessing, RegexBuilder,
// Synchronization, Observation and Distributed (in `<resource dir>/linux`), and, for the
// modules that ship without an interface (Foundation, FoundationEssentials,
// FoundationInternationalization, FoundationNetworking, Dispatch), their symbol graphs, which
// `swift-symbolgraph-extract` writes from the binary modules with the same attributes. The
// package's own declarations and their `@available` attributes are read from its sources, so a
// use of the package's own newer API is checked too.
//
// What counts as guarded, for each Apple platform: code that `#if` leaves out on that platform
// (`#if os(Linux)`, `#if canImport(Glibc)`, `#if !canImport(Darwin)`, …), and code inside a
// declaration with an `@available` of at least the version the API needs, or inside
// `if #available` / after `guard #available`.
//
// How a use is matched. The script does not type-check: it lexes the sources and matches names.
// A type, a free function, a macro or an initializer is matched by name (and argument labels);
// a member (`x.name(...)`, `.name`) by name and labels, and by its type when the receiver is
// written as a type name (`Task.sleep(for:)`). A use is reported only when every declaration it
// could mean, the package's own included, needs a newer system than the floor or the guard
// allows. So it can miss a use whose name a type check would resolve to the newer overload
// when an older one with the same name and labels exists; the Apple platforms article
// (Sources/ObservableCore/ObservableCore.docc/ApplePlatforms.md) says what that leaves out.

import Foundation

// MARK: - Platforms and versions

/// The Apple platforms a package can declare a floor for.
enum Platform: String, CaseIterable, Comparable {
  case macOS, iOS, tvOS, watchOS, visionOS

  /// Orders platforms as `allCases` lists them.
  static func < (lhs: Platform, rhs: Platform) -> Bool {
    (allCases.firstIndex(of: lhs) ?? 0) < (allCases.firstIndex(of: rhs) ?? 0)
  }

  /// The platform an availability name denotes (`OSX` is `macOS`), or `nil` for names that
  /// are not one of these five (`swift`, `macCatalyst`, `*ApplicationExtension`, …).
  ///
  /// - Parameter name: The name in an `@available` or `#available`.
  /// - Returns: The platform.
  static func named(_ name: String) -> Platform? {
    if name == "OSX" { return .macOS }
    return Platform(rawValue: name)
  }
}

/// A version such as 13.0 or 10.15.4.
struct Version: Comparable, CustomStringConvertible {
  /// Major, minor and patch numbers.
  var parts: [Int]

  /// Parses "13", "13.0" or "10.15.4"; `nil` for anything else.
  ///
  /// - Parameter text: The version.
  init?(_ text: String) {
    let numbers = text.split(separator: ".", omittingEmptySubsequences: false).compactMap {
      Int($0)
    }
    guard !numbers.isEmpty, numbers.count <= 3,
      numbers.count == text.split(separator: ".", omittingEmptySubsequences: false).count
    else {
      return nil
    }
    parts = numbers
  }

  /// Creates a version from its numbers.
  ///
  /// - Parameter parts: Major, minor and patch numbers.
  init(parts: [Int]) { self.parts = parts }

  /// Compares the numbers in order, a missing number counting as 0.
  static func < (lhs: Version, rhs: Version) -> Bool {
    for index in 0..<3 {
      let left = index < lhs.parts.count ? lhs.parts[index] : 0
      let right = index < rhs.parts.count ? rhs.parts[index] : 0
      if left != right { return left < right }
    }
    return false
  }

  /// Equal when every number is, a missing number counting as 0.
  static func == (lhs: Version, rhs: Version) -> Bool { !(lhs < rhs) && !(rhs < lhs) }

  /// At least "major.minor".
  var description: String {
    let shown = parts.count == 1 ? parts + [0] : parts
    return shown.map(String.init).joined(separator: ".")
  }
}

/// What an `@available` attribute, a `#available` condition or a declaration says about each
/// platform.
struct Availability {
  /// The version each platform needs; a platform not listed needs nothing.
  var introduced: [Platform: Version] = [:]
  /// The platforms where the declaration cannot be used at all.
  var unavailable: Set<Platform> = []

  /// Whether it says nothing about any of the five platforms.
  var isEmpty: Bool { introduced.isEmpty && unavailable.isEmpty }

  /// The stricter of two: the later version on each platform, unavailable where either is.
  ///
  /// - Parameter other: The availability of an enclosing declaration.
  /// - Returns: The combination.
  func merged(with other: Availability) -> Availability {
    var result = self
    for (platform, version) in other.introduced {
      if let mine = result.introduced[platform] {
        result.introduced[platform] = max(mine, version)
      } else {
        result.introduced[platform] = version
      }
    }
    result.unavailable.formUnion(other.unavailable)
    return result
  }

  /// Fills in visionOS from iOS where visionOS is not named, as the compiler does: iOS 17 and
  /// earlier map to visionOS 1, iOS 18 to visionOS 2, and iOS 26 on to the same number.
  mutating func inferVisionOS(explicitlyNamed: Bool) {
    guard !explicitlyNamed, introduced[.visionOS] == nil, !unavailable.contains(.visionOS) else {
      return
    }
    if unavailable.contains(.iOS) {
      unavailable.insert(.visionOS)
    } else if let iOS = introduced[.iOS] {
      let major = iOS.parts[0]
      if major <= 16 {
        introduced[.visionOS] = Version(parts: [1, 0])
      } else if major <= 18 {
        introduced[.visionOS] = Version(parts: [major - 16] + iOS.parts.dropFirst())
      } else {
        introduced[.visionOS] = iOS
      }
    }
  }

  /// "macOS 15.0, iOS 18.0, …" for the platforms it names.
  var description: String {
    Platform.allCases.compactMap { platform in
      if unavailable.contains(platform) { return "\(platform.rawValue) unavailable" }
      return introduced[platform].map { "\(platform.rawValue) \($0)" }
    }.joined(separator: ", ")
  }
}

// MARK: - Lexer

/// What a token is.
enum TokenKind {
  /// An identifier or keyword (backticks removed).
  case identifier
  /// `@name`: an attribute.
  case attribute
  /// `#name`: a directive or a pound expression (`#if`, `#available`, `#isolation`).
  case pound
  /// A number literal.
  case number
  /// A string literal's text (its interpolations are lexed as code, as separate tokens).
  case string
  /// Punctuation or an operator character; `->` is one token.
  case punctuation
}

/// One token of Swift source.
struct Token {
  /// What it is.
  var kind: TokenKind
  /// Its text; for attributes and pound tokens, without the `@` or `#`.
  var text: String
  /// Its 1-based line.
  var line: Int
  /// Whether a newline separates it from the token before.
  var startsLine: Bool
}

/// Splits Swift source into tokens, dropping comments and whitespace.
///
/// Enough of Swift's lexical grammar for matching names: identifiers, attributes, `#`
/// directives, numbers, string literals (plain, multi-line and raw, with interpolations lexed as
/// code), nested block comments, and punctuation.
struct Lexer {
  /// The source's bytes.
  let bytes: [UInt8]
  /// The next byte to read.
  var index = 0
  /// The current line.
  var line = 1
  /// Whether a newline was seen since the last token.
  var sawNewline = true
  /// The tokens so far.
  var tokens: [Token] = []

  /// Lexes `text`.
  ///
  /// - Parameter text: Swift source.
  /// - Returns: Its tokens.
  static func tokens(of text: String) -> [Token] {
    var lexer = Lexer(bytes: Array(text.utf8))
    lexer.run(untilCloseParenthesis: false)
    return lexer.tokens
  }

  /// The byte at `offset` from the current one, or 0 past the end.
  func peek(_ offset: Int = 0) -> UInt8 {
    index + offset < bytes.count ? bytes[index + offset] : 0
  }

  /// Appends a token that starts at the current line.
  mutating func emit(_ kind: TokenKind, _ text: String) {
    tokens.append(Token(kind: kind, text: text, line: line, startsLine: sawNewline))
    sawNewline = false
  }

  /// Whether `byte` can start an identifier.
  static func isIdentifierStart(_ byte: UInt8) -> Bool {
    (byte >= 65 && byte <= 90) || (byte >= 97 && byte <= 122) || byte == 95 || byte == 36
      || byte >= 0x80
  }

  /// Whether `byte` can continue an identifier.
  static func isIdentifierByte(_ byte: UInt8) -> Bool {
    isIdentifierStart(byte) || (byte >= 48 && byte <= 57)
  }

  /// Reads an identifier starting at the current byte.
  mutating func readIdentifier() -> String {
    let start = index
    while index < bytes.count, Lexer.isIdentifierByte(bytes[index]) { index += 1 }
    return String(decoding: bytes[start..<index], as: UTF8.self)
  }

  /// Lexes code until the end, or until the `)` that closes an interpolation.
  ///
  /// - Parameter untilCloseParenthesis: Whether this is an interpolation's code.
  mutating func run(untilCloseParenthesis: Bool) {
    var depth = 0
    while index < bytes.count {
      let byte = bytes[index]
      switch byte {
      case 10:
        line += 1
        sawNewline = true
        index += 1
      case 32, 9, 13:
        index += 1
      case 47 where peek(1) == 47:  // "//"
        while index < bytes.count, bytes[index] != 10 { index += 1 }
      case 47 where peek(1) == 42:  // "/*"
        skipBlockComment()
      case 34:  // '"'
        readString(hashes: 0)
      case 35:  // "#"
        var hashes = 0
        while peek(hashes) == 35 { hashes += 1 }
        if peek(hashes) == 34 {
          index += hashes
          readString(hashes: hashes)
        } else if hashes == 1, peek(1) == 47 {  // "#/" regex literal
          index += 2
          while index < bytes.count, !(bytes[index] == 47 && peek(1) == 35) {
            if bytes[index] == 10 { line += 1 }
            index += 1
          }
          index += 2
          emit(.string, "")
        } else if Lexer.isIdentifierStart(peek(1)) {
          index += 1
          emit(.pound, readIdentifier())
        } else {
          index += 1
          emit(.punctuation, "#")
        }
      case 64:  // "@"
        index += 1
        emit(.attribute, readIdentifier())
      case 96:  // "`"
        index += 1
        let start = index
        while index < bytes.count, bytes[index] != 96, bytes[index] != 10 { index += 1 }
        emit(.identifier, String(decoding: bytes[start..<index], as: UTF8.self))
        index += 1
      case 48...57:
        let start = index
        while index < bytes.count {
          let next = bytes[index]
          if Lexer.isIdentifierByte(next) {
            index += 1
          } else if next == 46, index + 1 < bytes.count, bytes[index + 1] >= 48,
            bytes[index + 1] <= 57
          {
            index += 1
          } else {
            break
          }
        }
        emit(.number, String(decoding: bytes[start..<index], as: UTF8.self))
      case 45 where peek(1) == 62:  // "->"
        index += 2
        emit(.punctuation, "->")
      case 40:
        depth += 1
        index += 1
        emit(.punctuation, "(")
      case 41:
        if untilCloseParenthesis && depth == 0 {
          index += 1
          return
        }
        depth -= 1
        index += 1
        emit(.punctuation, ")")
      default:
        if Lexer.isIdentifierStart(byte) {
          emit(.identifier, readIdentifier())
        } else {
          index += 1
          emit(.punctuation, String(UnicodeScalar(byte)))
        }
      }
    }
  }

  /// Skips a block comment, which may nest.
  mutating func skipBlockComment() {
    var depth = 0
    while index < bytes.count {
      if bytes[index] == 47, peek(1) == 42 {
        depth += 1
        index += 2
      } else if bytes[index] == 42, peek(1) == 47 {
        depth -= 1
        index += 2
        if depth == 0 { return }
      } else {
        if bytes[index] == 10 { line += 1 }
        index += 1
      }
    }
  }

  /// Reads a string literal whose opening quote is the current byte, lexing each interpolation
  /// as code.
  ///
  /// - Parameter hashes: How many `#` delimit a raw string.
  mutating func readString(hashes: Int) {
    let multiline = peek(1) == 34 && peek(2) == 34
    index += multiline ? 3 : 1
    emit(.string, "")
    while index < bytes.count {
      let byte = bytes[index]
      if byte == 10 {
        line += 1
        index += 1
        if !multiline { return }
        continue
      }
      if byte == 92 {  // backslash
        var count = 0
        while count < hashes, peek(1 + count) == 35 { count += 1 }
        if count == hashes {
          let after = peek(1 + hashes)
          if after == 40 {  // "\(" interpolation
            index += 2 + hashes
            run(untilCloseParenthesis: true)
            continue
          }
          index += 2 + hashes
          continue
        }
        index += 1
        continue
      }
      if byte == 34 {
        let quotes = multiline ? 3 : 1
        var closes = true
        for offset in 0..<quotes where peek(offset) != 34 { closes = false }
        for offset in 0..<hashes where peek(quotes + offset) != 35 { closes = false }
        if closes {
          index += quotes + hashes
          return
        }
      }
      index += 1
    }
  }
}

// MARK: - Declarations

/// What kind of declaration a name is.
enum DeclarationKind {
  case type, function, initializer, subscriptMember, variable, enumCase, typeAlias,
    associatedType, macro
}

/// A declaration that a use may refer to: the toolchain's or the package's own.
struct Declaration {
  /// The module that declares it, or the package's file.
  var origin: String
  /// Its base name (`sleep`, `init`, `Duration`).
  var name: String
  /// Its argument labels (`_` for none), for functions, initializers, subscripts and cases
  /// with associated values; `nil` otherwise.
  var labels: [String]?
  /// What it is.
  var kind: DeclarationKind
  /// The type it is a member of (the last component of an extended type's name), or `nil` at
  /// the top level.
  var parent: String?
  /// Where it is available, its enclosing declarations' availability included.
  var availability: Availability
  /// The package's own declarations' line, for reports.
  var line: Int = 0
  /// Whether it has an `@available` of its own (rather than only its enclosing type's).
  var hasOwnAvailability = false
}

/// Words that are never a use of an API.
let keywords: Set<String> = [
  "Any", "Protocol", "Self", "Type", "_", "actor", "any", "as", "associatedtype", "async",
  "await", "borrowing", "break", "case", "catch", "class", "consume", "consuming", "continue",
  "convenience", "copy", "default", "defer", "deinit", "didSet", "discard", "do", "dynamic",
  "each", "else", "enum", "extension", "fallthrough", "false", "fileprivate", "final", "for",
  "func", "get", "guard", "if", "import", "in", "indirect", "infix", "init", "inout", "internal",
  "is", "isolated", "lazy", "let", "macro", "mutating", "nil", "nonisolated", "nonmutating",
  "open", "operator", "optional", "override", "package", "postfix", "precedencegroup", "prefix",
  "private", "protocol", "public", "repeat", "required", "rethrows", "return", "self", "sending",
  "set", "some", "static", "struct", "subscript", "super", "switch", "throw", "throws", "true",
  "try", "typealias", "unowned", "var", "weak", "where", "while", "willSet", "__consuming",
]

/// Modifiers that may precede a declaration keyword.
let modifiers: Set<String> = [
  "public", "open", "internal", "private", "fileprivate", "package", "static", "class", "final",
  "mutating", "nonmutating", "override", "convenience", "required", "optional", "dynamic",
  "lazy", "weak", "unowned", "indirect", "nonisolated", "isolated", "consuming", "borrowing",
  "__consuming", "distributed", "prefix", "postfix", "infix",
]

/// Keywords that start a declaration.
let declarationKeywords: Set<String> = [
  "func", "init", "subscript", "var", "let", "case", "struct", "class", "enum", "protocol",
  "actor", "extension", "typealias", "associatedtype", "macro", "deinit", "operator",
  "precedencegroup", "import",
]

/// Parses the arguments of `@available(...)` or `#available(...)`.
///
/// - Parameter tokens: The tokens between the parentheses.
/// - Returns: What they say about the five platforms.
func parseAvailability(_ tokens: ArraySlice<Token>) -> Availability {
  var groups: [[Token]] = [[]]
  for token in tokens {
    if token.kind == .punctuation && token.text == "," {
      groups.append([])
    } else {
      groups[groups.count - 1].append(token)
    }
  }
  var result = Availability()
  var namesVisionOS = false
  guard let first = groups.first, let head = first.first else { return result }
  if first.count == 1, head.kind == .identifier || head.text == "*" {
    // Long form: `@available(macOS, introduced: 13.0, …)`, `@available(*, unavailable)`.
    let platform = Platform.named(head.text)
    let everywhere = head.text == "*"
    if platform == .visionOS { namesVisionOS = true }
    for group in groups.dropFirst() {
      guard let word = group.first?.text else { continue }
      if word == "unavailable" {
        if let platform { result.unavailable.insert(platform) }
        if everywhere { result.unavailable.formUnion(Platform.allCases) }
      } else if word == "introduced", group.count >= 3, let platform,
        let version = Version(group[2].text)
      {
        result.introduced[platform] = version
      }
    }
    if platform != nil || everywhere {
      result.inferVisionOS(explicitlyNamed: namesVisionOS)
      return result
    }
  }
  // Short form: `@available(macOS 13.0, iOS 16.0, *)`.
  for group in groups where group.count >= 2 {
    guard let platform = Platform.named(group[0].text), let version = Version(group[1].text)
    else { continue }
    if platform == .visionOS { namesVisionOS = true }
    result.introduced[platform] = version
  }
  result.inferVisionOS(explicitlyNamed: namesVisionOS)
  return result
}

/// Index helpers over a token array.
struct TokenWalker {
  /// The tokens.
  let tokens: [Token]

  /// Whether the token at `index` is the punctuation `text`.
  func isPunctuation(_ index: Int, _ text: String) -> Bool {
    index >= 0 && index < tokens.count && tokens[index].kind == .punctuation
      && tokens[index].text == text
  }

  /// Whether the token at `index` is the identifier or keyword `text`.
  func isWord(_ index: Int, _ text: String) -> Bool {
    index >= 0 && index < tokens.count && tokens[index].kind == .identifier
      && tokens[index].text == text
  }

  /// The index just past the bracket that closes the one at `open` (`(`, `[`, `{` or `<`).
  func skipBalanced(from open: Int) -> Int {
    let opening = tokens[open].text
    let closing = ["(": ")", "[": "]", "{": "}", "<": ">"][opening] ?? ")"
    var depth = 0
    var index = open
    while index < tokens.count {
      let token = tokens[index]
      if token.kind == .punctuation {
        if token.text == opening {
          depth += 1
        } else if token.text == closing {
          depth -= 1
          if depth == 0 { return index + 1 }
        }
      }
      index += 1
    }
    return index
  }

  /// Argument labels of the parameter list whose `(` is at `open`: the first name of each
  /// parameter, `_` for an unlabeled one.
  func parameterLabels(from open: Int) -> [String] {
    let walker = { (index: Int, text: String) in self.isPunctuation(index, text) }
    let end = skipBalanced(from: open) - 1
    var labels: [String] = []
    var depth = 0
    var groupStart = open + 1
    var index = open + 1
    func finishGroup(_ stop: Int) {
      guard groupStart < stop else { return }
      // A parameter is `label name: T` or `name: T`; find the colon at depth 0.
      var colon = groupStart
      var innerDepth = 0
      while colon < stop {
        let token = tokens[colon]
        if token.kind == .punctuation {
          if ["(", "[", "<"].contains(token.text) { innerDepth += 1 }
          if [")", "]", ">"].contains(token.text) { innerDepth -= 1 }
          if token.text == ":" && innerDepth == 0 { break }
        }
        colon += 1
      }
      var label = "_"
      if colon < stop, tokens[groupStart].kind == .identifier {
        label = tokens[groupStart].text
      }
      // A variadic parameter (`T...`) takes any number of arguments: its label is marked.
      if stop >= 3, walker(stop - 1, "."), walker(stop - 2, "."), walker(stop - 3, ".") {
        label += "..."
      }
      labels.append(label)
    }
    while index < end {
      let token = tokens[index]
      if token.kind == .punctuation {
        if ["(", "[", "<", "{"].contains(token.text) { depth += 1 }
        if [")", "]", ">", "}"].contains(token.text) { depth -= 1 }
        if token.text == "," && depth == 0 {
          finishGroup(index)
          groupStart = index + 1
        }
      }
      index += 1
    }
    finishGroup(end)
    return labels
  }
}

/// Reads the declarations of a `.swiftinterface` file or of the package's sources: names,
/// labels, enclosing type, and availability merged with the enclosing declarations'.
///
/// Function bodies are skipped; every branch of an `#if` is read.
struct DeclarationReader {
  /// The tokens.
  let tokens: [Token]
  /// Helpers.
  let walker: TokenWalker
  /// The module or file name recorded as each declaration's origin.
  let origin: String
  /// Module names to drop from extended types (`_Concurrency.Task` → `Task`).
  let moduleNames: Set<String>

  /// Reads every declaration.
  ///
  /// - Returns: The declarations.
  func read() -> [Declaration] {
    var result: [Declaration] = []
    // The open type or extension bodies: their `}` index, member parent name and availability.
    var contexts: [(end: Int, parent: String?, availability: Availability, isMarked: Bool)] = []
    var pending = Availability()
    var index = 0
    while index < tokens.count {
      while let last = contexts.last, index >= last.end - 1 {
        contexts.removeLast()
        if index == last.end - 1 { index += 1 }
      }
      guard index < tokens.count else { break }
      let token = tokens[index]
      let context = contexts.last
      let enclosing = context?.availability ?? Availability()
      switch token.kind {
      case .attribute:
        if walker.isPunctuation(index + 1, "(") {
          let close = walker.skipBalanced(from: index + 1)
          if token.text == "available" {
            pending = pending.merged(with: parseAvailability(tokens[(index + 2)..<(close - 1)]))
          }
          index = close
        } else {
          index += 1
        }
        continue
      case .pound:
        // Directives: read every branch. Skip the condition's line.
        if ["if", "elseif", "else", "endif"].contains(token.text) {
          index += 1
          while index < tokens.count, !tokens[index].startsLine { index += 1 }
        } else {
          index += 1
        }
        continue
      case .identifier:
        break
      default:
        index += 1
        pending = Availability()
        continue
      }
      let word = token.text
      if modifiers.contains(word) && !(word == "class" && isTypeDeclaration(index)) {
        index += 1
        continue
      }
      let availability = pending.merged(with: enclosing)
      // Members of an extension marked `@available` count as marked themselves: the extension
      // is how the source says they need a newer system.
      let ownAvailability = !pending.isEmpty || (context?.isMarked ?? false)
      pending = Availability()
      switch word {
      case "struct", "class", "enum", "protocol", "actor":
        guard index + 1 < tokens.count, tokens[index + 1].kind == .identifier else {
          index += 1
          continue
        }
        let name = tokens[index + 1].text
        result.append(
          Declaration(
            origin: origin, name: name, labels: nil, kind: .type, parent: context?.parent,
            availability: availability, line: token.line, hasOwnAvailability: ownAvailability))
        guard let open = findBody(from: index + 2) else {
          index += 2
          continue
        }
        contexts.append((walker.skipBalanced(from: open), name, availability, false))
        index = open + 1
      case "extension":
        var cursor = index + 1
        var path: [String] = []
        while cursor < tokens.count, tokens[cursor].kind == .identifier {
          path.append(tokens[cursor].text)
          if walker.isPunctuation(cursor + 1, ".") {
            cursor += 2
          } else {
            cursor += 1
            break
          }
        }
        if path.count > 1, moduleNames.contains(path[0]) { path.removeFirst() }
        guard let open = findBody(from: cursor) else {
          index = cursor
          continue
        }
        contexts.append((walker.skipBalanced(from: open), path.last, availability, ownAvailability))
        index = open + 1
      case "func", "init", "subscript", "macro":
        var cursor = index + 1
        var name = word
        if word == "func" || word == "macro" {
          guard cursor < tokens.count else { break }
          name = tokens[cursor].text
          if tokens[cursor].kind != .identifier {
            // An operator: its characters run up to the parameter list or generic clause.
            while cursor < tokens.count, !walker.isPunctuation(cursor, "(") { cursor += 1 }
            index = skipDeclarationRest(from: cursor)
            continue
          }
          cursor += 1
        }
        while walker.isPunctuation(cursor, "?") || walker.isPunctuation(cursor, "!") {
          cursor += 1
        }
        if walker.isPunctuation(cursor, "<") { cursor = walker.skipBalanced(from: cursor) }
        var labels: [String]? = nil
        if walker.isPunctuation(cursor, "(") {
          labels = walker.parameterLabels(from: cursor)
          if word == "subscript" { labels = labels?.map { _ in "_" } }
          cursor = walker.skipBalanced(from: cursor)
        }
        let kind: DeclarationKind =
          switch word {
          case "init": .initializer
          case "subscript": .subscriptMember
          case "macro": .macro
          default: .function
          }
        result.append(
          Declaration(
            origin: origin, name: name, labels: labels ?? [], kind: kind, parent: context?.parent,
            availability: availability, line: token.line, hasOwnAvailability: ownAvailability))
        let end = skipDeclarationRest(from: cursor)
        result += tupleLabels(from: cursor, to: end)
        index = end
      case "var", "let":
        var cursor = index + 1
        while cursor < tokens.count, tokens[cursor].kind == .identifier {
          result.append(
            Declaration(
              origin: origin, name: tokens[cursor].text, labels: nil, kind: .variable,
              parent: context?.parent, availability: availability, line: token.line,
              hasOwnAvailability: ownAvailability))
          // `var a, b: Int`: more names after commas at depth 0 on the same declaration.
          var scan = cursor + 1
          while scan < tokens.count, !tokens[scan].startsLine,
            !walker.isPunctuation(scan, ","), !walker.isPunctuation(scan, "{"),
            !walker.isPunctuation(scan, "=")
          {
            if walker.isPunctuation(scan, "(") || walker.isPunctuation(scan, "[")
              || walker.isPunctuation(scan, "<")
            {
              scan = walker.skipBalanced(from: scan)
            } else {
              scan += 1
            }
          }
          result += tupleLabels(from: cursor + 1, to: scan)
          if walker.isPunctuation(scan, ","), scan + 1 < tokens.count,
            tokens[scan + 1].kind == .identifier, !tokens[scan + 1].startsLine
          {
            cursor = scan + 1
          } else {
            break
          }
        }
        index = skipDeclarationRest(from: cursor)
      case "case":
        var cursor = index + 1
        while cursor < tokens.count, tokens[cursor].kind == .identifier {
          var labels: [String]? = nil
          let name = tokens[cursor].text
          cursor += 1
          if walker.isPunctuation(cursor, "(") {
            labels = walker.parameterLabels(from: cursor)
            cursor = walker.skipBalanced(from: cursor)
          }
          result.append(
            Declaration(
              origin: origin, name: name, labels: labels, kind: .enumCase,
              parent: context?.parent, availability: availability, line: token.line,
              hasOwnAvailability: ownAvailability))
          if walker.isPunctuation(cursor, "=") { cursor += 2 }
          if walker.isPunctuation(cursor, ",") { cursor += 1 } else { break }
        }
        index = skipDeclarationRest(from: cursor)
      case "typealias", "associatedtype":
        if index + 1 < tokens.count, tokens[index + 1].kind == .identifier {
          result.append(
            Declaration(
              origin: origin, name: tokens[index + 1].text, labels: nil,
              kind: word == "typealias" ? .typeAlias : .associatedType, parent: context?.parent,
              availability: availability, line: token.line, hasOwnAvailability: ownAvailability))
        }
        index = skipDeclarationRest(from: index + 2)
      case "deinit", "operator", "precedencegroup", "import":
        index = skipDeclarationRest(from: index + 1)
      default:
        // Code at the top level of a script, or something this reader does not know.
        index += 1
      }
    }
    return result
  }

  /// The labels of tuple types in a declaration's signature (`-> (seconds: Int64, …)`), as
  /// members of a pseudo-type `(tuple)`: `x.components.seconds` then has a declaration to mean.
  ///
  /// - Parameters:
  ///   - start: The first token after the declaration's name.
  ///   - end: The token after its signature.
  /// - Returns: One declaration per label.
  func tupleLabels(from start: Int, to end: Int) -> [Declaration] {
    var result: [Declaration] = []
    var depth = 0
    var inType = false
    var index = start
    while index < min(end, tokens.count) {
      let token = tokens[index]
      if token.kind == .punctuation {
        switch token.text {
        case "(": depth += 1
        case ")": depth -= 1
        case "->": inType = true
        case ":" where depth == 0: inType = true
        case "{", "=": if depth == 0 { return result }
        default: break
        }
      } else if inType, depth > 0, token.kind == .identifier, walker.isPunctuation(index + 1, ":"),
        walker.isPunctuation(index - 1, "(") || walker.isPunctuation(index - 1, ",")
      {
        result.append(
          Declaration(
            origin: origin, name: token.text, labels: nil, kind: .variable, parent: "(tuple)",
            availability: Availability(), line: token.line))
      }
      index += 1
    }
    return result
  }

  /// Whether `class` at `index` declares a class (rather than being a modifier).
  func isTypeDeclaration(_ index: Int) -> Bool {
    guard index + 1 < tokens.count else { return false }
    let next = tokens[index + 1]
    return next.kind == .identifier && !declarationKeywords.contains(next.text)
      && !modifiers.contains(next.text)
  }

  /// The `{` that opens a type's body: the first `{` at depth 0 after `from`.
  func findBody(from start: Int) -> Int? {
    var index = start
    while index < tokens.count {
      if walker.isPunctuation(index, "{") { return index }
      if walker.isPunctuation(index, "(") || walker.isPunctuation(index, "[") {
        index = walker.skipBalanced(from: index)
        continue
      }
      if walker.isPunctuation(index, "}") { return nil }
      index += 1
    }
    return nil
  }

  /// The index after the rest of a declaration: its body if it has one, else its line.
  func skipDeclarationRest(from start: Int) -> Int {
    var index = start
    while index < tokens.count {
      let token = tokens[index]
      if token.startsLine && startsDeclaration(index) { return index }
      if token.kind == .punctuation {
        switch token.text {
        case "{": return walker.skipBalanced(from: index)
        case "(", "[":
          index = walker.skipBalanced(from: index)
          continue
        case "}": return index
        case ";": return index + 1
        default: break
        }
      }
      index += 1
    }
    return index
  }

  /// Whether the token at `index` starts a declaration (or a directive, or ends a body).
  func startsDeclaration(_ index: Int) -> Bool {
    let token = tokens[index]
    switch token.kind {
    case .attribute, .pound: return true
    case .identifier:
      return declarationKeywords.contains(token.text) || modifiers.contains(token.text)
    case .punctuation: return token.text == "}"
    default: return false
    }
  }
}

// MARK: - The toolchain's declarations

/// The modules whose `.swiftinterface` the script reads.
let interfaceModules = [
  "Swift", "_Concurrency", "_StringProcessing", "RegexBuilder", "Synchronization", "Observation",
  "Distributed",
]

/// The modules that ship as binary modules only, read through their symbol graphs.
let symbolGraphModules = [
  "Foundation", "FoundationEssentials", "FoundationInternationalization", "FoundationNetworking",
  "Dispatch",
]

/// Runs a program and returns its standard output, or `nil` if it failed.
///
/// - Parameters:
///   - executable: The program's path.
///   - arguments: Its arguments.
/// - Returns: What it printed.
func run(_ executable: String, _ arguments: [String]) -> String? {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: executable)
  process.arguments = arguments
  let output = Pipe()
  process.standardOutput = output
  process.standardError = FileHandle.nullDevice
  do { try process.run() } catch { return nil }
  let data = output.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  guard process.terminationStatus == 0 else { return nil }
  return String(decoding: data, as: UTF8.self)
}

/// The toolchain's `usr/bin` and its Linux resource folder (`usr/lib/swift/linux`).
func toolchainPaths() -> (bin: String, modules: String)? {
  let swift =
    ProcessInfo.processInfo.environment["PATH"]?.split(separator: ":").map {
      "\($0)/swift"
    }.first { FileManager.default.isExecutableFile(atPath: $0) }
  guard let swift else { return nil }
  let bin = (swift as NSString).deletingLastPathComponent
  guard let info = run(swift, ["-print-target-info"]),
    let json = try? JSONSerialization.jsonObject(with: Data(info.utf8)) as? [String: Any],
    let paths = json["paths"] as? [String: Any],
    let resource = paths["runtimeResourcePath"] as? String,
    let target = json["target"] as? [String: Any],
    let platform = target["platform"] as? String
  else { return nil }
  return (bin, "\(resource)/\(platform)")
}

/// Reads the declarations of the toolchain's interface files.
///
/// - Parameter folder: The resource folder holding `<Module>.swiftmodule`.
/// - Returns: The declarations, and the modules read.
func interfaceDeclarations(in folder: String) -> ([Declaration], [String]) {
  var result: [Declaration] = []
  var read: [String] = []
  let names = Set(interfaceModules + symbolGraphModules)
  for module in interfaceModules {
    let directory = "\(folder)/\(module).swiftmodule"
    guard
      let file = (try? FileManager.default.contentsOfDirectory(atPath: directory))?.sorted()
        .first(where: { $0.hasSuffix(".swiftinterface") && !$0.contains(".private.") }),
      let text = try? String(contentsOfFile: "\(directory)/\(file)", encoding: .utf8)
    else { continue }
    let tokens = Lexer.tokens(of: text)
    let reader = DeclarationReader(
      tokens: tokens, walker: TokenWalker(tokens: tokens), origin: module, moduleNames: names)
    result += reader.read()
    read.append(module)
  }
  return (result, read)
}

/// Reads the declarations of the binary-only modules from the symbol graphs that
/// `swift-symbolgraph-extract` writes for them.
///
/// - Parameters:
///   - bin: The toolchain's `usr/bin`.
///   - scratch: A folder for the graphs.
/// - Returns: The declarations, and the modules read.
func symbolGraphDeclarations(bin: String, scratch: String) -> ([Declaration], [String]) {
  var result: [Declaration] = []
  var read: [String] = []
  let triple =
    run("\(bin)/swift", ["-print-target-info"]).flatMap {
      try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
    }.flatMap { ($0["target"] as? [String: Any])?["triple"] as? String } ?? ""
  for module in symbolGraphModules {
    let output = "\(scratch)/\(module)"
    try? FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
    guard
      run(
        "\(bin)/swift-symbolgraph-extract",
        [
          "-module-name", module, "-target", triple, "-output-dir", output,
          "-minimum-access-level", "public",
        ]) != nil
    else { continue }
    read.append(module)
    for file in (try? FileManager.default.contentsOfDirectory(atPath: output)) ?? [] {
      guard file.hasSuffix(".symbols.json"),
        let data = FileManager.default.contents(atPath: "\(output)/\(file)"),
        let graph = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
        let symbols = graph["symbols"] as? [[String: Any]]
      else { continue }
      // Availability by path, so that members inherit their type's.
      var byPath: [String: Availability] = [:]
      var entries: [(path: [String], kind: String, title: String, availability: Availability)] =
        []
      for symbol in symbols {
        guard let path = symbol["pathComponents"] as? [String], !path.isEmpty,
          let kind = (symbol["kind"] as? [String: Any])?["identifier"] as? String,
          let title = (symbol["names"] as? [String: Any])?["title"] as? String
        else { continue }
        var availability = Availability()
        var namesVisionOS = false
        for item in symbol["availability"] as? [[String: Any]] ?? [] {
          guard let domain = item["domain"] as? String, let platform = Platform.named(domain)
          else { continue }
          if platform == .visionOS { namesVisionOS = true }
          if item["isUnconditionallyUnavailable"] as? Bool == true {
            availability.unavailable.insert(platform)
          } else if let introduced = item["introduced"] as? [String: Any] {
            let parts = ["major", "minor", "patch"].compactMap { introduced[$0] as? Int }
            if !parts.isEmpty { availability.introduced[platform] = Version(parts: parts) }
          }
        }
        availability.inferVisionOS(explicitlyNamed: namesVisionOS)
        byPath[path.joined(separator: ".")] = availability
        entries.append((path, kind, title, availability))
      }
      for entry in entries {
        var availability = entry.availability
        for length in stride(from: entry.path.count - 1, to: 0, by: -1) {
          if let outer = byPath[entry.path.prefix(length).joined(separator: ".")] {
            availability = availability.merged(with: outer)
          }
        }
        let kind: DeclarationKind
        switch entry.kind {
        case "swift.struct", "swift.class", "swift.enum", "swift.protocol", "swift.actor":
          kind = .type
        case "swift.typealias": kind = .typeAlias
        case "swift.associatedtype": kind = .associatedType
        case "swift.init": kind = .initializer
        case "swift.subscript", "swift.type.subscript": kind = .subscriptMember
        case "swift.enum.case": kind = .enumCase
        case "swift.property", "swift.type.property", "swift.var": kind = .variable
        case "swift.macro": kind = .macro
        case "swift.func.op", "swift.method.op", "swift.type.method.op": continue
        default: kind = .function
        }
        var name = entry.title
        var labels: [String]? = nil
        if let open = name.firstIndex(of: "(") {
          let inner = name[name.index(after: open)...].dropLast()
          labels = inner.split(separator: ":", omittingEmptySubsequences: true).map(String.init)
          name = String(name[..<open])
        } else if kind == .function || kind == .initializer {
          labels = []
        }
        result.append(
          Declaration(
            origin: module, name: name, labels: labels, kind: kind,
            parent: entry.path.count > 1 ? entry.path[entry.path.count - 2] : nil,
            availability: availability))
      }
    }
  }
  return (result, read)
}

// MARK: - The package

/// The floor that Package.swift declares in `platforms:`.
///
/// - Parameter manifest: Package.swift's text.
/// - Returns: The version of each platform it names.
func declaredFloor(in manifest: String) -> [Platform: Version] {
  var floor: [Platform: Version] = [:]
  guard let start = manifest.range(of: "platforms:") else { return floor }
  let tail = manifest[start.upperBound...]
  let end = tail.firstIndex(of: "]") ?? tail.endIndex
  let list = tail[..<end]
  guard
    let pattern = try? NSRegularExpression(
      pattern: #"\.(macOS|iOS|tvOS|watchOS|visionOS)\(\s*(?:\.v([0-9_]+)|"([0-9.]+)")\s*\)"#)
  else { return floor }
  let text = String(list)
  for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
    guard let platformRange = Range(match.range(at: 1), in: text),
      let platform = Platform(rawValue: String(text[platformRange]))
    else { continue }
    var versionText = ""
    if let range = Range(match.range(at: 2), in: text) {
      versionText = text[range].replacingOccurrences(of: "_", with: ".")
    } else if let range = Range(match.range(at: 3), in: text) {
      versionText = String(text[range])
    }
    if let version = Version(versionText) { floor[platform] = version }
  }
  return floor
}

/// SwiftPM's floor for platforms that Package.swift does not name (tools 6.1).
let defaultFloor: [Platform: Version] = [
  .macOS: Version(parts: [10, 13]), .iOS: Version(parts: [12, 0]), .tvOS: Version(parts: [12, 0]),
  .watchOS: Version(parts: [4, 0]), .visionOS: Version(parts: [1, 0]),
]

/// Parses `--floor "macOS 10.15, iOS 13, …"`.
///
/// - Parameter text: The list.
/// - Returns: The versions it names.
func parseFloor(_ text: String) -> [Platform: Version] {
  var floor: [Platform: Version] = [:]
  for item in text.split(separator: ",") {
    let words = item.split(separator: " ")
    guard words.count == 2, let platform = Platform.named(String(words[0])),
      let version = Version(String(words[1]))
    else { continue }
    floor[platform] = version
  }
  return floor
}

// MARK: - Conditional compilation

/// A three-valued truth: what a compile condition is on a platform we can only reason about.
enum Truth {
  case yes, no, unknown

  /// Negation; unknown stays unknown.
  var negated: Truth {
    switch self {
    case .yes: .no
    case .no: .yes
    case .unknown: .unknown
    }
  }

  /// Conjunction.
  func and(_ other: Truth) -> Truth {
    if self == .no || other == .no { return .no }
    if self == .yes && other == .yes { return .yes }
    return .unknown
  }

  /// Disjunction.
  func or(_ other: Truth) -> Truth {
    if self == .yes || other == .yes { return .yes }
    if self == .no && other == .no { return .no }
    return .unknown
  }
}

/// Modules every Apple SDK that builds this package has (Xcode 16.3 or later).
let darwinModules: Set<String> = [
  "Darwin", "Foundation", "Dispatch", "Synchronization", "Observation", "os", "ObjectiveC",
  "CoreFoundation", "Combine", "XCTest", "Testing", "_Concurrency", "_StringProcessing",
  "RegexBuilder", "Distributed", "Swift",
]

/// Modules no Apple SDK has.
let nonDarwinModules: Set<String> = [
  "Glibc", "Musl", "Bionic", "Android", "WASILibc", "WinSDK", "CRT", "ucrt", "FoundationEssentials",
  "FoundationInternationalization", "FoundationNetworking", "FoundationXML",
]

/// Modules that exist on some Apple platforms only.
let platformModules: [String: Set<Platform>] = [
  "UIKit": [.iOS, .tvOS, .visionOS], "AppKit": [.macOS], "WatchKit": [.watchOS],
  "SwiftUI": Set(Platform.allCases),
]

/// Evaluates a `#if` condition for one Apple platform.
struct ConditionEvaluator {
  /// The condition's tokens.
  let tokens: [Token]
  /// The platform.
  let platform: Platform
  /// The package's own module names, which `canImport` finds everywhere.
  let packageModules: Set<String>
  /// The next token.
  var index = 0

  /// Evaluates the whole condition.
  mutating func evaluate() -> Truth {
    let result = disjunction()
    return index == tokens.count ? result : .unknown
  }

  /// Evaluates `a || b || …`.
  mutating func disjunction() -> Truth {
    var result = conjunction()
    while index + 1 < tokens.count, tokens[index].text == "|", tokens[index + 1].text == "|" {
      index += 2
      result = result.or(conjunction())
    }
    return result
  }

  /// Evaluates `a && b && …`.
  mutating func conjunction() -> Truth {
    var result = unary()
    while index + 1 < tokens.count, tokens[index].text == "&", tokens[index + 1].text == "&" {
      index += 2
      result = result.and(unary())
    }
    return result
  }

  /// `!a`, `(a)`, or a primary condition.
  mutating func unary() -> Truth {
    guard index < tokens.count else { return .unknown }
    let token = tokens[index]
    if token.text == "!" {
      index += 1
      return unary().negated
    }
    if token.text == "(" {
      index += 1
      let inner = disjunction()
      if index < tokens.count, tokens[index].text == ")" { index += 1 }
      return inner
    }
    index += 1
    guard token.kind == .identifier else { return .unknown }
    if token.text == "true" { return .yes }
    if token.text == "false" { return .no }
    guard index < tokens.count, tokens[index].text == "(" else {
      return .unknown  // A -D flag (DEBUG, TRACE_RESOURCES, …) or a $Feature: either way.
    }
    // `name(argument…)`
    var argument: [String] = []
    var depth = 0
    while index < tokens.count {
      let text = tokens[index].text
      index += 1
      if text == "(" {
        depth += 1
        if depth == 1 { continue }
      }
      if text == ")" {
        depth -= 1
        if depth == 0 { break }
      }
      argument.append(text)
    }
    let first = argument.first ?? ""
    switch token.text {
    case "os":
      return first == platform.rawValue || (first == "OSX" && platform == .macOS) ? .yes : .no
    case "canImport":
      if packageModules.contains(first) || darwinModules.contains(first) { return .yes }
      if nonDarwinModules.contains(first) { return .no }
      if let platforms = platformModules[first] { return platforms.contains(platform) ? .yes : .no }
      return .unknown
    case "compiler", "swift":
      // Xcode 16.3 (Swift 6.1) is the oldest Apple toolchain for tools version 6.1.
      let version = Version(argument.dropFirst(2).joined())
      guard argument.starts(with: [">", "="]), let version else { return .unknown }
      return version <= Version(parts: [6, 1]) ? .yes : .unknown
    case "_pointerBitWidth":
      return .unknown
    default:
      return .unknown  // arch, targetEnvironment, hasFeature, hasAttribute, _endian, …
    }
  }
}

// MARK: - Uses

/// Why a use is allowed on a platform.
enum Guard: CustomStringConvertible {
  /// `#if` leaves it out there.
  case compiledOut(condition: String, line: Int)
  /// An `@available` or `#available` in force there is new enough.
  case available(what: String, line: Int)

  /// A phrase for the report.
  var description: String {
    switch self {
    case .compiledOut(let condition, let line): "not compiled (#if \(condition), line \(line))"
    case .available(let what, let line): "\(what) (line \(line))"
    }
  }
}

/// An availability in force over a range of tokens.
struct Scope {
  /// The first token it covers.
  var start: Int
  /// The token after the last one it covers.
  var end: Int
  /// What it allows.
  var availability: Availability
  /// How the source says it, for reports.
  var what: String
  /// Where it is written.
  var line: Int
}

/// One source file, analyzed.
struct SourceFile {
  /// The path relative to the package.
  let path: String
  /// Its tokens, `#if` lines removed.
  var tokens: [Token] = []
  /// For each token, the `#if` conditions around it (innermost last), with their line.
  var conditions: [[(text: String, line: Int)]] = []
  /// For each token, the platforms whose build compiles it.
  var compiledOn: [Set<Platform>] = []
  /// The availability scopes.
  var scopes: [Scope] = []

  /// Lexes `text` and works out, for each token, which platforms compile it.
  ///
  /// - Parameters:
  ///   - path: The path to report.
  ///   - text: The source.
  ///   - packageModules: The package's own modules.
  init(path: String, text: String, packageModules: Set<String>) {
    self.path = path
    let all = Lexer.tokens(of: text)
    // Each open `#if`: the platforms compiling its parent, those that took an earlier branch
    // for certain, the platforms compiling the current branch, and its condition.
    var frames:
      [(
        parent: Set<Platform>, taken: Set<Platform>, current: Set<Platform>, text: String,
        line: Int
      )] = []
    var active = Set(Platform.allCases)
    var index = 0
    while index < all.count {
      let token = all[index]
      if token.kind == .pound, ["if", "elseif", "else", "endif"].contains(token.text) {
        var end = index + 1
        while end < all.count, !all[end].startsLine { end += 1 }
        let condition = Array(all[(index + 1)..<end])
        let conditionText = SourceFile.text(of: condition)
        func truth(_ platform: Platform) -> Truth {
          var evaluator = ConditionEvaluator(
            tokens: condition, platform: platform, packageModules: packageModules)
          return evaluator.evaluate()
        }
        switch token.text {
        case "if":
          var current: Set<Platform> = []
          var taken: Set<Platform> = []
          for platform in active {
            let value = truth(platform)
            if value != .no { current.insert(platform) }
            if value == .yes { taken.insert(platform) }
          }
          frames.append((active, taken, current, conditionText, token.line))
          active = current
        case "elseif":
          guard var frame = frames.popLast() else { break }
          var current: Set<Platform> = []
          for platform in frame.parent where !frame.taken.contains(platform) {
            let value = truth(platform)
            if value != .no { current.insert(platform) }
            if value == .yes { frame.taken.insert(platform) }
          }
          frame.current = current
          frame.text = conditionText
          frame.line = token.line
          frames.append(frame)
          active = current
        case "else":
          guard var frame = frames.popLast() else { break }
          frame.current = frame.parent.subtracting(frame.taken)
          frame.text = "else of " + frame.text
          frame.line = token.line
          frames.append(frame)
          active = frame.current
        default:
          if let frame = frames.popLast() { active = frame.parent }
        }
        index = end
        continue
      }
      tokens.append(token)
      compiledOn.append(active)
      conditions.append(frames.map { ($0.text, $0.line) })
      index += 1
    }
    scopes = findScopes()
  }

  /// A condition as written: `canImport(Darwin) || OBSERVABLE_PORTABLE_LOCKS`.
  ///
  /// - Parameter tokens: The condition's tokens.
  /// - Returns: Its text, spaced as swift-format spaces it.
  static func text(of tokens: [Token]) -> String {
    var text = ""
    for (index, token) in tokens.enumerated() {
      let previous = index > 0 ? tokens[index - 1].text : "("
      let joins =
        ["(", ")", ","].contains(token.text) || ["(", "!"].contains(previous)
        || (token.text == "&" && previous == "&") || (token.text == "|" && previous == "|")
        || (token.text == "=" && [">", "<"].contains(previous))
      text += (joins || text.isEmpty ? "" : " ") + token.text
    }
    return text
  }

  /// The `@available` declarations and `#available` checks, with the tokens they cover.
  func findScopes() -> [Scope] {
    let walker = TokenWalker(tokens: tokens)
    var scopes: [Scope] = []
    // The `{` each `}` closes, to find the block around a `guard`.
    var openers: [Int] = []
    var enclosingClose = [Int](repeating: tokens.count, count: tokens.count)
    var stack: [Int] = []
    for (index, token) in tokens.enumerated() where token.kind == .punctuation {
      if token.text == "{" {
        stack.append(index)
      } else if token.text == "}", let open = stack.popLast() {
        openers.append(open)
        enclosingClose[open] = index
      }
    }
    func closing(of open: Int) -> Int { enclosingClose[open] }
    func blockAround(_ index: Int) -> Int {
      // The `}` of the innermost block containing `index`.
      var best = tokens.count
      var bestOpen = -1
      for open in openers where open < index && closing(of: open) > index && open > bestOpen {
        bestOpen = open
        best = closing(of: open)
      }
      return best
    }
    var index = 0
    while index < tokens.count {
      let token = tokens[index]
      if token.kind == .attribute, token.text == "available", walker.isPunctuation(index + 1, "(") {
        let close = walker.skipBalanced(from: index + 1)
        let availability = parseAvailability(tokens[(index + 2)..<(close - 1)])
        if !availability.isEmpty {
          let end = declarationEnd(from: close, walker: walker)
          scopes.append(
            Scope(
              start: index, end: end, availability: availability,
              what: "@available(\(availability.description))", line: token.line))
        }
        index = close
        continue
      }
      if token.kind == .pound, token.text == "available" || token.text == "unavailable",
        walker.isPunctuation(index + 1, "(")
      {
        let close = walker.skipBalanced(from: index + 1)
        let availability = parseAvailability(tokens[(index + 2)..<(close - 1)])
        let isGuard = (index > 0 && walker.isWord(index - 1, "guard"))
        var cursor = close
        while cursor < tokens.count, !walker.isPunctuation(cursor, "{") {
          if walker.isPunctuation(cursor, "(") || walker.isPunctuation(cursor, "[") {
            cursor = walker.skipBalanced(from: cursor)
          } else {
            cursor += 1
          }
        }
        if cursor < tokens.count {
          let blockEnd = closing(of: cursor)
          let what =
            "\(isGuard ? "guard " : "if ")#\(token.text)(\(availability.description))"
          if token.text == "available" {
            if isGuard {
              scopes.append(
                Scope(
                  start: blockEnd, end: blockAround(index), availability: availability,
                  what: what, line: token.line))
            } else {
              scopes.append(
                Scope(
                  start: cursor, end: blockEnd, availability: availability, what: what,
                  line: token.line))
            }
          } else if !isGuard, walker.isWord(blockEnd + 1, "else"),
            walker.isPunctuation(blockEnd + 2, "{")
          {
            scopes.append(
              Scope(
                start: blockEnd + 2, end: closing(of: blockEnd + 2), availability: availability,
                what: what, line: token.line))
          }
        }
        index = close
        continue
      }
      index += 1
    }
    return scopes
  }

  /// The token after the declaration whose attributes end just before `start`: its body's `}`
  /// if it has one, or the end of its line.
  func declarationEnd(from start: Int, walker: TokenWalker) -> Int {
    var index = start
    // Further attributes and modifiers, then the declaration keyword.
    while index < tokens.count {
      let token = tokens[index]
      if token.kind == .attribute {
        index += 1
        if walker.isPunctuation(index, "(") { index = walker.skipBalanced(from: index) }
        continue
      }
      if token.kind == .identifier, modifiers.contains(token.text) {
        if token.text == "class", index + 1 < tokens.count,
          tokens[index + 1].kind == .identifier,
          !declarationKeywords.contains(tokens[index + 1].text),
          !modifiers.contains(tokens[index + 1].text)
        {
          break
        }
        index += 1
        continue
      }
      break
    }
    index += 1
    while index < tokens.count {
      let token = tokens[index]
      if token.startsLine && token.kind != .punctuation {
        if token.kind == .attribute || token.kind == .pound
          || (token.kind == .identifier
            && (declarationKeywords.contains(token.text) || modifiers.contains(token.text)))
        {
          return index
        }
      }
      if token.kind == .punctuation {
        switch token.text {
        case "{": return walker.skipBalanced(from: index)
        case "(", "[":
          index = walker.skipBalanced(from: index)
          continue
        case "}": return index
        default: break
        }
      }
      index += 1
    }
    return index
  }
}

/// A place where the package uses a declaration that needs a newer system than the floor.
struct Finding {
  /// The file.
  var path: String
  /// The line.
  var line: Int
  /// The name used.
  var name: String
  /// The declarations it may mean, all of them too new somewhere.
  var candidates: [Declaration]
  /// For each platform where every candidate is newer than the floor: the guard, or `nil` if
  /// nothing guards it there.
  var platforms: [Platform: Guard?]

  /// Whether some platform has no guard.
  var isViolation: Bool { platforms.values.contains { $0 == nil } }

  /// "Mutex (Synchronization: macOS 15.0, iOS 18.0, …)".
  var what: String {
    let first = candidates[0]
    var owner = first.origin
    if let parent = first.parent { owner += ", member of \(parent)" }
    return "\(name) (\(owner); needs \(first.availability.description))"
  }
}

/// Matches every use of a name in the package against the declarations it may mean.
struct UseChecker {
  /// Declarations by base name.
  let byName: [String: [Declaration]]
  /// Module names, for `Module.name`.
  let moduleNames: Set<String>
  /// The floor.
  let floor: [Platform: Version]

  /// Whether a call with `callLabels` can call a declaration with `declared` labels: the call's
  /// labels are the declaration's with some (defaulted or trailing-closure) parameters left out.
  static func labelsMatch(_ callLabels: [String], _ declared: [String]) -> Bool {
    var cursor = 0
    var variadic = false
    for label in callLabels {
      // More unlabeled arguments for the variadic parameter just matched.
      if variadic && label == "_" { continue }
      while cursor < declared.count, declared[cursor] != label,
        declared[cursor] != label + "..."
      {
        cursor += 1
      }
      if cursor == declared.count { return false }
      variadic = declared[cursor].hasSuffix("...")
      cursor += 1
    }
    return true
  }

  /// Whether `declaration` needs a newer system than `version` on `platform`.
  static func isTooNew(_ declaration: Declaration, on platform: Platform, at version: Version)
    -> Bool
  {
    if declaration.availability.unavailable.contains(platform) { return true }
    guard let needed = declaration.availability.introduced[platform] else { return false }
    return needed > version
  }

  /// The findings of one file.
  func check(_ file: SourceFile) -> [Finding] {
    let tokens = file.tokens
    let walker = TokenWalker(tokens: tokens)
    var findings: [Finding] = []
    var skipUntil = 0
    for index in tokens.indices {
      let token = tokens[index]
      if index < skipUntil { continue }
      // Arguments of availability attributes and conditions, and import declarations.
      if (token.kind == .attribute
        && ["available", "backDeployed", "_originallyDefinedIn"]
          .contains(token.text))
        || (token.kind == .pound && ["available", "unavailable"].contains(token.text))
      {
        if walker.isPunctuation(index + 1, "(") {
          skipUntil = walker.skipBalanced(from: index + 1)
        }
        continue
      }
      if token.kind == .identifier, token.text == "import" {
        var end = index + 1
        while end < tokens.count, !tokens[end].startsLine { end += 1 }
        skipUntil = end
        continue
      }
      guard token.kind == .identifier || token.kind == .attribute else { continue }
      guard let candidates = candidates(at: index, walker: walker), !candidates.isEmpty else {
        continue
      }
      // For each platform: is there a candidate the floor allows? If not, what guards it?
      var platforms: [Platform: Guard?] = [:]
      for platform in Platform.allCases {
        let floorVersion = floor[platform] ?? (defaultFloor[platform] ?? Version(parts: [0]))
        guard candidates.allSatisfy({ UseChecker.isTooNew($0, on: platform, at: floorVersion) })
        else { continue }
        if !file.compiledOn[index].contains(platform) {
          let condition = file.conditions[index].last ?? ("?", token.line)
          platforms[platform] = .compiledOut(condition: condition.text, line: condition.line)
          continue
        }
        var found: Guard? = nil
        for scope in file.scopes where scope.start <= index && index < scope.end {
          guard scope.availability.unavailable.contains(platform) == false else {
            found = .available(what: scope.what, line: scope.line)
            break
          }
          guard let version = scope.availability.introduced[platform] else { continue }
          if candidates.contains(where: { !UseChecker.isTooNew($0, on: platform, at: version) }) {
            found = .available(what: scope.what, line: scope.line)
            break
          }
        }
        platforms[platform] = .some(found)
      }
      guard !platforms.isEmpty else { continue }
      let name = token.kind == .attribute ? "@" + token.text : token.text
      findings.append(
        Finding(
          path: file.path, line: token.line, name: name, candidates: candidates,
          platforms: platforms))
    }
    return findings
  }

  /// The declarations the name at `index` may refer to, or `nil` when it is not a use (a
  /// declaration's name, a label, a keyword).
  func candidates(at index: Int, walker: TokenWalker) -> [Declaration]? {
    let tokens = walker.tokens
    let token = tokens[index]
    let name = token.text
    if token.kind == .attribute {
      let all = byName[name] ?? []
      let macros = all.filter { $0.kind == .macro }
      if !macros.isEmpty { return macros }
      return all.filter { $0.kind == .type || $0.kind == .typeAlias }
    }
    if keywords.contains(name) && name != "init" { return nil }
    // A declaration's own name.
    if index > 0, tokens[index - 1].kind == .identifier,
      declarationKeywords.contains(tokens[index - 1].text) || tokens[index - 1].text == "class"
    {
      return nil
    }
    // An argument label or a parameter's name: `name:` or `label name:`.
    if walker.isPunctuation(index + 1, ":") && !walker.isPunctuation(index + 2, ":") {
      return nil
    }
    if index + 2 < tokens.count, tokens[index + 1].kind == .identifier,
      walker.isPunctuation(index + 2, ":"), !keywords.contains(tokens[index + 1].text)
    {
      return nil
    }
    guard let all = byName[name] else { return nil }
    let callLabels = labelsOfCall(after: index, walker: walker)
    func compatible(_ declaration: Declaration) -> Bool {
      guard let callLabels else { return true }
      switch declaration.kind {
      case .function, .initializer, .subscriptMember, .macro:
        return UseChecker.labelsMatch(callLabels, declaration.labels ?? [])
      case .enumCase:
        return declaration.labels.map { UseChecker.labelsMatch(callLabels, $0) } ?? false
      case .variable:
        return callLabels.allSatisfy { $0 == "_" }
      case .type, .typeAlias, .associatedType:
        return true
      }
    }
    if walker.isPunctuation(index - 1, ".") {
      // A member: `Receiver.name`, `value.name`, or the implicit `.name`.
      var receiver: String? = nil
      if index >= 2, tokens[index - 2].kind == .identifier,
        !keywords.contains(tokens[index - 2].text) || tokens[index - 2].text == "Self"
      {
        let candidate = tokens[index - 2].text
        if let first = candidate.unicodeScalars.first, CharacterSet.uppercaseLetters.contains(first)
        {
          receiver = candidate
        }
      }
      if let receiver, moduleNames.contains(receiver) {
        return all.filter { $0.parent == nil && $0.origin == receiver && compatible($0) }
      }
      let members = all.filter { $0.parent != nil && compatible($0) }
      if let receiver {
        let own = members.filter { $0.parent == receiver }
        if !own.isEmpty { return own }
      }
      return members
    }
    // A bare name: a type, a free function or variable, a macro, or a member through `self`.
    var result = all.filter {
      ($0.parent == nil || $0.origin.hasSuffix(".swift")) && $0.kind != .initializer
        && compatible($0)
    }
    if let callLabels, result.contains(where: { $0.kind == .type || $0.kind == .typeAlias }) {
      // `Type(…)`: the type must be available, and one of its initializers too.
      let initializers = (byName["init"] ?? []).filter {
        $0.parent == name && UseChecker.labelsMatch(callLabels, $0.labels ?? [])
      }
      if !initializers.isEmpty,
        initializers.allSatisfy({ initializer in
          Platform.allCases.contains { platform in
            UseChecker.isTooNew(
              initializer, on: platform, at: floor[platform] ?? Version(parts: [0]))
          }
        })
      {
        result = result.map { type in
          var combined = type
          let newest = initializers.reduce(Availability()) { $0.merged(with: $1.availability) }
          combined.availability = type.availability.merged(with: newest)
          return combined
        }
      }
    }
    return result
  }

  /// The argument labels of a call right after the name at `index` (`_` for unlabeled
  /// arguments), skipping generic arguments; `nil` if no call follows.
  func labelsOfCall(after index: Int, walker: TokenWalker) -> [String]? {
    let tokens = walker.tokens
    var cursor = index + 1
    if walker.isPunctuation(cursor, "<"), cursor < tokens.count, !tokens[cursor].startsLine {
      let first = tokens[index].text.unicodeScalars.first
      if let first, CharacterSet.uppercaseLetters.contains(first) {
        cursor = walker.skipBalanced(from: cursor)
      }
    }
    guard walker.isPunctuation(cursor, "("), !tokens[cursor].startsLine else { return nil }
    let end = walker.skipBalanced(from: cursor) - 1
    var labels: [String] = []
    var depth = 0
    var argumentStart = true
    var probe = cursor + 1
    while probe < end {
      let token = tokens[probe]
      if argumentStart {
        if token.kind == .identifier, walker.isPunctuation(probe + 1, ":"),
          !walker.isPunctuation(probe + 2, ":")
        {
          labels.append(token.text)
        } else {
          labels.append("_")
        }
        argumentStart = false
      }
      if token.kind == .punctuation {
        if ["(", "[", "{"].contains(token.text) { depth += 1 }
        if [")", "]", "}"].contains(token.text) { depth -= 1 }
        if token.text == "," && depth == 0 { argumentStart = true }
      }
      probe += 1
    }
    return labels
  }
}

/// The names a file declares for local use.
///
/// These are `let` and `var` names anywhere, parameter names, closure parameters and `for`
/// variables. A bare use of one of them may be the local, so they count as declarations
/// available everywhere.
///
/// - Parameter tokens: The file's tokens.
/// - Returns: The names.
func localNames(in tokens: [Token]) -> Set<String> {
  let walker = TokenWalker(tokens: tokens)
  var names: Set<String> = []
  for (index, token) in tokens.enumerated() where token.kind == .identifier {
    // Types and generic parameters start with a capital; locals do not.
    if let first = token.text.unicodeScalars.first,
      CharacterSet.uppercaseLetters.contains(first)
    {
      continue
    }
    if index > 0,
      walker.isWord(index - 1, "let") || walker.isWord(index - 1, "var")
        || walker.isWord(index - 1, "for")
    {
      names.insert(token.text)
    }
    // `name:` and `label name:` (parameters, and labels, which are harmless here).
    if walker.isPunctuation(index + 1, ":") {
      names.insert(token.text)
    }
    // Closure parameters: the names between `{` and `in`.
    if token.text == "in" {
      var back = index - 1
      while back >= 0, index - back < 40, !walker.isPunctuation(back, "{") {
        if tokens[back].kind == .identifier, let first = tokens[back].text.unicodeScalars.first,
          !CharacterSet.uppercaseLetters.contains(first)
        {
          names.insert(tokens[back].text)
        }
        back -= 1
      }
    }
  }
  return names
}

// MARK: - Main

/// What the command line asked for.
struct Options {
  /// The package to check.
  var package = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().path
  /// Whether to print every guarded use.
  var report = false
  /// A floor to use instead of Package.swift's.
  var floor: [Platform: Version]? = nil
  /// The folders to check, relative to the package.
  var folders = ["Sources", "Tests"]
  /// A name whose declarations to list (`--explain NAME`), to see why a use is or is not
  /// reported.
  var explain: String? = nil
}

var options = Options()
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
  switch argument {
  case "--report": options.report = true
  case "--floor": options.floor = arguments.popFirst().map(parseFloor)
  case "--package": options.package = arguments.popFirst() ?? options.package
  case "--explain": options.explain = arguments.popFirst()
  case "--help", "-h":
    print(
      "usage: swift Scripts/check-availability.swift [--report] [--floor LIST] [--package DIR]"
        + " [--explain NAME]")
    exit(0)
  default:
    print("error: unknown argument \(argument)")
    exit(2)
  }
}

let packageRoot = URL(fileURLWithPath: options.package).standardizedFileURL
guard
  let manifest = try? String(
    contentsOf: packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
else {
  print("error: no Package.swift in \(packageRoot.path)")
  exit(2)
}
let declaredPlatforms = declaredFloor(in: manifest)
let floor = options.floor ?? declaredPlatforms
if options.floor == nil && declaredPlatforms.isEmpty {
  print("error: Package.swift declares no `platforms:`; SwiftPM's defaults apply")
}

guard let toolchain = toolchainPaths() else {
  print("error: cannot find the toolchain (swift on PATH, swift -print-target-info)")
  exit(2)
}
let scratch = FileManager.default.temporaryDirectory
  .appendingPathComponent("check-availability-\(ProcessInfo.processInfo.processIdentifier)").path
defer { try? FileManager.default.removeItem(atPath: scratch) }
let (interfaceAPI, interfacesRead) = interfaceDeclarations(in: toolchain.modules)
let (graphAPI, graphsRead) = symbolGraphDeclarations(bin: toolchain.bin, scratch: scratch)
try? FileManager.default.removeItem(atPath: scratch)
let missing = Set(interfaceModules + symbolGraphModules).subtracting(interfacesRead + graphsRead)
if !missing.isEmpty {
  print("error: could not read \(missing.sorted().joined(separator: ", ")) from the toolchain")
  exit(2)
}

// The package's sources, and its own declarations.
var files: [SourceFile] = []
var packageModules: Set<String> = []
for folder in options.folders {
  let base = packageRoot.appendingPathComponent(folder)
  for module in (try? FileManager.default.contentsOfDirectory(atPath: base.path)) ?? [] {
    packageModules.insert(module)
  }
}
var ownDeclarations: [Declaration] = []
var locals: Set<String> = []
let allModuleNames = Set(interfaceModules + symbolGraphModules)
for folder in options.folders {
  let base = packageRoot.appendingPathComponent(folder)
  guard
    let enumerator = FileManager.default.enumerator(
      at: base, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles])
  else { continue }
  for case let url as URL in enumerator {
    // A package of its own inside (a test's fixture) is not part of this one.
    if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) {
      enumerator.skipDescendants()
      continue
    }
    guard url.pathExtension == "swift", let text = try? String(contentsOf: url, encoding: .utf8)
    else { continue }
    let path = url.standardizedFileURL.path.replacingOccurrences(
      of: packageRoot.path + "/", with: "")
    let file = SourceFile(path: path, text: text, packageModules: packageModules)
    files.append(file)
    let reader = DeclarationReader(
      tokens: file.tokens, walker: TokenWalker(tokens: file.tokens), origin: path,
      moduleNames: allModuleNames.union(packageModules))
    ownDeclarations += reader.read()
    locals.formUnion(localNames(in: file.tokens))
  }
}
for name in locals {
  ownDeclarations.append(
    Declaration(
      origin: "a local name", name: name, labels: nil, kind: .variable, parent: nil,
      availability: Availability()))
}
files.sort { $0.path < $1.path }

var byName: [String: [Declaration]] = [:]
for declaration in interfaceAPI + graphAPI + ownDeclarations {
  byName[declaration.name, default: []].append(declaration)
}
if let name = options.explain {
  for declaration in byName[name] ?? [] {
    let labels = declaration.labels.map { "(" + $0.map { "\($0):" }.joined() + ")" } ?? ""
    print(
      "\(declaration.origin)\(declaration.line > 0 ? ":\(declaration.line)" : ""): "
        + "\(declaration.kind) \(declaration.parent.map { "\($0)." } ?? "")\(name)\(labels) "
        + declaration.availability.description)
  }
  exit(0)
}
let checker = UseChecker(
  byName: byName, moduleNames: allModuleNames.union(packageModules), floor: floor)
var findings: [Finding] = []
for file in files { findings += checker.check(file) }

let floorText = Platform.allCases.map { platform in
  "\(platform.rawValue) \(floor[platform] ?? (defaultFloor[platform] ?? Version(parts: [0])))"
}.joined(separator: ", ")
let violations = findings.filter(\.isViolation)

if options.report {
  print("Floor: \(floorText)\(options.floor == nil ? " (Package.swift)" : "")")
  print("Availability read from the interfaces of \(interfacesRead.joined(separator: ", "))")
  print("and the symbol graphs of \(graphsRead.joined(separator: ", ")).")
  print("")
  let newer = ownDeclarations.filter { declaration in
    declaration.hasOwnAvailability
      && Platform.allCases.contains { platform in
        UseChecker.isTooNew(
          declaration, on: platform,
          at: floor[platform] ?? (defaultFloor[platform] ?? Version(parts: [0])))
      }
  }
  print("The package's declarations that need a newer system than the floor (\(newer.count)):")
  for declaration in newer.sorted(by: { ($0.origin, $0.line) < ($1.origin, $1.line) }) {
    let owner = declaration.parent.map { "\($0)." } ?? ""
    let labels = declaration.labels.map { "(" + $0.map { "\($0):" }.joined() + ")" } ?? ""
    print(
      "  \(declaration.origin):\(declaration.line): \(owner)\(declaration.name)\(labels)"
        + " — \(declaration.availability.description)")
  }
  print("")
  let guarded = findings.filter { !$0.isViolation }
  print("Guarded uses of declarations newer than the floor (\(guarded.count)):")
  for finding in guarded {
    var reasons: [String: [Platform]] = [:]
    for (platform, reason) in finding.platforms {
      reasons[reason.map(\.description) ?? "unguarded", default: []].append(platform)
    }
    let how = reasons.sorted { $0.key < $1.key }.map { reason, platforms in
      let names = platforms.sorted().map(\.rawValue).joined(separator: ", ")
      return "\(reason) on \(names)"
    }.joined(separator: "; ")
    print("  \(finding.path):\(finding.line): \(finding.what): \(how)")
  }
  print("")
}

for finding in violations {
  let platforms = finding.platforms.filter { $0.value == nil }.keys.sorted()
  let needs = platforms.map { platform in
    let versions = finding.candidates.compactMap { $0.availability.introduced[platform] }
    let shown = versions.min().map { "\($0)" } ?? "unavailable"
    return
      "\(platform.rawValue) \(shown) (floor \(floor[platform] ?? (defaultFloor[platform] ?? Version(parts: [0]))))"
  }.joined(separator: ", ")
  print(
    "\(finding.path):\(finding.line): error: \(finding.what) is used unguarded; it needs \(needs)."
      + " Guard it with @available or if #available, or leave it out with #if.")
}
if violations.isEmpty {
  print(
    "No unguarded use of an API newer than the floor (\(floorText));"
      + " \(findings.count) guarded use(s) (--report lists them).")
} else {
  print("\(violations.count) unguarded use(s) of APIs newer than the floor (\(floorText)).")
  exit(1)
}
