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
  ///   runtime stops the program for.
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
  /// **Cancellation:** as ``values``.
  ///
  /// - Parameters:
  ///   - bufferingPolicy: How elements that arrive while the loop is busy are kept.
  ///   - dropCounter: Counts the elements a bounded buffer drops.
  /// - Returns: A stream that subscribes when iteration starts. It has one consumer: a second
  ///   task iterating it at the same time sees it end at once.
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
    return AsyncStream(unfolding: { (try? await box.next()) ?? nil })
  }
}

/// Holds the one iterator behind an `Infallible`'s `values` stream.
///
/// Not public API.
///
/// Swift's unfolding streams call their closure from whichever task iterates, so two tasks
/// iterating one stream would call it at once. The `busy` flag turns that into an error (which
/// the `AsyncStream` turns into its end) instead of a data race. Releasing the box (when the stream and its iterator are released)
/// releases the iterator, which disposes the subscription.
@usableFromInline
internal final class _IteratorBox<Element: Sendable>:
  // SAFETY: `iterator` is read and written only by the task that won the `busy` exchange, and
  // only until it stores `false` again, so no two tasks touch it at once.
  @unchecked Sendable
{
  @usableFromInline
  internal var iterator: ObservableAsyncSequence<Element>.Iterator
  @usableFromInline
  internal let busy = _Atomic<Bool>(false)

  @inlinable
  internal init(_ iterator: ObservableAsyncSequence<Element>.Iterator) {
    self.iterator = iterator
  }

  @inlinable
  internal func next() async throws -> Element? {
    guard busy.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged
    else {
      throw AsyncBridgeError.concurrentIteration
    }
    defer { busy.store(false, ordering: .releasing) }
    return try await iterator.next(isolation: nil)
  }
}
