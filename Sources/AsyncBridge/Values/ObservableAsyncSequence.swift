import ObservableCore

/// An `AsyncSequence` of an Observable's elements: the bridge's fastest path from Rx to
/// `for try await`.
///
/// Get one from ``ObservableCore/ObservableConvertibleType/asyncElements`` or
/// ``ObservableCore/ObservableConvertibleType/asyncElements(bufferingPolicy:onCancellation:dropCounter:)``.
/// It delivers what ``ObservableCore/ObservableConvertibleType/values`` delivers, without the
/// indirection of `AsyncThrowingStream`, and it lets you choose how a cancelled loop ends:
///
/// ```swift
/// for try await line in log.asyncElements(onCancellation: .finish) {
///   await store(line)
/// }
/// ```
///
/// Each iteration subscribes once, when it first calls `next()`, and elements that arrive while
/// the loop is busy wait in a buffer chosen by ``AsyncBufferingPolicy``. With the default
/// unbounded policy the iterator takes the whole buffer under one lock and then returns
/// elements from it without locking, which is what makes this path fast. A loop that always
/// finds elements waiting never suspends on its own, so after about a millisecond of that
/// `next()` awaits `Task.yield()` once: a loop on the main actor shares it with the app's other
/// work under any load (see <doc:Buffering>).
///
/// The sequence is `Sendable` and may be iterated any number of times, each time with its own
/// subscription. One iterator belongs to one task.
///
/// **Cancellation:** the subscription is disposed, so the upstream's dispose action runs, when
/// the iterating task is cancelled while it waits in `next()` (at once) or before it next calls
/// `next()` (at that call, even with elements still buffered), and when the iterator is released
/// because the loop ended early through `break`, `return` or a thrown error. After cancellation
/// `next()` throws `CancellationError` (the default) or returns `nil`, as
/// ``AsyncCancellationBehavior`` chose, and buffered elements are dropped. A task cancelled
/// before its first `next()` never subscribes. See <doc:CancellationModel>.
public struct ObservableAsyncSequence<Element: Sendable>: AsyncSequence, Sendable {
  /// The error type of the sequence: whatever the Observable fails with.
  public typealias Failure = any Swift.Error

  @usableFromInline
  internal let source: Observable<Element>
  @usableFromInline
  internal let limit: _BufferLimit
  @usableFromInline
  internal let cancellation: AsyncCancellationBehavior
  @usableFromInline
  internal let dropCounter: DropCounter?

  @inlinable
  internal init(
    source: Observable<Element>, policy: AsyncBufferingPolicy,
    cancellation: AsyncCancellationBehavior, dropCounter: DropCounter?
  ) {
    self.source = source
    self.limit = _BufferLimit(policy)
    self.cancellation = cancellation
    self.dropCounter = dropCounter
  }

  @inlinable
  internal init(
    source: Observable<Element>, limit: _BufferLimit,
    cancellation: AsyncCancellationBehavior, dropCounter: DropCounter?
  ) {
    self.source = source
    self.limit = limit
    self.cancellation = cancellation
    self.dropCounter = dropCounter
  }

  /// Creates an iterator.
  ///
  /// Nothing is subscribed until its first `next()`.
  ///
  /// - Returns: A new iterator with its own buffer.
  @inlinable
  public func makeAsyncIterator() -> Iterator {
    Iterator(
      storage: _AsyncBufferStorage(source: source, limit: limit, dropCounter: dropCounter),
      cancellation: cancellation)
  }

  /// The iterator of an ``ObservableAsyncSequence``.
  ///
  /// It is not `Sendable`: use it from one task. Releasing it (its last copy) disposes its
  /// subscription. Copies of an iterator share its position, whatever the buffering policy:
  /// each element is returned by exactly one of them, and once one of them has returned the
  /// end, the others return `nil` too.
  public struct Iterator: AsyncIteratorProtocol {
    /// The error type of the iterator: whatever the Observable fails with.
    public typealias Failure = any Swift.Error

