import Foundation
import ObservableCore

/// Polls `condition` on the main actor until it holds, sleeping between checks; gives up after
/// `timeout` of accumulated sleep (not clock time, so a starved machine waits longer instead of
/// failing).
@MainActor
func waitUntil(timeout: Duration = .seconds(20), _ condition: () -> Bool) async -> Bool {
  var slept = Duration.zero
  let step = Duration.milliseconds(5)
  while !condition() {
    if slept >= timeout { return false }
    try? await Task.sleep(for: step)
    slept += step
  }
  return true
}

/// A thread-safe counter for server handlers, which run on the server's threads.
final class RequestCounter: @unchecked Sendable {
  // SAFETY: `count` is only read and written with `lock` held.
  private let lock = NSLock()
  private var count = 0

  /// Adds one and returns the new count.
  func next() -> Int {
    lock.lock()
    defer { lock.unlock() }
    count += 1
    return count
  }
}

struct TestError: Error, Equatable {}
