extension Observable {
  /// Returns a sequence that emits states, from `initialState`, for as long as `condition`
  /// holds, computing each next state with `iterate`.
  ///
  /// ```swift
  /// Observable.generate(initialState: 1, condition: { $0 < 100 }, iterate: { $0 * 3 })
  /// // 1, 3, 9, 27, 81, completed
  /// ```
  ///
  /// Like a `for` loop: `condition` is checked before each element, and the sequence completes
  /// the first time it returns `false`. Elements are emitted on the current thread, taking turns
  /// with other synchronous sources as described for ``of(_:)`` (a turn runs `iterate`,
  /// `condition`, then emits), and the loop stops as soon as the subscription is disposed. To
  /// emit each element as scheduled work instead, use
  /// ``generate(initialState:condition:scheduler:iterate:)``.
  ///
  /// - Parameters:
  ///   - initialState: The first state.
  ///   - condition: Whether to emit a state; the sequence completes once it returns `false`.
  ///     If it throws, the sequence fails with that error.
  ///   - iterate: Computes the next state from the current one. If it throws, the sequence
  ///     fails with that error.
  /// - Returns: A sequence of the generated states.
  @available(swift, introduced: 6)
  @_alwaysEmitIntoClient
  public static func generate(
    initialState: Element,
    condition: @escaping @Sendable (Element) throws -> Bool,
    iterate: @escaping @Sendable (Element) throws -> Element
  ) -> Observable<Element> {
    Observable(_run: { observer, lifetime in
      _GenerateEmitter(
        observer: observer, lifetime: lifetime, state: initialState, condition: condition,
        iterate: iterate
      ).start()
    })
  }
}

/// The emission loop of ``Observable/generate(initialState:condition:iterate:)``.
///
/// Not public API.
@usableFromInline
internal struct _GenerateEmitter<Element: Sendable>: _TrampolinedSource {
  @usableFromInline let observer: AnyObserver<Element>
  @usableFromInline let lifetime: _Lifetime
  @usableFromInline var state: Element
  @usableFromInline var isFirst = true
  @usableFromInline let condition: @Sendable (Element) throws -> Bool
  @usableFromInline let iterate: @Sendable (Element) throws -> Element

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  init(
    observer: AnyObserver<Element>, lifetime: _Lifetime, state: Element,
    condition: @escaping @Sendable (Element) throws -> Bool,
    iterate: @escaping @Sendable (Element) throws -> Element
  ) {
    self.observer = observer
    self.lifetime = lifetime
    self.state = state
    self.condition = condition
    self.iterate = iterate
  }

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  mutating func emit(on trampoline: _Trampoline) -> Bool {
    do {
      while true {
        guard !lifetime.isDisposed else { return false }
        if isFirst {
          isFirst = false
        } else {
          state = try iterate(state)
        }
        guard try condition(state) else { break }
        guard !lifetime.isDisposed else { return false }
        observer.on(.next(state))
        if trampoline.hasQueuedWork { return true }
      }
    } catch {
      guard !lifetime.isDisposed else { return false }
      observer.on(.error(error))
      return false
    }
    guard !lifetime.isDisposed else { return false }
    observer.on(.completed)
    return false
  }
}
