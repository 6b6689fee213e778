import Dispatch
import Foundation
import ObservableCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Actions that must run however the program ends: restoring the terminal, removing temporary
/// files.
///
/// They run, newest first, when the program finishes normally (``runAll()``) or when it gets
/// `SIGINT`, `SIGTERM` or `SIGHUP`, after which it exits with status 128 plus the signal
/// number. Signals are received through Dispatch sources, so the actions run on an ordinary
/// queue, not inside a signal handler.
final class Cleanup: Sendable {
  /// The program's cleanup actions.
  static let shared = Cleanup()

  private let actions = _Mutex<[@Sendable () -> Void]>([])
  /// Kept so that the sources stay alive; never read.
  private let sources: _Mutex<[any DispatchSourceSignal]>

  private init() {
    let queue = DispatchQueue(label: "bridge-demo.signals")
    var sources: [any DispatchSourceSignal] = []
    for signalNumber in [SIGINT, SIGTERM, SIGHUP] {
      signal(signalNumber, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: queue)
      sources.append(source)
    }
    for (source, signalNumber) in zip(sources, [SIGINT, SIGTERM, SIGHUP]) {
      source.setEventHandler {
        Cleanup.shared.runAll()
        exit(128 + signalNumber)
      }
      source.resume()
    }
    self.sources = _Mutex(sources)
  }

  /// Adds an action.
  func add(_ action: @escaping @Sendable () -> Void) {
    actions.withLock { $0.append(action) }
  }

  /// Runs every action added so far, newest first, once.
  func runAll() {
    let pending = actions.withLock { actions in
      defer { actions.removeAll() }
      return actions
    }
    for action in pending.reversed() { action() }
  }
}
