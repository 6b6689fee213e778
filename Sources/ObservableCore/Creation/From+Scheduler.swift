extension Observable {
  /// Returns a sequence that emits `elements` in order and completes, each event as separate
  /// scheduled work on `scheduler`.
  ///
  /// ```
  /// of(1, 2, 3, scheduler: s):   -123|  (on a TestScheduler, each step takes a tick)
  /// ```
  ///
  /// With ``CurrentThreadScheduler`` the events are trampolined, so a long sequence never
  /// grows the stack.
  ///
  /// - Parameters:
  ///   - elements: The elements to emit.
  ///   - scheduler: The scheduler that delivers the events.
  /// - Returns: A sequence of `elements` delivered on `scheduler`.
  @_alwaysEmitIntoClient
  public static func of(_ elements: Element..., scheduler: any ImmediateSchedulerType)
    -> Observable<Element>
  {
    from(elements, scheduler: scheduler)
  }

  /// Returns a sequence that emits the elements of `array` in order and completes, each event
  /// as separate scheduled work on `scheduler`.
  ///
  /// ```
  /// from([1, 2, 3], scheduler: s):   -123|  (on a TestScheduler)
  /// ```
  ///
  /// - Parameters:
  ///   - array: The elements to emit.
  ///   - scheduler: The scheduler that delivers the events.
  /// - Returns: A sequence of the array's elements delivered on `scheduler`.
  @_alwaysEmitIntoClient
  public static func from(_ array: [Element], scheduler: any ImmediateSchedulerType)
    -> Observable<Element>
  {
    // The same steps as on a CurrentThreadScheduler, without queueing one per element.
    if scheduler is CurrentThreadScheduler { return from(array) }
    return Observable(_run: { observer, lifetime in
      lifetime.add(
        scheduler.scheduleRecursive(0) { index, recurse in
          guard !lifetime.isDisposed else { return }
          if index < array.count {
            observer.on(.next(array[index]))
            recurse(index + 1)
          } else {
            observer.on(.completed)
          }
        })
    })
  }

  /// Returns a sequence that emits the elements of `sequence` in order and completes, each
  /// event as separate scheduled work on `scheduler`.
  ///
  /// ```
  /// from(1...3, scheduler: s):   -123|  (on a TestScheduler)
  /// ```
  ///
  /// Each subscription iterates `sequence` anew, one element per scheduled step, and stops
  /// iterating when disposed, so an infinite sequence works with `take(_:)`.
  ///
  /// - Parameters:
  ///   - sequence: The elements to emit.
  ///   - scheduler: The scheduler that delivers the events.
  /// - Returns: A sequence of the elements of `sequence` delivered on `scheduler`.
  @_alwaysEmitIntoClient
  public static func from<S: Sequence & Sendable>(
    _ sequence: S, scheduler: any ImmediateSchedulerType
  ) -> Observable<Element> where S.Element == Element {
    // The same steps as on a CurrentThreadScheduler, without queueing one per element.
    if scheduler is CurrentThreadScheduler { return from(sequence) }
    return Observable(_run: { observer, lifetime in
      // Only the recursive steps touch the iterator, and each step schedules the next one as
      // its last action, so the steps never overlap.
      let iterator = _SinkState(sequence.makeIterator(), lifetime: lifetime)
      lifetime.add(
        scheduler.scheduleRecursive(()) { _, recurse in
          guard !lifetime.isDisposed else { return }
          if let element = iterator.value.next() {
            observer.on(.next(element))
            recurse(())
          } else {
            observer.on(.completed)
          }
        })
    })
  }
}
