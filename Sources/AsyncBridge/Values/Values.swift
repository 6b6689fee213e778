import ObservableCore
import Synchronization

extension ObservableConvertibleType {
  /// The elements of this sequence as an `AsyncThrowingStream`, with an unbounded buffer.
  ///
  /// ```swift
  /// do {
  ///   for try await message in chat.messages.values {
  ///     show(message)
  ///   }
  ///   showEndOfChat()                // only when the Observable completed
  /// } catch is CancellationError {
  ///   // the task was cancelled; the subscription is already disposed
  /// }
  /// ```
  ///
  /// As in RxSwift, reading `values` subscribes, once per read: elements the Observable sends
  /// before the loop starts wait in the stream's buffer. The Observable's error reaches the loop
  /// unchanged; completion ends it.
  ///
  /// **Cancellation:** cancelling the iterating task disposes the subscription (the upstream's
  /// dispose action runs) at once if the loop is waiting, or when it next asks for an element.
  /// The loop then receives the elements already buffered and throws `CancellationError`, as
  /// RxSwift's does, so a cancelled loop never looks like a completed one. Leaving the loop
  /// through `break`, `return` or a thrown error disposes the subscription too. A stream that
  /// is never iterated keeps its subscription until it is released. See <doc:CancellationModel>.
  public var values: AsyncThrowingStream<Element, any Swift.Error> {
    values(bufferingPolicy: .unbounded)
  }

  /// The elements of this sequence as an `AsyncThrowingStream` with the given buffer.
  ///
  /// ```swift
  /// let dropped = DropCounter()
  /// let readings = sensor.values(bufferingPolicy: .bufferingNewest(1), dropCounter: dropped)
  /// for try await reading in readings {
  ///   await display(reading)
  /// }
  /// ```
  ///
  /// See <doc:Buffering> for how to choose a policy.
  ///
  /// **Cancellation:** as ``values``: the subscription is disposed when the task is cancelled or
  /// the loop is left early, and a cancelled loop throws `CancellationError` after the elements
  /// already buffered.
  ///
  /// - Parameters:
  ///   - bufferingPolicy: How elements that arrive while the loop is busy are kept; see the
  ///     Buffering article. A negative limit makes iteration fail with
  ///     `RxError.argumentOutOfRange`, without subscribing.
  ///   - dropCounter: Counts the elements a bounded buffer drops.
  /// - Returns: A stream that has already subscribed. Like every `AsyncThrowingStream`, it has
  ///   one consumer: iterating it from two tasks at once is a programming error that Swift's
  ///   runtime stops the program for, rather than dropping elements. The Buffering article's
  ///   "One loop per stream" compares every `values` stream.
  @inlinable
  public func values(
    bufferingPolicy: AsyncBufferingPolicy, dropCounter: DropCounter? = nil
  ) -> AsyncThrowingStream<Element, any Swift.Error> {
    _valuesStream(
      of: asObservable(), limit: _BufferLimit(bufferingPolicy), dropCounter: dropCounter)
  }
}

