/// Polls `condition` every 5 ms until it holds or `timeout` has passed.
///
/// - Parameters:
///   - timeout: How long to keep polling.
///   - condition: What to wait for; an error it throws ends the polling at once.
/// - Returns: Whether the condition held in time.
/// - Throws: What `condition` throws.
func poll(for timeout: Duration, until condition: () throws -> Bool) async rethrows -> Bool {
  let deadline = ContinuousClock.now + timeout
  while try !condition() {
    guard ContinuousClock.now < deadline else { return false }
    try? await Task.sleep(for: .milliseconds(5))
  }
  return true
}
