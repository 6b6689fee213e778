/// The logic of ``ObservableType/sample(_:defaultValue:)``, without locks or side effects.
///
/// Not public API.
@usableFromInline
internal struct _SampleStateMachine<Element> {
  @usableFromInline
  internal enum State {
    /// Subscribed. `latest` is the element not sampled yet; `sourceDone` says the source
    /// completed.
    case running(latest: Element?, sourceDone: Bool)
    /// Terminated or disposed.
    case finished
  }

  @usableFromInline let defaultValue: Element?
  @usableFromInline var state: State = .running(latest: nil, sourceDone: false)

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal init(defaultValue: Element?) {
    self.defaultValue = defaultValue
  }

  /// The source emitted an element.
  ///
  /// - Returns: The element it replaced, to release outside the lock.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal mutating func sourceElement(_ element: Element) -> Element? {
    guard case .running(let latest, let sourceDone) = state else { return nil }
    state = .running(latest: element, sourceDone: sourceDone)
    return latest
  }

  /// The source completed.
  ///
  /// - Returns: Whether to dispose the source subscription.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal mutating func sourceCompleted() -> Bool {
    guard case .running(let latest, _) = state else { return false }
    state = .running(latest: latest, sourceDone: true)
    return true
  }

  /// What to do on a failure or a sampler tick.
  @usableFromInline
  internal enum Action {
    /// Forward the error.
    case fail
    /// Emit the element, if any, then complete if `thenComplete`.
    case emit(Element?, thenComplete: Bool)
    /// Nothing: the sequence has finished.
    case none
  }

  /// The source or the sampler failed.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal mutating func failed() -> Action {
    guard case .running = state else { return .none }
    state = .finished
    return .fail
  }

  /// The sampler emitted, or completed (`isFinal`).
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal mutating func samplerTicked(isFinal: Bool) -> Action {
    guard case .running(let latest, let sourceDone) = state else { return .none }
    let complete = sourceDone || isFinal
    state = complete ? .finished : .running(latest: nil, sourceDone: false)
    return .emit(latest ?? defaultValue, thenComplete: complete)
  }

  /// The subscription was disposed.
  ///
  /// - Returns: The element not sampled yet, to release outside the lock.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal mutating func disposed() -> Element? {
    defer { state = .finished }
    if case .running(let latest, _) = state { return latest }
    return nil
  }
}
