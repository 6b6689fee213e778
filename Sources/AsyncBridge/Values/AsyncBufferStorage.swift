import ObservableCore

/// What a waiting consumer is resumed with.
///
/// Not public API.
@usableFromInline
internal enum _Wake<Element: Sendable>: Sendable {
  case element(Element)
  case retry
  case finished
  case failed(any Swift.Error)
  case cancelled
}

/// What the consumer found in the buffer.
///
/// Not public API.
@usableFromInline
internal enum _Take<Element: Sendable> {
  case batch
  case element(Element)
  case finished
  case failed(any Swift.Error)
  case cancelled
  case wait
}

/// How the upstream ended, once it has.
///
/// Not public API.
@usableFromInline
internal enum _Ending: Sendable {
  case completed
  case failed(any Swift.Error)
}

/// The buffer between one Rx subscription and one async consumer.
///
/// Not public API.
///
/// The Observable side calls ``on(_:)``; the consumer calls ``subscribeIfNeeded()``,
/// ``take(into:)`` and ``wait(isolation:)``; anyone may call ``cancel()``. All state lives in
/// one `Mutex`; every continuation resume, `dispose()` and element release happens after the
/// lock is released.
///
/// With the unbounded policy the consumer takes the whole buffer at once (swapping arrays, so
/// both sides keep their capacity) and then reads it without locking. Bounded policies hand out
/// one element per lock, so the limit counts exactly the elements not yet returned by `next()`.
@usableFromInline
internal final class _AsyncBufferStorage<Element: Sendable>: Sendable {
  @usableFromInline
  internal struct State {
    @usableFromInline var subscribed = false
    @usableFromInline var cancelled = false
    @usableFromInline var ending: _Ending?
    @usableFromInline var lifetime: _Lifetime?
    @usableFromInline var waiter: UnsafeContinuation<_Wake<Element>, Never>?
    @usableFromInline var items = ContiguousArray<Element>()
    @usableFromInline var ring = _Queue<Element>()

    @inlinable
    init() {}
  }

  @usableFromInline
  internal let state = _Mutex(State())
  @usableFromInline
  internal let source: Observable<Element>
  @usableFromInline
  internal let limit: _BufferLimit
  @usableFromInline
  internal let dropCounter: DropCounter?
  @usableFromInline
  internal let resource: _ResourceToken

  @inlinable
  internal init(source: Observable<Element>, limit: _BufferLimit, dropCounter: DropCounter?) {
    self.source = source
    self.limit = limit
    self.dropCounter = dropCounter
    resource = _ResourceToken()
  }

  // MARK: Observable side

  @usableFromInline
  internal enum NextAction {
    case none
    case resume(UnsafeContinuation<_Wake<Element>, Never>, Element)
    case release(Element)
    case overflow(_Lifetime?)
  }

  @inlinable
  internal func on(_ event: Event<Element>) {
    switch event {
    case .next(let element):
      let action = state.withLock { state -> NextAction in
        guard !state.cancelled, state.ending == nil else { return .none }
        if let waiter = state.waiter {
          state.waiter = nil
          return .resume(waiter, element)
        }
        switch limit {
        case .unbounded:
          state.items.append(element)
        case .oldest(let limit):
          guard state.ring.count < limit else {
            dropCounter?.increment()
            return .none
          }
          state.ring.append(element)
        case .newest(let limit):
          guard limit > 0 else {
            dropCounter?.increment()
            return .none
          }
          let evicted = state.ring.count >= limit ? state.ring.popFirst() : nil
          state.ring.append(element)
          if let evicted {
            dropCounter?.increment()
            return .release(evicted)
          }
        case .failing(let limit):
          guard state.ring.count < limit else {
            state.ending = .failed(AsyncBridgeError.bufferOverflow(limit: limit))
            defer { state.lifetime = nil }
            return .overflow(state.lifetime)
          }
          state.ring.append(element)
        case .invalid:
          return .none
        }
        return .none
      }
      switch action {
      case .none, .release: break
      case .resume(let waiter, let element): waiter.resume(returning: .element(element))
      case .overflow(let lifetime): lifetime?.dispose()
      }
    case .error(let error):
      terminate(.failed(error))
    case .completed:
      terminate(.completed)
    }
  }

  @inlinable
  internal func terminate(_ ending: _Ending) {
    let taken = state.withLock {
      state -> (_Lifetime?, UnsafeContinuation<_Wake<Element>, Never>?)? in
      guard !state.cancelled, state.ending == nil else { return nil }
      state.ending = ending
      defer {
        state.lifetime = nil
        state.waiter = nil
      }
      return (state.lifetime, state.waiter)
    }
    guard let (lifetime, waiter) = taken else { return }
    lifetime?.dispose()
    switch ending {
    case .completed: waiter?.resume(returning: .finished)
    case .failed(let error): waiter?.resume(returning: .failed(error))
    }
  }