    @usableFromInline
    internal let storage: _AsyncBufferStorage<Element>
    /// The position in the batch, shared by every copy of this iterator.
    @usableFromInline
    internal var shared: _IteratorPosition<Element>
    @usableFromInline
    internal let cancellation: AsyncCancellationBehavior
    /// The batch taken from the buffer (unbounded policy), read from `shared.index` on while
    /// `generation` is `shared.generation`.
    @usableFromInline
    internal var batch = ContiguousArray<Element>()
    @usableFromInline
    internal var generation = 0
    @usableFromInline
    internal var subscribed = false
    @usableFromInline
    internal var done = false
    /// Counts the elements returned since the task last suspended.
    @usableFromInline
    internal var slice = _FairSlice()

    @inlinable
    internal init(storage: _AsyncBufferStorage<Element>, cancellation: AsyncCancellationBehavior) {
      self.storage = storage
      self.shared = _IteratorPosition(storage)
      self.cancellation = cancellation
    }

    /// Returns the next element, or `nil` when the Observable has completed.
    ///
    /// The first call subscribes to the Observable.
    ///
    /// **Cancellation:** if the task is cancelled, the subscription is disposed and this
    /// returns `nil` or throws `CancellationError`, as the sequence's
    /// ``AsyncCancellationBehavior`` says.
    ///
    /// - Returns: The next element, or `nil` at the end.
    /// - Throws: The Observable's error, unchanged; ``AsyncBridgeError/bufferOverflow(limit:)``
    ///   with a failing buffer; `RxError.argumentOutOfRange` for a negative buffer limit;
    ///   `CancellationError` on cancellation if chosen.
    @inlinable
    public mutating func next() async throws -> Element? {
      try await next(isolation: nil)
    }

    /// Returns the next element without leaving the caller's actor.
    ///
    /// **Cancellation:** as ``next()``.
    ///
    /// - Parameter actor: The caller's actor, on which the iterator runs.
    /// - Returns: The next element, or `nil` at the end.
    /// - Throws: As ``next()``.
    @inlinable
    public mutating func next(isolation actor: isolated (any Actor)?) async throws -> Element? {
      // Elements that keep arriving would let the loop return them forever without
      // suspending, holding the caller's actor (the main actor, in an app) for the whole burst.
      // When a slice of about a millisecond is used up, `slowNext` yields once, so that other
      // jobs run.
      let index = shared.index
      if index < batch.count, shared.generation == generation, !Task.isCancelled,
        !slice.delivered()
      {
        shared.index = index &+ 1
        return batch[index]
      }
      return try await slowNext(isolation: actor)
    }

    @inlinable
    internal mutating func slowNext(isolation actor: isolated (any Actor)?) async throws
      -> Element?
    {
      if shared.generation != generation {
        // A copy of this iterator took a newer batch and left it in `shared`.
        batch = shared.published
        generation = shared.generation
      }
      if shared.index < batch.count, !Task.isCancelled {
        // The slice is used up, or this copy has just caught up with the others.
        await Task.yield()
        if shared.generation == generation, shared.index < batch.count {
          let index = shared.index
          shared.index = index &+ 1
          return batch[index]
        }
        return try await next(isolation: actor)
      }
      if !batch.isEmpty {
        // Done with this batch: a copy still holding it must not read it again.
        shared.generation &+= 1
        generation = shared.generation
        shared.index = 0
        if !shared.published.isEmpty { shared.published = [] }
        batch.removeAll(keepingCapacity: true)
      }
      if done { return nil }
      if Task.isCancelled {
        storage.cancel()
        return try cancelled()
      }
      let storage = self.storage
      if !subscribed {
        subscribed = true
        await withTaskCancellationHandler {
          storage.subscribeIfNeeded()
        } onCancel: {
          storage.cancel()
        }
      }
      while true {
        switch storage.take(into: &batch) {
        case .batch:
          tookBatch()
          return try await next(isolation: actor)
        case .element(let element):
          if slice.delivered() { await Task.yield() }
          return element
        case .finished:
          done = true
          return nil
        case .failed(let error):
          done = true
          throw error
        case .cancelled:
          return try cancelled()
        case .wait:
          let wake = await withTaskCancellationHandler {
            await storage.wait()
          } onCancel: {
            storage.cancel()
          }
          slice.restart()
          switch wake {
          case .element(let element): return element
          case .retry: continue
          case .finished:
            done = true
            return nil
          case .failed(let error):
            done = true
            throw error
          case .cancelled:
            return try cancelled()
          }
        }
      }
    }

