import ObservableCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Standard input switched to raw mode: keys arrive one by one, unechoed, and Ctrl-C arrives as
/// a key instead of a signal.
///
/// ``restore()`` puts the terminal back as it was; the typeahead command calls it on every way
/// out, including `SIGINT` and `SIGTERM` through ``Cleanup``.
final class RawTerminal: Sendable {
  private let original: _Mutex<termios?>

  private init(original: termios) {
    self.original = _Mutex(original)
  }

  /// Switches standard input to raw mode.
  ///
  /// Output processing stays on, so `\n` still starts a new line.
  ///
  /// - Returns: The terminal, to restore later.
  /// - Throws: ``DemoFailure`` if standard input is not a terminal that accepts the change.
  static func enter() throws(DemoFailure) -> RawTerminal {
    var settings = termios()
    guard tcgetattr(STDIN_FILENO, &settings) == 0 else {
      throw DemoFailure("cannot read the terminal settings (errno \(errno))")
    }
    let terminal = RawTerminal(original: settings)
    settings.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG | IEXTEN)
    settings.c_iflag &= ~tcflag_t(IXON | ICRNL | INLCR | ISTRIP)
    withUnsafeMutableBytes(of: &settings.c_cc) { characters in
      characters[Int(VMIN)] = 1
      characters[Int(VTIME)] = 0
    }
    guard tcsetattr(STDIN_FILENO, TCSANOW, &settings) == 0 else {
      throw DemoFailure("cannot switch the terminal to raw mode (errno \(errno))")
    }
    return terminal
  }

  /// Puts the terminal back as it was; later calls do nothing.
  func restore() {
    guard
      var settings = original.withLock({ original in
        defer { original = nil }
        return original
      })
    else { return }
    _ = tcsetattr(STDIN_FILENO, TCSANOW, &settings)
  }

  /// The terminal's width in columns, 80 if it does not say.
  static var columns: Int {
    var size = winsize()
    guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return 80 }
    return Int(size.ws_col)
  }
}
