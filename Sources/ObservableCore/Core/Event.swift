/// A single notification in an observable sequence.
///
/// Every sequence follows the grammar `next* (error | completed)?`: any number of
/// ``next(_:)`` events, then at most one terminal event. Nothing follows a terminal event.
@frozen
public enum Event<Element> {
  /// The next element of the sequence.
  case next(Element)
  /// The sequence failed with an error. This is a terminal event.
  case error(any Swift.Error)
  /// The sequence finished successfully. This is a terminal event.
  case completed
}

extension Event: Sendable where Element: Sendable {}

extension Event {
  /// Whether this is a terminal event (``error(_:)`` or ``completed``).
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  public var isStopEvent: Bool {
    switch self {
    case .next: return false
    case .error, .completed: return true
    }
  }

  /// Whether this is ``completed``.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  public var isCompleted: Bool {
    if case .completed = self { return true }
    return false
  }

  /// The element of a ``next(_:)`` event, or `nil`.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  public var element: Element? {
    if case .next(let element) = self { return element }
    return nil
  }

  /// The error of an ``error(_:)`` event, or `nil`.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  public var error: (any Swift.Error)? {
    if case .error(let error) = self { return error }
    return nil
  }

  /// Transforms the element of a ``next(_:)`` event.
  ///
  /// - Parameter transform: The transform to apply to the element.
  /// - Returns: The transformed event, or ``error(_:)`` if `transform` throws.
  @_alwaysEmitIntoClient
  public func map<Result>(_ transform: (Element) throws -> Result) -> Event<Result> {
    switch self {
    case .next(let element):
      do { return .next(try transform(element)) } catch { return .error(error) }
    case .error(let error): return .error(error)
    case .completed: return .completed
    }
  }
}

extension Event: CustomDebugStringConvertible {
  /// A textual description of the event, for debugging.
  public var debugDescription: String {
    switch self {
    case .next(let element): return "next(\(element))"
    case .error(let error): return "error(\(error))"
    case .completed: return "completed"
    }
  }
}