    /// Makes the batch just taken the current one for every copy of this iterator.
    @inlinable
    internal mutating func tookBatch() {
      shared.generation &+= 1
      generation = shared.generation
      shared.index = 0
      if isKnownUniquelyReferenced(&shared) {
        // No copy to tell; drop a batch left for copies that are gone.
        if !shared.published.isEmpty { shared.published = [] }
      } else {
        shared.published = batch
      }
    }

    @inlinable
    internal mutating func cancelled() throws -> Element? {
      done = true
      switch cancellation {
      case .finish: return nil
      case .throwCancellationError: throw CancellationError()
      }
    }
  }
}

extension ObservableConvertibleType {
  /// The elements of this sequence as an ``ObservableAsyncSequence``, with an unbounded buffer.
  ///
  /// ```swift
  /// for try await value in Observable.range(start: 0, count: 3).asyncElements {
  ///   print(value)   // 0, 1, 2
  /// }
  /// ```
  ///
  /// This is the fast path from Rx to async. Use ``values`` where an `AsyncThrowingStream` is
  /// wanted.
  ///
  /// **Cancellation:** the subscription is disposed when the task is cancelled or the loop is
  /// left early. A cancelled loop throws `CancellationError`
  /// (``AsyncCancellationBehavior/throwCancellationError``), as ``values`` does, so switching
  /// between the two never turns a cancellation into what looks like a completion.
  public var asyncElements: ObservableAsyncSequence<Element> {
    ObservableAsyncSequence(
      source: asObservable(), limit: .unbounded, cancellation: .throwCancellationError,
      dropCounter: nil)
  }

  /// The elements of this sequence as an ``ObservableAsyncSequence`` with the given buffer and
  /// cancellation behavior.
  ///
  /// ```swift
  /// for try await frame in camera.frames.asyncElements(
  ///   bufferingPolicy: .bufferingNewest(1), onCancellation: .finish)
  /// {
  ///   await encoder.encode(frame)
  /// }
  /// // reached on completion and on cancellation alike
  /// ```
  ///
  /// **Cancellation:** the subscription is disposed when the task is cancelled or the loop is
  /// left early; `onCancellation` chooses whether the loop then throws `CancellationError` (the
  /// default, as ``values`` does) or ends quietly as Swift's `AsyncStream` does.
  ///
  /// - Parameters:
  ///   - bufferingPolicy: How elements that arrive while the loop is busy are kept.
  ///     A negative limit makes iteration fail with `RxError.argumentOutOfRange`.
  ///   - onCancellation: What the loop sees when its task is cancelled. The default,
  ///     ``AsyncCancellationBehavior/throwCancellationError``, keeps code after the loop from
  ///     mistaking cancellation for completion.
  ///   - dropCounter: Counts the elements a bounded buffer drops.
  /// - Returns: An async sequence that subscribes when iteration starts.
  @inlinable
  public func asyncElements(
    bufferingPolicy: AsyncBufferingPolicy = .unbounded,
    onCancellation: AsyncCancellationBehavior = .throwCancellationError,
    dropCounter: DropCounter? = nil
  ) -> ObservableAsyncSequence<Element> {
    ObservableAsyncSequence(
      source: asObservable(), policy: bufferingPolicy, cancellation: onCancellation,
      dropCounter: dropCounter)
  }
}
