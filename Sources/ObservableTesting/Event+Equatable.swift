import ObservableCore

// Events are compared in tests only. Errors compare equal when they have the same type and
// are equal (for Equatable errors) or print the same (for others).
extension Event: Equatable where Element: Equatable {
  /// Whether two events are the same kind with equal elements or equal errors.
  ///
  /// - Parameters:
  ///   - lhs: An event.
  ///   - rhs: Another event.
  /// - Returns: Whether they are equal.
  public static func == (lhs: Event<Element>, rhs: Event<Element>) -> Bool {
    switch (lhs, rhs) {
    case (.next(let left), .next(let right)): return left == right
    case (.completed, .completed): return true
    case (.error(let left), .error(let right)): return errorsAreEqual(left, right)
    default: return false
    }
  }
}

/// Whether two errors have the same type and are equal, or print the same if not `Equatable`.
///
/// - Parameters:
///   - lhs: An error.
///   - rhs: Another error.
/// - Returns: Whether they are equal.
public func errorsAreEqual(_ lhs: any Swift.Error, _ rhs: any Swift.Error) -> Bool {
  guard type(of: lhs) == type(of: rhs) else { return false }
  // Through `Any`: with Foundation loaded (ObservableCore imports it for `NSObject.rx` and
  // `OperationQueueScheduler`), the compiler assumes any error bridges to `NSError`, which is
  // `Equatable`, and warns that a direct cast always succeeds; at run time on Linux it does
  // not, and this form says so.
  if let left = (lhs as Any) as? any Equatable {
    return equals(left, rhs)
  }
  return String(reflecting: lhs) == String(reflecting: rhs)
}

private func equals<T: Equatable>(_ lhs: T, _ rhs: Any) -> Bool {
  (rhs as? T) == lhs
}
