extension Infallible {
  /// Returns an `Infallible` that emits `elements` in order and completes.
  ///
  /// - Parameter elements: The elements.
  /// - Returns: An `Infallible` of the elements.
  @_alwaysEmitIntoClient
  public static func of(_ elements: Element...) -> Infallible<Element> {
    Infallible(raw: .from(elements))
  }

  /// Returns an `Infallible` that emits the elements of `array` in order and completes.
  ///
  /// - Parameter array: The elements.
  /// - Returns: An `Infallible` of the elements.
  @_alwaysEmitIntoClient
  public static func from(_ array: [Element]) -> Infallible<Element> {
    Infallible(raw: .from(array))
  }

  /// Returns an `Infallible` that emits the elements of `sequence` in order and completes.
  ///
  /// - Parameter sequence: The elements, iterated anew for each subscription.
  /// - Returns: An `Infallible` of the elements.
  @_alwaysEmitIntoClient
  public static func from<S: Sequence & Sendable>(_ sequence: S) -> Infallible<Element>
  where S.Element == Element {
    Infallible(raw: .from(sequence))
  }

  /// Returns an `Infallible` that emits `element` and then completes, each as scheduled work
  /// on `scheduler`.
  ///
  /// ```
  /// just(1, scheduler: s):   -1|  (on a TestScheduler, each step takes a tick)
  /// ```
  ///
  /// - Parameters:
  ///   - element: The only element.
  ///   - scheduler: The scheduler that delivers the element and the completion.
  /// - Returns: A one-element `Infallible` delivered on `scheduler`.
  @_alwaysEmitIntoClient
  public static func just(_ element: Element, scheduler: any ImmediateSchedulerType)
    -> Infallible<Element>
  {
    Infallible(raw: .just(element, scheduler: scheduler))
  }

  /// Returns an `Infallible` that emits `elements` in order and completes, each event as
  /// separate scheduled work on `scheduler`.
  ///
  /// ```
  /// of(1, 2, 3, scheduler: s):   -123|  (on a TestScheduler, each step takes a tick)
  /// ```
  ///
  /// - Parameters:
  ///   - elements: The elements.
  ///   - scheduler: The scheduler that delivers the events.
  /// - Returns: An `Infallible` of the elements, delivered on `scheduler`.
  @_alwaysEmitIntoClient
  public static func of(_ elements: Element..., scheduler: any ImmediateSchedulerType)
    -> Infallible<Element>
  {
    Infallible(raw: .from(elements, scheduler: scheduler))
  }

  /// Returns an `Infallible` that emits the elements of `array` in order and completes, each
  /// event as separate scheduled work on `scheduler`.
  ///
  /// ```
  /// from([1, 2, 3], scheduler: s):   -123|  (on a TestScheduler)
  /// ```
  ///
  /// - Parameters:
  ///   - array: The elements.
  ///   - scheduler: The scheduler that delivers the events.
  /// - Returns: An `Infallible` of the elements, delivered on `scheduler`.
  @_alwaysEmitIntoClient
  public static func from(_ array: [Element], scheduler: any ImmediateSchedulerType)
    -> Infallible<Element>
  {
    Infallible(raw: .from(array, scheduler: scheduler))
  }

  /// Returns an `Infallible` that emits the elements of `sequence` in order and completes,
  /// each event as separate scheduled work on `scheduler`.
  ///
  /// ```
  /// from(1...3, scheduler: s):   -123|  (on a TestScheduler)
  /// ```
  ///
  /// - Parameters:
  ///   - sequence: The elements, iterated anew for each subscription, one per scheduled step.
  ///   - scheduler: The scheduler that delivers the events.
  /// - Returns: An `Infallible` of the elements, delivered on `scheduler`.
  @_alwaysEmitIntoClient
  public static func from<S: Sequence & Sendable>(
    _ sequence: S, scheduler: any ImmediateSchedulerType
  ) -> Infallible<Element> where S.Element == Element {
    Infallible(raw: .from(sequence, scheduler: scheduler))
  }

  /// Returns an `Infallible` that calls `factory` for each subscription and subscribes to the
  /// sequence it returns.
  ///
  /// Unlike RxSwift, `factory` does not throw: an `Infallible` has no way to report the error.
  ///
  /// - Parameter factory: Builds the sequence for one subscription.
  /// - Returns: An `Infallible` that defers to `factory`.
  @available(swift, introduced: 6)
  @_alwaysEmitIntoClient
  public static func deferred(
    _ factory: @escaping @Sendable () -> Infallible<Element>
  ) -> Infallible<Element> {
    Infallible(raw: .deferred { factory().asObservable() })
  }
}
