/// A mistake on the command line, such as an unknown option or a missing value.
///
/// The demo reports it as one line, followed by the usage of the command, and exits with
/// status 2.
struct ArgumentError: Error, Equatable {
  /// What is wrong, in one line.
  var message: String

  init(_ message: String) {
    self.message = message
  }
}

/// Takes options and positional arguments out of a list of command-line arguments.
///
/// Options may appear anywhere, as `--name value` or `--name=value`. A lone `--` ends the
/// options: everything after it is positional, so `search -- --weird` searches for `--weird`.
/// Call ``finish()`` last: whatever was not taken is reported as unknown.
struct ArgumentParser {
  /// The arguments before `--`: options, their values and positional arguments, in order.
  private var options: [String]
  /// The arguments after `--`.
  private var positionals: [String] = []

  /// Splits the arguments into option tokens and positional arguments.
  ///
  /// - Parameter arguments: The arguments without the program name.
  init(_ arguments: [String]) {
    if let terminator = arguments.firstIndex(of: "--") {
      options = Array(arguments[..<terminator])
      positionals = Array(arguments[(terminator + 1)...])
    } else {
      options = arguments
    }
  }

  /// Takes a flag without a value, wherever it appears.
  ///
  /// - Parameter names: The spellings of the flag, such as `--help` and `-h`.
  /// - Returns: Whether the flag was given.
  /// - Throws: ``ArgumentError`` if the flag was given a value with `=`.
  mutating func flag(_ names: String...) throws(ArgumentError) -> Bool {
    var found = false
    var kept: [String] = []
    for token in options {
      if names.contains(token) {
        found = true
      } else if let name = names.first(where: { token.hasPrefix($0 + "=") }) {
        throw ArgumentError("\(name) does not take a value")
      } else {
        kept.append(token)
      }
    }
    options = kept
    return found
  }

  /// Takes an option with a value, as `--name value` or `--name=value`.
  ///
  /// - Parameter name: The option, such as `--limit`.
  /// - Returns: The value of its last occurrence, or `nil` if it was not given.
  /// - Throws: ``ArgumentError`` if the value is missing.
  mutating func value(_ name: String) throws(ArgumentError) -> String? {
    var value: String?
    var kept: [String] = []
    var index = 0
    while index < options.count {
      let token = options[index]
      if token == name {
        let next = index + 1
        guard next < options.count, !options[next].hasPrefix("--") else {
          throw ArgumentError("\(name) needs a value")
        }
        value = options[next]
        index += 2
        continue
      }
      if token.hasPrefix(name + "=") {
        value = String(token.dropFirst(name.count + 1))
        guard value?.isEmpty == false else { throw ArgumentError("\(name) needs a value") }
      } else {
        kept.append(token)
      }
      index += 1
    }
    options = kept
    return value
  }

  /// Takes the first argument if it is not an option.
  ///
  /// - Returns: The argument, or `nil` if there are no arguments or the first is an option.
  mutating func leadingWord() -> String? {
    guard let first = options.first, !Self.isOption(first) else { return nil }
    return options.removeFirst()
  }

  /// Takes the next positional argument: the first one that is not an option.
  ///
  /// Call it after taking every option that has a value, so that values are not mistaken for
  /// positional arguments.
  ///
  /// - Returns: The argument, or `nil` if none is left.
  mutating func positional() -> String? {
    if let index = options.firstIndex(where: { !Self.isOption($0) }) {
      return options.remove(at: index)
    }
    return positionals.isEmpty ? nil : positionals.removeFirst()
  }

  /// Takes a required positional argument.
  ///
  /// - Parameter name: What the argument is, for the error message, such as `OWNER/NAME`.
  /// - Returns: The argument.
  /// - Throws: ``ArgumentError`` if it is missing.
  mutating func requiredPositional(_ name: String) throws(ArgumentError) -> String {
    guard let value = positional() else { throw ArgumentError("missing \(name)") }
    return value
  }

  /// Checks that every argument was understood.
  ///
  /// - Throws: ``ArgumentError`` naming the first unknown option or unexpected argument.
  func finish() throws(ArgumentError) {
    if let unknown = options.first(where: Self.isOption) {
      let name = unknown.split(separator: "=", maxSplits: 1).first.map(String.init) ?? unknown
      throw ArgumentError("unknown option '\(name)'")
    }
    if let extra = options.first ?? positionals.first {
      throw ArgumentError("unexpected argument '\(extra)'")
    }
  }

  private static func isOption(_ token: String) -> Bool {
    token.hasPrefix("-") && token != "-"
  }
}
