import ObservableCore
import Synchronization

/// How an Observable-to-async bridge buffers elements that arrive before the consumer asks for
/// them.
///
/// An Observable pushes; an `AsyncSequence` pulls. Elements that the Observable sends while the
/// consuming loop is busy wait in a buffer. This policy says how large that buffer may grow and
/// what happens when it is full.
///
/// ```swift
/// for try await price in prices.values(bufferingPolicy: .bufferingNewest(1)) {
///   await render(price)   // always the latest price; stale ones are dropped
/// }
/// ```
///
/// An element is handed straight to a consumer that is already waiting, so even a zero-sized
/// buffer delivers everything to a consumer that keeps up.
///
/// See <doc:Buffering> for how to choose.
public enum AsyncBufferingPolicy: Sendable, Hashable {
  /// Buffers every element. Memory grows while the producer outpaces the consumer.
  case unbounded
  /// Keeps at most the given number of elements, the oldest ones; drops each new element that
  /// arrives while the buffer is full.
  case bufferingOldest(Int)
  /// Keeps at most the given number of elements, the newest ones; drops the oldest buffered
  /// element to make room for each new one.
  case bufferingNewest(Int)
  /// Keeps at most the given number of elements; an element that arrives while the buffer is
  /// full fails the sequence with ``AsyncBridgeError/bufferOverflow(limit:)`` and disposes the
  /// subscription. The elements already buffered are delivered before the error.
  case failingOnOverflow(Int)
}

/// What a consumer sees when its task is cancelled while it iterates an Observable.
///
/// Either way the Rx subscription is disposed; this only chooses how the loop ends.
///
/// See <doc:CancellationModel>.
public enum AsyncCancellationBehavior: Sendable, Hashable {
  /// The loop ends quietly: `next()` returns `nil`, as if the sequence had completed. This is
  /// what Swift's `AsyncStream` and an `Infallible`'s `values` do.
  case finish
  /// `next()` throws `CancellationError`, so the code after the loop does not mistake
  /// cancellation for completion. This is what an Observable's `values` does, as in RxSwift,
  /// and the default of `asyncElements`.
  case throwCancellationError
}

/// Errors that the async bridge itself produces.
public enum AsyncBridgeError: Swift.Error, Equatable, Sendable, CustomStringConvertible {
  /// A buffer with the ``AsyncBufferingPolicy/failingOnOverflow(_:)`` policy was full when
  /// another element arrived. `limit` is the buffer's capacity.
  case bufferOverflow(limit: Int)
  /// Two tasks iterated one Observable-backed stream at the same time. Such a stream has one
  /// consumer; read `values` once per loop instead.
  ///
  /// No API of the bridge throws this error any more; it stays for code that matches on it. An
  /// `Infallible`'s `values` stream serves a second task in turn instead, as Swift's own
  /// `AsyncStream` does, and an Observable's `values` is an `AsyncThrowingStream` fed by a
  /// continuation, like RxSwift's, for which a second consumer is a programming error that
  /// Swift's runtime stops the program for. See "One loop per stream" in the Buffering article.
  case concurrentIteration

  /// A human-readable description of the error.
  public var description: String {
    switch self {
    case .bufferOverflow(let limit):
      return "The bridge's buffer of \(limit) element(s) overflowed."
    case .concurrentIteration:
      return "Two tasks iterated the same Observable-backed stream at once."
    }
  }
}

/// Counts the elements that a bounded bridge buffer dropped.
///
/// Pass one to `values(bufferingPolicy:dropCounter:)` or
/// `asyncElements(bufferingPolicy:onCancellation:dropCounter:)` and read ``count`` at any time,
/// from any thread. One counter may be shared by several sequences; it then counts their drops
/// together.
///
/// ```swift
/// let dropped = DropCounter()
/// let latest = frames.values(bufferingPolicy: .bufferingNewest(2), dropCounter: dropped)
/// for try await frame in latest {
///   await encode(frame)
/// }
/// print("skipped \(dropped.count) frame(s)")
/// ```
public final class DropCounter: Sendable {
  @usableFromInline
  internal let dropped = _Atomic<Int>(0)

  /// Creates a counter at zero.
  public init() {}

  /// The number of elements dropped so far.
  public var count: Int {
    dropped.load(ordering: .relaxed)
  }

  @inlinable
  internal func increment() {
    dropped.add(1, ordering: .relaxed)
  }
}

/// The buffer limit, validated.
///
/// Not public API.
@usableFromInline
internal enum _BufferLimit: Sendable {
  case unbounded
  case oldest(Int)
  case newest(Int)
  case failing(Int)
  case invalid

  @inlinable
  init(_ policy: AsyncBufferingPolicy) {
    switch policy {
    case .unbounded: self = .unbounded
    case .bufferingOldest(let limit): self = limit >= 0 ? .oldest(limit) : .invalid
    case .bufferingNewest(let limit): self = limit >= 0 ? .newest(limit) : .invalid
    case .failingOnOverflow(let limit): self = limit >= 0 ? .failing(limit) : .invalid
    }
  }

  @inlinable
  init<Element>(_ policy: AsyncStream<Element>.Continuation.BufferingPolicy) {
    switch policy {
    case .unbounded: self = .unbounded
    case .bufferingOldest(let limit): self = .oldest(Swift.max(0, limit))
    case .bufferingNewest(let limit): self = .newest(Swift.max(0, limit))
    @unknown default: self = .unbounded
    }
  }
}
