import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where the demo writes: results to standard output, diagnostics to standard error.
///
/// Colour and progress lines are used only when the stream is a terminal and `NO_COLOR` is
/// unset or empty (https://no-color.org).
struct Console: Sendable {
  /// Whether standard output is a terminal.
  let outputIsTerminal: Bool
  /// Whether standard error is a terminal.
  let errorIsTerminal: Bool
  /// Whether colour is allowed at all (`NO_COLOR` is not set to a non-empty value).
  let colourAllowed: Bool

  init(environment: [String: String] = ProcessInfo.processInfo.environment) {
    outputIsTerminal = isatty(STDOUT_FILENO) == 1
    errorIsTerminal = isatty(STDERR_FILENO) == 1
    colourAllowed = (environment["NO_COLOR"] ?? "").isEmpty
  }

  /// Styles for standard output.
  var style: TextStyle { TextStyle(enabled: outputIsTerminal && colourAllowed) }

  /// Styles for standard error.
  var errorStyle: TextStyle { TextStyle(enabled: errorIsTerminal && colourAllowed) }

  /// Whether progress lines may be drawn on standard error.
  var showsProgress: Bool { errorIsTerminal }

  /// Writes a line of results to standard output.
  func print(_ line: String = "") {
    emit(line + "\n", to: STDOUT_FILENO)
  }

  /// Writes a line of diagnostics to standard error.
  ///
  /// Line breaks and other control characters in it, such as those of an argument it quotes,
  /// are written as escapes (see ``Format/oneLine(_:)``), so it stays one line.
  func printError(_ line: String) {
    emit(Format.oneLine(line) + "\n", to: STDERR_FILENO)
  }

  /// Writes text to a file descriptor, all of it, retrying interrupted writes.
  func emit(_ text: String, to descriptor: Int32) {
    let bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
      let written = bytes[offset...].withUnsafeBytes { buffer -> Int in
        guard let base = buffer.baseAddress else { return 0 }
        return write(descriptor, base, buffer.count)
      }
      if written > 0 {
        offset += written
      } else if written < 0 && errno == EINTR {
        continue
      } else {
        return
      }
    }
  }
}

/// ANSI text styles that turn into nothing when colour is off.
struct TextStyle: Sendable {
  let enabled: Bool

  func bold(_ text: String) -> String { wrap(text, "1") }
  func dim(_ text: String) -> String { wrap(text, "2") }
  func cyan(_ text: String) -> String { wrap(text, "36") }
  func green(_ text: String) -> String { wrap(text, "32") }
  func yellow(_ text: String) -> String { wrap(text, "33") }
  func red(_ text: String) -> String { wrap(text, "31") }
  func magenta(_ text: String) -> String { wrap(text, "35") }

  private func wrap(_ text: String, _ code: String) -> String {
    enabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
  }
}
