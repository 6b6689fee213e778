extension Observable {
  /// Returns a sequence that emits states, from `initialState`, for as long as `condition`
  /// holds, computing each next state with `iterate`, each step as separate scheduled work on
  /// `scheduler`.
  ///
  /// ```
  /// generate(initialState: 1, condition: { $0 < 10 }, iterate: { $0 * 3 })  -139|
  /// ```
  ///
  /// Like a `for` loop: the first step checks `condition` on `initialState`; each later step
  /// runs `iterate`, then checks `condition`, and emits the state or completes. Each step is
  /// scheduled only after the previous one, by recursive scheduling, so disposing the
  /// subscription stops the loop between two steps; with ``CurrentThreadScheduler`` the steps
  /// are trampolined and a long loop does not grow the stack.
  ///
  /// - Parameters:
  ///   - initialState: The first state.
  ///   - condition: Whether to emit a state; the sequence completes once it returns `false`.
  ///     If it throws, the sequence fails with that error.
  ///   - scheduler: The scheduler that runs the steps and delivers the events.
  ///   - iterate: Computes the next state from the current one. If it throws, the sequence
  ///     fails with that error.
  /// - Returns: A sequence of the generated states.
  @available(swift, introduced: 6)
  @_alwaysEmitIntoClient
  public static func generate(
    initialState: Element,
    condition: @escaping @Sendable (Element) throws -> Bool,
    scheduler: any ImmediateSchedulerType,
    iterate: @escaping @Sendable (Element) throws -> Element
  ) -> Observable<Element> {
    // The same steps as on a CurrentThreadScheduler, without queueing one per element.
    if scheduler is CurrentThreadScheduler {
      return generate(initialState: initialState, condition: condition, iterate: iterate)
    }
    return Observable(_run: { observer, lifetime in
      lifetime.add(
        scheduler.scheduleRecursive((state: initialState, isFirst: true)) { step, recurse in
          guard !lifetime.isDisposed else { return }
          var state = step.state
          do {
            if !step.isFirst { state = try iterate(state) }
            guard try condition(state) else {
              guard !lifetime.isDisposed else { return }
              observer.on(.completed)
              return
            }
          } catch {
            guard !lifetime.isDisposed else { return }
            observer.on(.error(error))
            return
          }
          guard !lifetime.isDisposed else { return }
          observer.on(.next(state))
          recurse((state: state, isFirst: false))
        })
    })
  }
}
