import Dispatch
import Foundation
import ObservableCore

// How the library calls the `@MainActor` closures of main-actor shared sequences (Driver,
// Signal, and any strategy that conforms to `MainActorSharingStrategy`).
//
// Such a sequence delivers on the main scheduler, so the call is normally on the main thread,
// where `MainActor.assumeIsolated` holds. An element can still arrive elsewhere: under
// `SharingScheduler.mock` a test scheduler stands in for the main scheduler and may run on any
// thread (a Swift Testing test that is not `@MainActor`), or a sequence was made with
// `init(raw:)` from a source that delivers elsewhere. The closure was checked at compile time as
// main-actor code, so running it on that thread would be a data race the compiler was promised
// could not happen, and `assumeIsolated` would stop the process. Instead the call waits on the
// main queue (the main actor's executor) and runs there: the closure still runs exactly once,
// in order, and the caller gets its result. Nothing here holds a lock, as no caller does.

/// Runs `body` on the main actor and returns its result: at once on the main thread or the main
/// queue, otherwise synchronously on the main queue.
///
/// Both are checked because on Linux they differ once a program calls `dispatchMain()`, as test
/// runners do: the main queue, the main actor's executor, is then drained by another thread
/// (see `MainScheduler.ensureRunningOnMainThread`), and `DispatchQueue.main.sync` from it would
/// deadlock. The thread is checked first: it is the cheaper check, and the usual answer in an
/// app.
@usableFromInline
internal func _onMainActor<Result: Sendable>(_ body: @MainActor () -> Result) -> Result {
  if Thread.isMainThread || MainScheduler.isOnMainQueue {
    return MainActor.assumeIsolated(body)
  }
  return DispatchQueue.main.sync { MainActor.assumeIsolated(body) }
}

/// A `@Sendable` callback that runs `callback` with its argument on the main actor.
@usableFromInline
internal func _onMainActor<Value: Sendable>(
  _ callback: (@MainActor (Value) -> Void)?
) -> (@Sendable (Value) -> Void)? {
  guard let callback else { return nil }
  return { value in _onMainActor { callback(value) } }
}

/// A `@Sendable` callback that runs `callback` with its arguments on the main actor.
@usableFromInline
internal func _onMainActor<First: Sendable, Second: Sendable>(
  _ callback: (@MainActor (First, Second) -> Void)?
) -> (@Sendable (First, Second) -> Void)? {
  guard let callback else { return nil }
  return { first, second in _onMainActor { callback(first, second) } }
}

/// A `@Sendable` callback that runs `callback` on the main actor.
@usableFromInline
internal func _onMainActor(_ callback: (@MainActor () -> Void)?) -> (@Sendable () -> Void)? {
  guard let callback else { return nil }
  return { _onMainActor { callback() } }
}