  // MARK: Consumer side

  /// Subscribes to the source, unless this storage already subscribed or was cancelled.
  @inlinable
  internal func subscribeIfNeeded() {
    let lifetime = _Lifetime()
    let proceed = state.withLock { state -> Bool in
      guard !state.subscribed, !state.cancelled else { return false }
      state.subscribed = true
      guard case .invalid = limit else {
        state.lifetime = lifetime
        return true
      }
      state.ending = .failed(RxError.argumentOutOfRange)
      return false
    }
    guard proceed else { return }
    source._subscribe(AnyObserver { event in self.on(event) }, lifetime)
  }

  /// Takes what the consumer should return next.
  ///
  /// - Parameter batch: An empty array. With the unbounded policy it receives every buffered
  ///   element when the result is ``_Take/batch``.
  /// - Returns: What `next()` should do.
  @inlinable
  internal func take(into batch: inout ContiguousArray<Element>) -> _Take<Element> {
    state.withLock { state -> _Take<Element> in
      if state.cancelled { return .cancelled }
      if case .unbounded = limit {
        if !state.items.isEmpty {
          swap(&state.items, &batch)
          return .batch
        }
      } else if let element = state.ring.popFirst() {
        return .element(element)
      }
      switch state.ending {
      case nil: return .wait
      case .completed: return .finished
      case .failed(let error):
        state.ending = .completed
        return .failed(error)
      }
    }
  }

  /// Suspends until an element, the end of the sequence or cancellation arrives.
  ///
  /// - Returns: The element or outcome; ``_Wake/retry`` if something arrived between the
  ///   caller's ``take(into:)`` and the suspension.
  @inlinable
  internal func wait(isolation: isolated (any Actor)? = #isolation) async -> _Wake<Element> {
    await withUnsafeContinuation { (continuation: UnsafeContinuation<_Wake<Element>, Never>) in
      let immediate = state.withLock { state -> _Wake<Element>? in
        if state.cancelled { return .cancelled }
        if !state.items.isEmpty || !state.ring.isEmpty || state.ending != nil { return .retry }
        state.waiter = continuation
        return nil
      }
      if let immediate { continuation.resume(returning: immediate) }
    }
  }

  /// Whether a consumer is suspended waiting.
  ///
  /// For tests.
  internal var hasWaiter: Bool {
    state.withLock { $0.waiter != nil }
  }

  /// Disposes the subscription, drops the buffer and wakes a waiting consumer.
  ///
  /// Idempotent.
  @inlinable
  internal func cancel() {
    let taken = state.withLock {
      state -> (
        _Lifetime?, UnsafeContinuation<_Wake<Element>, Never>?, ContiguousArray<Element>,
        _Queue<Element>
      )? in
      guard !state.cancelled else { return nil }
      state.cancelled = true
      var items = ContiguousArray<Element>()
      swap(&items, &state.items)
      var ring = _Queue<Element>()
      swap(&ring, &state.ring)
      defer {
        state.lifetime = nil
        state.waiter = nil
      }
      return (state.lifetime, state.waiter, items, ring)
    }
    guard let (lifetime, waiter, items, ring) = taken else { return }
    lifetime?.dispose()
    waiter?.resume(returning: .cancelled)
    _ = (items, ring)
  }
}

/// The position of an iterator in the batch it took from its buffer, shared by every copy of
/// the iterator; cancels the buffer when the last copy is released.
///
/// Not public API.
///
/// With the unbounded policy the iterator takes the whole buffer at once and returns elements
/// from its own copy of the batch, which is what keeps the per-element path fast. Copies of an
/// iterator copy that batch too; keeping the position here, not in the iterator, makes them
/// share it, so each element is returned once, as with the bounded policies (one element per
/// lock, from the buffer). `generation` counts the batches taken: a copy whose batch is older
/// takes the current one from `published`, which holds it only while copies exist. An
/// iterator is not `Sendable`, so its copies are used from one task, and the fields need no
/// lock; `@exclusivity(unchecked)` keeps the per-element path free of dynamic exclusivity
/// checks.
@usableFromInline
internal final class _IteratorPosition<Element: Sendable> {
  @usableFromInline
  internal let storage: _AsyncBufferStorage<Element>
  /// The next element of the current batch to return.
  @exclusivity(unchecked) @usableFromInline
  internal var index = 0
  /// The number of batches taken so far.
  @exclusivity(unchecked) @usableFromInline
  internal var generation = 0
  /// The current batch, for copies of the iterator that took an older one; empty while the
  /// iterator has no copies.
  @exclusivity(unchecked) @usableFromInline
  internal var published = ContiguousArray<Element>()

  @inlinable
  internal init(_ storage: _AsyncBufferStorage<Element>) {
    self.storage = storage
  }

  deinit {
    storage.cancel()
  }
}
