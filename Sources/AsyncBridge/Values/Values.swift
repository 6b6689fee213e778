import ObservableCore
import Synchronization

extension ObservableConvertibleType {
  /// The elements of this sequence as an `AsyncThrowingStream`, with an unbounded buffer.
  ///
  /// ```swift
  /// for try await message in chat.messages.values {
  ///   show(message)
  /// }
  /// ```
  ///
  /// Reading `values` does not subscribe: the stream subscribes when its loop first asks for an
  /// element, once per stream. The Observable's error reaches the loop unchanged; completion
  /// ends it.
  ///
  /// **Cancellation:** the subscription is disposed, so the upstream's dispose action runs,
  /// when the iterating task is cancelled or the loop is left through `break`, `return` or a
  /// thrown error. The loop then ends quietly, as every `AsyncThrowingStream` does; use
  /// ``asyncElements(bufferingPolicy:onCancellation:dropCounter:)`` to throw
  /// `CancellationError` instead. See <doc:CancellationModel>.
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
  /// the loop is left early, and the loop ends quietly.
  ///
  /// - Parameters:
  ///   - bufferingPolicy: How elements that arrive while the loop is busy are kept; see the
  ///     Buffering article. A negative limit makes iteration fail with
  ///     `RxError.argumentOutOfRange`.
  ///   - dropCounter: Counts the elements a bounded buffer drops.
  /// - Returns: A stream that subscribes when iteration starts. It has one consumer: a second
  ///   task iterating it at the same time gets ``AsyncBridgeError/concurrentIteration``.
  @inlinable
  public func values(
    bufferingPolicy: AsyncBufferingPolicy, dropCounter: DropCounter? = nil
  ) -> AsyncThrowingStream<Element, any Swift.Error> {
    let box = _IteratorBox(
      asyncElements(
        bufferingPolicy: bufferingPolicy, onCancellation: .finish, dropCounter: dropCounter
      )
      .makeAsyncIterator())
    return AsyncThrowingStream(unfolding: { try await box.next() })
  }
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
  /// The stream subscribes when its loop first asks for an element.
  ///
  /// **Cancellation:** the subscription is disposed when the iterating task is cancelled or the
  /// loop is left early; the loop then ends quietly. See <doc:CancellationModel>.
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

/// Holds the one iterator behind a `values` stream.
///
/// Not public API.
///
/// Swift's unfolding streams call their closure from whichever task iterates, so two tasks
/// iterating one stream would call it at once. The `busy` flag turns that into an error
/// instead of a data race. Releasing the box (when the stream and its iterator are released)
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
  internal let busy = Atomic<Bool>(false)

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
