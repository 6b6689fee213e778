import Dispatch

// How the library calls the `@MainActor` closures of main-actor shared sequences (Driver,
// Signal, and any strategy that conforms to ObservableCocoa's `MainActorSharingStrategy`) and
// of `MainActorObservable` (an `Observable` after `observe(on: MainScheduler.instance)`). They
// are `package`, for ObservableCocoa's operators, and inlined into the client.
//
// Such a sequence delivers on the main scheduler, so the call is normally on the main thread.
// An element can still arrive elsewhere: under `SharingScheduler.mock` a test scheduler stands in
// for the main scheduler and may run on any thread (a Swift Testing test that is not
// `@MainActor`), or a sequence was made with `init(raw:)` from a source that delivers elsewhere.
// The closure was checked at compile time as main-actor code, so running it on that thread
// would be a data race the compiler was promised could not happen. Instead the call waits on the
// main queue (the main actor's executor) and runs there: the closure still runs exactly once, in
// order, and the caller gets its result. Nothing here holds a lock, as no caller does.
//
// The per-element path. An operator casts its `@MainActor` closure to the nonisolated function
// type once, when it is applied (`_nonisolated`), and per element checks `_isOnMainActorNow` and
// calls the cast function directly; only off the main actor does it go through the out-of-line
// `_callOnMainQueue`. A global-actor-isolated function type has the same representation as its
// nonisolated counterpart, so the cast changes only what the compiler checks, and the check is
// made at each call: the one `MainActor.assumeIsolated` makes, without the runtime's executor
// lookup (about 150 instructions a call) and without forming a closure per element. Measured on
// the app-shaped `Driver` chain (three closures per element; Benchmarks/RESULTS.md): 5,006
// instructions per element through `assumeIsolated` and a closure per call, 3,073 this way,
// against 2,943 with the `@Sendable` closures before.

/// Whether a main-actor closure may be called directly now: on the main thread, or on the main
/// queue (see `MainScheduler._isOnMainThreadOrQueue`).
#if DEBUG
  @inlinable
#else
  @_alwaysEmitIntoClient
#endif
@inline(__always)
package var _isOnMainActorNow: Bool {
  MainScheduler._isOnMainThreadOrQueue
}

/// `function` as a nonisolated function, to call directly when ``_isOnMainActorNow`` is true.
#if DEBUG
  @inlinable
#else
  @_alwaysEmitIntoClient
#endif
@inline(__always)
package func _nonisolated<Argument, Result>(
  _ function: @escaping @MainActor (Argument) -> Result
) -> @Sendable (Argument) -> Result {
  unsafeBitCast(function, to: (@Sendable (Argument) -> Result).self)
}

/// `function`, of two arguments, as a nonisolated function; see ``_nonisolated(_:)``.
#if DEBUG
  @inlinable
#else
  @_alwaysEmitIntoClient
#endif
@inline(__always)
package func _nonisolated<First, Second, Result>(
  _ function: @escaping @MainActor (First, Second) -> Result
) -> @Sendable (First, Second) -> Result {
  unsafeBitCast(function, to: (@Sendable (First, Second) -> Result).self)
}

/// Runs `body` synchronously on the main queue, the main actor's executor, from another thread.
@usableFromInline
package func _onMainQueue<Result: Sendable>(_ body: @MainActor () -> Result) -> Result {
  DispatchQueue.main.sync { MainActor.assumeIsolated(body) }
}

/// Calls `function` with `argument` synchronously on the main queue, from another thread; out
/// of line, so that the caller's fast path forms no closure.
@usableFromInline
@inline(never)
package func _callOnMainQueue<Argument: Sendable, Result: Sendable>(
  _ function: @escaping @MainActor (Argument) -> Result, _ argument: Argument
) -> Result {
  _onMainQueue { function(argument) }
}

/// Calls `function` with two arguments synchronously on the main queue, from another thread.
@usableFromInline
@inline(never)
package func _callOnMainQueue<First: Sendable, Second: Sendable, Result: Sendable>(
  _ function: @escaping @MainActor (First, Second) -> Result, _ first: First, _ second: Second
) -> Result {
  _onMainQueue { function(first, second) }
}

/// Calls `function` with `argument` on the main actor and returns its result, for a closure
/// called rarely (once per error, say): the per-element operators cast once instead.
#if DEBUG
  @inlinable
#else
  @_alwaysEmitIntoClient
#endif
package func _callOnMainActor<Argument: Sendable, Result: Sendable>(
  _ function: @escaping @MainActor (Argument) -> Result, _ argument: Argument
) -> Result {
  _isOnMainActorNow ? _nonisolated(function)(argument) : _callOnMainQueue(function, argument)
}

/// A `@Sendable` callback that runs `callback` with its argument on the main actor.
#if DEBUG
  @inlinable
#else
  @_alwaysEmitIntoClient
