/// What a combining operator holds for its sources between events: the latest element of each
/// source for `combineLatest`, a buffer per source for `zip`.
///
/// Not public API.
@usableFromInline
internal protocol _CombiningSlots: Sendable {
  /// One element per source.
  associatedtype Snapshot: Sendable

  /// Returns one element per source when every source has one to give, or `nil` (changing
  /// nothing) while some source has none. Buffers remove the elements they return; latest
  /// values keep them.
  mutating func takeSnapshot() -> Snapshot?

  /// Slots of the same arity that hold no elements.
  func emptied() -> Self
}

/// The pure logic shared by `combineLatest` and `zip`: which snapshots to deliver and when the
/// result terminates.
///
/// Not public API.
///
/// Both operators follow RxSwift:
/// - A snapshot is emitted whenever a source produces an element and every source has one to
///   give (``_CombiningSlots/takeSnapshot()`` decides what that means).
/// - The result fails as soon as any source fails, and completes when every source has
///   completed.
/// - With ``completesWhenUnmatched``, it also completes when a source produces an element that
///   can never be matched, because every other source has completed and one of them has
///   nothing to give. `combineLatest` (every form) and the collection form of `zip` do this;
///   the fixed-arity `zip(a, b)` does not.
///
/// Result selectors run in the storage, outside the lock, on the snapshots this machine hands
/// out; their delivery is serialized by the embedded ``_CombinedOutput``.
@usableFromInline
internal struct _CombiningStateMachine<Slots: _CombiningSlots>: _CombiningMachine {
  /// What the storage must do after releasing the lock.
  @usableFromInline
  internal typealias Action = _CombinedOutput<Slots.Snapshot>.Action

  /// What the state machine let go of, to be released after the lock.
  @usableFromInline
  internal struct Released {
    @usableFromInline let slots: Slots
    @usableFromInline let events: _Queue<Event<Slots.Snapshot>>

    #if DEBUG
      @inlinable
    #else
      @_alwaysEmitIntoClient
    #endif
    init(slots: Slots, events: _Queue<Event<Slots.Snapshot>>) {
      self.slots = slots
      self.events = events
    }
  }

  @usableFromInline internal var slots: Slots
  @usableFromInline internal var isDone: [Bool]
  @usableFromInline internal var doneCount = 0
  @usableFromInline internal let completesWhenUnmatched: Bool
  @usableFromInline internal var output = _CombinedOutput<Slots.Snapshot>()

  /// Creates the state machine for `arity` sources with empty `slots`.
  ///
  /// - Parameters:
  ///   - slots: The empty slots.
  ///   - arity: The number of sources, at least one.
  ///   - completesWhenUnmatched: Whether to complete as soon as an element can never be
  ///     matched, rather than only when every source has completed.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal init(slots: Slots, arity: Int, completesWhenUnmatched: Bool) {
    self.slots = slots
    self.isDone = Array(repeating: false, count: arity)
    self.completesWhenUnmatched = completesWhenUnmatched
  }

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal var arity: Int { isDone.count }

  /// Whether every source other than `index` has completed.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal func allOthersDone(_ index: Int) -> Bool {
    doneCount - (isDone[index] ? 1 : 0) == arity - 1
  }

  /// Source `index` produced an element, which `store` puts into the slots.
  ///
  /// - Parameters:
  ///   - index: The source.
  ///   - store: Puts the element into that source's slot; not called once finished.
  /// - Returns: A snapshot to deliver, completion, or nothing.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal mutating func sourceProducedElement(
    at index: Int, store: (inout Slots) -> Void
  ) -> Action {
    guard !output.isFinished else { return .none }
    store(&slots)
    if let snapshot = slots.takeSnapshot() { return output.produced(snapshot) }
    if completesWhenUnmatched, allOthersDone(index) { return output.completed() }
    return .none
  }

  /// Source `index` completed.
  ///
  /// - Parameter index: The source.
  /// - Returns: Completion once every source has completed, otherwise nothing.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal mutating func sourceCompleted(at index: Int) -> Action {
    guard !output.isFinished, !isDone[index] else { return .none }
    isDone[index] = true
    doneCount += 1
    return doneCount == arity ? output.completed() : .none
  }

  /// A source failed.
  ///
  /// - Parameter error: The error.
  /// - Returns: The error to deliver, or nothing once finished.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal mutating func sourceFailed(_ error: any Swift.Error) -> Action {
    output.sourceFailed(error)
  }

  /// The deliverer finished delivering an event.
  ///
  /// - Returns: The next event to deliver, or `.none` when the queue is empty.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal mutating func deliveryFinished() -> Action {
    output.deliveryFinished()
  }

  /// The result selector threw while the caller was delivering; the caller delivers the error.
  ///
  /// - Returns: What to release outside the lock.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal mutating func resultSelectorFailed() -> Released {
    release()
  }

  /// The subscription was disposed.
  ///
  /// - Returns: What to release outside the lock.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal mutating func disposed() -> Released {
    release()
  }

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal mutating func release() -> Released {
    let released = Released(slots: slots, events: output.stopped())
    slots = slots.emptied()
    return released
  }
}
