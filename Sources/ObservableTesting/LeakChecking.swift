import ObservableCore
import Testing

/// Runs `body` in a fresh ``/ObservableCore/ResourceScope`` and fails the running test if any
/// subscription or sink created inside it is still alive when it returns.
///
/// Use it around synchronous tests, such as those on a ``TestScheduler``: by the time `body`
/// returns, every subscription must have ended and been released. It works in Swift Testing and
/// XCTest tests alike (<doc:TestingWithXCTest>).
///
/// - Parameters:
///   - sourceLocation: Where to report a leak.
///   - body: The test code.
/// - Returns: What `body` returns.
/// - Throws: What `body` throws.
public func withLeakChecking<Result>(
  sourceLocation: SourceLocation = #_sourceLocation,
  _ body: () throws -> Result
) rethrows -> Result {
  prepareFailureReporting()
  return try Resources.withScope { scope in
    let result = try body()
    let live = scope.live
    if live != 0 {
      recordTestFailure(
        "\(live) resource(s) still alive after the test", at: .source(sourceLocation))
    }
    return result
  }
}

/// Runs `body` in a fresh ``/ObservableCore/ResourceScope``, then waits up to `timeout` for
/// everything created inside it to be released, and fails the running test if it is not.
///
/// The timeout counts the time spent asleep between polls, as in
/// ``TestableObserver/waitForTermination(timeout:)``, so a run that other tests starve of CPU
/// waits longer rather than reporting a leak that is only late.
///
/// Use it around tests that involve threads or tasks, where the last release may happen
/// shortly after `body` returns.
///
/// - Parameters:
///   - timeout: How long to wait for the count to reach zero.
///   - sourceLocation: Where to report a leak.
///   - body: The test code.
/// - Returns: What `body` returns.
/// - Throws: What `body` throws.
public func withLeakChecking<Result>(
  timeout: Duration = .seconds(10),
  sourceLocation: SourceLocation = #_sourceLocation,
  _ body: () async throws -> Result
) async rethrows -> Result {
  prepareFailureReporting()
  return try await Resources.withScope { scope in
    let result = try await body()
    _ = await _pollWhileSleepingAtMost(timeout) { scope.live == 0 }
    let live = scope.live
    if live != 0 {
      recordTestFailure(
        "\(live) resource(s) still alive \(timeout) after the test", at: .source(sourceLocation))
    }
    return result
  }
}