#endif
package func _onMainActor<Value: Sendable>(
  _ callback: (@MainActor (Value) -> Void)?
) -> (@Sendable (Value) -> Void)? {
  guard let callback else { return nil }
  let direct = _nonisolated(callback)
  return { value in _isOnMainActorNow ? direct(value) : _callOnMainQueue(callback, value) }
}

/// A `@Sendable` callback that runs `callback` with its arguments on the main actor.
#if DEBUG
  @inlinable
#else
  @_alwaysEmitIntoClient
#endif
package func _onMainActor<First: Sendable, Second: Sendable>(
  _ callback: (@MainActor (First, Second) -> Void)?
) -> (@Sendable (First, Second) -> Void)? {
  guard let callback else { return nil }
  let direct = _nonisolated(callback)
  return { first, second in
    _isOnMainActorNow ? direct(first, second) : _callOnMainQueue(callback, first, second)
  }
}

/// A `@Sendable` callback that runs `callback` on the main actor.
#if DEBUG
  @inlinable
#else
  @_alwaysEmitIntoClient
#endif
package func _onMainActor(_ callback: (@MainActor () -> Void)?) -> (@Sendable () -> Void)? {
  guard let callback else { return nil }
  let direct = unsafeBitCast(callback, to: (@Sendable () -> Void).self)
  return { _isOnMainActorNow ? direct() : _onMainQueue(callback) }
}

// The throwing forms, for `MainActorObservable`, whose closures may throw as `Observable`'s do.
// They are separate functions rather than typed-throws generics (`throws(Failure)`) because a
// function type with a generic thrown type needs runtime support that Apple systems before
// macOS 15 and iOS 18 lack, below this package's floor.

/// Calls the throwing `function` with `argument` on the main actor and returns its result, as
/// ``_callOnMainActor(_:_:)`` does.
#if DEBUG
  @inlinable
#else
  @_alwaysEmitIntoClient
#endif
@inline(__always)
package func _callOnMainActorThrowing<Argument: Sendable, Result: Sendable>(
  _ function: @escaping @MainActor (Argument) throws -> Result, _ argument: Argument
) throws -> Result {
  if _isOnMainActorNow {
    return try unsafeBitCast(function, to: ((Argument) throws -> Result).self)(argument)
  }
  return try _callOnMainQueueThrowing(function, argument)
}

/// Calls the throwing `function` with `argument` synchronously on the main queue, from another
/// thread.
@usableFromInline
@inline(never)
package func _callOnMainQueueThrowing<Argument: Sendable, Result: Sendable>(
  _ function: @escaping @MainActor (Argument) throws -> Result, _ argument: Argument
) throws -> Result {
  try _onMainQueue { Swift.Result { try function(argument) } }.get()
}

/// Calls the throwing `function` with two arguments on the main actor and returns its result.
#if DEBUG
  @inlinable
#else
  @_alwaysEmitIntoClient
#endif
@inline(__always)
package func _callOnMainActorThrowing<First: Sendable, Second: Sendable, Result: Sendable>(
  _ function: @escaping @MainActor (First, Second) throws -> Result, _ first: First,
  _ second: Second
) throws -> Result {
  if _isOnMainActorNow {
    return try unsafeBitCast(function, to: ((First, Second) throws -> Result).self)(first, second)
  }
  return try _callOnMainQueueThrowing(function, first, second)
}

/// Calls the throwing `function` with two arguments synchronously on the main queue, from
/// another thread.
@usableFromInline
@inline(never)
package func _callOnMainQueueThrowing<First: Sendable, Second: Sendable, Result: Sendable>(
  _ function: @escaping @MainActor (First, Second) throws -> Result, _ first: First,
  _ second: Second
) throws -> Result {
  try _onMainQueue { Swift.Result { try function(first, second) } }.get()
}

/// The throwing `function` as a nonisolated function.
///
/// Cast once when an operator is applied and called directly, per element, when
/// ``_isOnMainActorNow`` is true. A global-actor-isolated function type has the same
/// representation as its nonisolated counterpart, so the cast changes only what the compiler
/// checks, and the check is made at each call.
#if DEBUG
  @inlinable
#else
  @_alwaysEmitIntoClient
#endif
@inline(__always)
package func _nonisolatedThrowing<Argument, Result>(
  _ function: @escaping @MainActor (Argument) throws -> Result
) -> @Sendable (Argument) throws -> Result {
  unsafeBitCast(function, to: (@Sendable (Argument) throws -> Result).self)
}

/// The throwing `function` of two arguments as a nonisolated function; see
/// ``_nonisolatedThrowing(_:)``.
#if DEBUG
  @inlinable
#else
  @_alwaysEmitIntoClient
#endif
@inline(__always)
package func _nonisolatedThrowing<First, Second, Result>(
  _ function: @escaping @MainActor (First, Second) throws -> Result
) -> @Sendable (First, Second) throws -> Result {
  unsafeBitCast(function, to: (@Sendable (First, Second) throws -> Result).self)
}
