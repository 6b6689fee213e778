import ObservableCore

// Like `Event`'s, these conformances are for tests: errors compare with `errorsAreEqual`.

extension MaybeEvent: Equatable where Element: Equatable {
  /// Whether two outcomes are the same kind with equal elements or equal errors.
  ///
  /// Errors are equal when they have the same type and are equal (for `Equatable` errors) or
  /// print the same (for others), as in ``errorsAreEqual(_:_:)``.
  ///
  /// - Parameters:
  ///   - lhs: An outcome.
  ///   - rhs: Another outcome.
  /// - Returns: Whether they are equal.
  public static func == (lhs: MaybeEvent<Element>, rhs: MaybeEvent<Element>) -> Bool {
    switch (lhs, rhs) {
    case (.success(let left), .success(let right)): return left == right
    case (.completed, .completed): return true
    case (.error(let left), .error(let right)): return errorsAreEqual(left, right)
    default: return false
    }
  }
}

extension CompletableEvent: Equatable {
  /// Whether two outcomes are both completion, or both errors that are equal.
  ///
  /// Errors are equal when they have the same type and are equal (for `Equatable` errors) or
  /// print the same (for others), as in ``errorsAreEqual(_:_:)``.
  ///
  /// - Parameters:
  ///   - lhs: An outcome.
  ///   - rhs: Another outcome.
  /// - Returns: Whether they are equal.
  public static func == (lhs: CompletableEvent, rhs: CompletableEvent) -> Bool {
    switch (lhs, rhs) {
    case (.completed, .completed): return true
    case (.error(let left), .error(let right)): return errorsAreEqual(left, right)
    default: return false
    }
  }
}

/// Whether two outcomes of a `Single` are both elements that are equal, or both errors that
/// are equal.
///
/// `SingleEvent` is Swift's `Result` with `any Error` as its failure, which cannot conform to
/// `Equatable` a second time; the XCTest helpers compare with this function instead.
func singleEventsAreEqual<Element: Equatable>(
  _ lhs: SingleEvent<Element>, _ rhs: SingleEvent<Element>
) -> Bool {
  switch (lhs, rhs) {
  case (.success(let left), .success(let right)): return left == right
  case (.failure(let left), .failure(let right)): return errorsAreEqual(left, right)
  default: return false
  }
}