/// Subscribes to `source` and returns a stream of its events.
///
/// Not public API.
///
/// The stream's buffer is Swift's own, with the bridge's policy mapped onto it: a failing
/// policy is an oldest-first buffer whose first drop fails the stream. Cancellation reaches the
/// stream's `onTermination` handler, which disposes the subscription before finishing the stream
/// with `CancellationError`; a stream that has already finished ignores it. The handler is
/// released when the stream finishes or is cancelled, which breaks its reference to the
/// continuation.
///
/// - Parameters:
///   - source: The sequence to subscribe to.
///   - limit: The validated buffer limit.
///   - dropCounter: Counts the elements a bounded buffer drops.
/// - Returns: The stream.
@inlinable
internal func _valuesStream<Element: Sendable>(
  of source: Observable<Element>, limit: _BufferLimit, dropCounter: DropCounter?
) -> AsyncThrowingStream<Element, any Swift.Error> {
  typealias Stream = AsyncThrowingStream<Element, any Swift.Error>
  let policy: Stream.Continuation.BufferingPolicy
  switch limit {
  case .unbounded: policy = .unbounded
  case .oldest(let limit), .failing(let limit): policy = .bufferingOldest(limit)
  case .newest(let limit): policy = .bufferingNewest(limit)
  case .invalid:
    let (stream, continuation) = Stream.makeStream()
    continuation.finish(throwing: RxError.argumentOutOfRange)
    return stream
  }
  let (stream, continuation) = Stream.makeStream(bufferingPolicy: policy)
  let lifetime = _Lifetime()
  continuation.onTermination = { termination in
    guard case .cancelled = termination else { return }
    lifetime.dispose()
    continuation.finish(throwing: CancellationError())
  }
  source._subscribe(
    AnyObserver { event in
      guard !lifetime.isDisposed else { return }
      switch event {
      case .next(let element):
        guard case .dropped = continuation.yield(element) else { return }
        if case .failing(let limit) = limit {
          lifetime.dispose()
          continuation.finish(throwing: AsyncBridgeError.bufferOverflow(limit: limit))
        } else {
          dropCounter?.increment()
        }
      case .error(let error):
        lifetime.dispose()
        continuation.finish(throwing: error)
      case .completed:
        lifetime.dispose()
        continuation.finish()
      }
    },
    lifetime)
  return stream
}

extension InfallibleType {
  /// The elements of this sequence as an `AsyncStream`, with an unbounded buffer.
  ///
  /// ```swift
  /// for await state in connectionState.values {
  ///   update(state)
  /// }
  /// ```
  ///
  /// The stream subscribes when its loop first asks for an element, not when `values` is read
  /// as an Observable's `values` does: an `Infallible` has no error to report cancellation with,
  /// so nothing is gained by subscribing early, and a stream read but never iterated costs
  /// nothing.
  ///
  /// **Cancellation:** the subscription is disposed when the iterating task is cancelled or the
  /// loop is left early; the loop then ends quietly, as RxSwift's does, and elements still
  /// buffered are dropped. See <doc:CancellationModel>.
  public var values: AsyncStream<Element> {
    values(bufferingPolicy: .unbounded)
  }

  /// The elements of this sequence as an `AsyncStream` with the given buffer.
  ///
  /// An `AsyncStream` cannot fail, so this takes Swift's own buffering policy, which has no
  /// failing variant; a negative limit counts as zero.
  ///
  /// The stream is meant for one loop. If several tasks iterate it at once, they take turns,
  /// each element going to exactly one of them, as with Swift's own `AsyncStream`, and no loop
  /// ends before the Infallible completes; see "One loop per stream" in <doc:Buffering>.
  ///
  /// **Cancellation:** as ``values``.
  ///
  /// - Parameters:
  ///   - bufferingPolicy: How elements that arrive while the loop is busy are kept.
  ///   - dropCounter: Counts the elements a bounded buffer drops.
  /// - Returns: A stream that subscribes when iteration starts.
  @inlinable
  public func values(
    bufferingPolicy: AsyncStream<Element>.Continuation.BufferingPolicy,
    dropCounter: DropCounter? = nil
  ) -> AsyncStream<Element> {
    let box = _IteratorBox(
      ObservableAsyncSequence(
        source: asObservable(), limit: _BufferLimit(bufferingPolicy), cancellation: .finish,
        dropCounter: dropCounter
      ).makeAsyncIterator())
    return AsyncStream(unfolding: { await box.next() }, onCancel: { box.streamCancelled() })
  }
}

