import ObservableCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A progress line on standard error, redrawn in place, only when standard error is a
/// terminal.
///
/// It is dim unless `NO_COLOR` is set. ``clear()`` erases it before results are printed.
final class ProgressLine: Sendable {
  private let console: Console
  private let visible = _Mutex(false)

  init(console: Console) {
    self.console = console
  }

  /// Replaces the line with `text`.
  func show(_ text: String) {
    guard console.showsProgress else { return }
    visible.withLock { $0 = true }
    console.emit("\r\u{1B}[K" + console.errorStyle.dim(text + "…"), to: STDERR_FILENO)
  }

  /// Erases the line if it is shown.
  func clear() {
    let wasVisible = visible.withLock { visible in
      defer { visible = false }
      return visible
    }
    if wasVisible { console.emit("\r\u{1B}[K", to: STDERR_FILENO) }
  }
}