/// Holds the one iterator behind an `Infallible`'s `values` stream, and serves the tasks that
/// iterate the stream one `next()` at a time.
///
/// Not public API.
///
/// Swift's unfolding streams call their closure from whichever task iterates, so two tasks
/// iterating one stream call it at once. Rather than end the stream (which an unfolding stream
/// does for every task as soon as one call returns `nil`), a second call waits for its turn:
/// calls are served in the order they came, each element goes to exactly one of them, and the
/// stream ends for all when the Infallible completes, as Swift's own `AsyncStream` behaves with
/// several consumers. A task cancelled while it waits stops waiting at once and, as Swift's
/// streams end for every consumer when one is cancelled, ends the iteration for all. Releasing the box
/// (when the stream and its iterators are released) releases the iterator, which disposes the
/// subscription.
@usableFromInline
internal final class _IteratorBox<Element: Sendable>:
  // SAFETY: `iterator` is read and written only by the task that holds the turn; `turns`
  // (under its lock) gives the turn to one task at a time and hands it on when that task is
  // done with the iterator, so no two tasks touch the iterator at once. `_TurnWaiter`'s fields
  // are guarded by the same lock.
  @unchecked Sendable
{
  @usableFromInline
  internal struct Turns {
    @usableFromInline var held = false
    @usableFromInline var waiters = _Queue<_TurnWaiter>()

    @inlinable
    init() {}
  }

  @usableFromInline
  internal var iterator: ObservableAsyncSequence<Element>.Iterator
  /// The iterator's buffer, which any task may cancel.
  @usableFromInline
  internal let storage: _AsyncBufferStorage<Element>
  @usableFromInline
  internal let turns = _Mutex(Turns())

  @inlinable
  internal init(_ iterator: ObservableAsyncSequence<Element>.Iterator) {
    self.iterator = iterator
    storage = iterator.storage
  }

  /// The next element, waiting for the turn if another task is inside `next()`.
  ///
  /// - Returns: The element, or `nil` at the end or when the calling task is cancelled.
  @inlinable
  internal func next() async -> Element? {
    let mine = turns.withLock { turns -> Bool in
      guard !turns.held else { return false }
      turns.held = true
      return true
    }
    if !mine {
      guard await waitForTurn() else { return nil }
      // Taking the lock once orders this task's use of the iterator after the previous
      // holder's, whose `passTurn()` released it: also when the turn came before this task
      // suspended, where the continuation itself gives ThreadSanitizer no edge.
      turns.withLock { _ in }
    }
    defer { passTurn() }
    return (try? await iterator.next(isolation: nil)) ?? nil
  }

  /// Waits until the turn is handed to this task.
  ///
  /// - Returns: `false` if the task was cancelled first.
  @usableFromInline
  internal func waitForTurn() async -> Bool {
    let waiter = _TurnWaiter()
    return await withTaskCancellationHandler {
      await withUnsafeContinuation { (continuation: UnsafeContinuation<Bool, Never>) in
        let now = turns.withLock { turns -> Bool? in
          if waiter.cancelled { return false }
          if !turns.held {
            turns.held = true
            return true
          }
          waiter.continuation = continuation
          turns.waiters.append(waiter)
          return nil
        }
        if let now { continuation.resume(returning: now) }
      }
    } onCancel: {
      let continuation = turns.withLock { _ -> UnsafeContinuation<Bool, Never>? in
        waiter.cancelled = true
        defer { waiter.continuation = nil }
        return waiter.continuation
      }
      continuation?.resume(returning: false)
    }
  }

  /// Ends the iteration for every task: the stream was cancelled.
  ///
  /// An unfolding stream ends for every task once one of them is cancelled in `next()`, even
  /// before the call reaches this box. Cancelling the buffer makes the task inside `next()`, and
  /// then each task waiting for its turn, return `nil` at once instead of after the next
  /// element, and disposes the subscription.
  @usableFromInline
  internal func streamCancelled() {
    storage.cancel()
  }

  /// Hands the turn to the longest-waiting task that still waits, or frees it.
  @usableFromInline
  internal func passTurn() {
    let next = turns.withLock { turns -> UnsafeContinuation<Bool, Never>? in
      while let waiter = turns.waiters.popFirst() {
        if let continuation = waiter.continuation {
          waiter.continuation = nil
          return continuation
        }
      }
      turns.held = false
      return nil
    }
    next?.resume(returning: true)
  }
}

/// A task waiting for its turn at an `Infallible`'s `values` stream.
///
/// Not public API.
@usableFromInline
internal final class _TurnWaiter:
  // SAFETY: both fields are read and written only under the lock of the `_IteratorBox` that
  // queued this waiter.
  @unchecked Sendable
{
  @usableFromInline var continuation: UnsafeContinuation<Bool, Never>?
  @usableFromInline var cancelled = false

  @usableFromInline
  init() {}
}
