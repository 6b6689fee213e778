import ObservableCore

extension BlockingObservable {
  /// Blocks until the sequence ends and returns all of its elements.
  ///
  /// - Returns: The elements, in order.
  /// - Throws: The sequence's error, or `RxError.timeout`.
  public func toArray() throws -> [Element] {
    try _collect(limit: nil, predicate: nil).elementsOrError()
  }

  /// Blocks until the sequence delivers its first element or ends.
  ///
  /// The subscription is disposed once the first element has arrived.
  ///
  /// - Returns: The first element, or `nil` if the sequence completed without one.
  /// - Throws: The sequence's error if it failed before its first element, or
  ///   `RxError.timeout`.
  public func first() throws -> Element? {
    try _collect(limit: 1, predicate: nil).elementsOrError().first
  }

  /// Blocks until the sequence ends and returns its last element.
  ///
  /// - Returns: The last element, or `nil` if the sequence completed without one.
  /// - Throws: The sequence's error, or `RxError.timeout`.
  public func last() throws -> Element? {
    try _collect(limit: nil, predicate: nil).elementsOrError().last
  }

  /// Blocks until the sequence ends and returns its only element.
  ///
  /// The subscription is disposed as soon as a second element arrives.
  ///
  /// - Returns: The one element.
  /// - Throws: `RxError.noElements` if the sequence completed without an element,
  ///   `RxError.moreThanOneElement` if it delivered a second one, the sequence's error, or
  ///   `RxError.timeout`.
  public func single() throws -> Element {
    try Self.only(_collect(limit: 2, predicate: nil).elementsOrError())
  }

  /// Blocks until the sequence ends and returns its only element that satisfies `predicate`.
  ///
  /// The subscription is disposed as soon as a second such element arrives.
  ///
  /// - Parameter predicate: Tests each element. It runs on the thread that delivers the element.
  ///   If it throws, the subscription is disposed and this operator throws that error.
  /// - Returns: The one element that satisfies `predicate`.
  /// - Throws: `RxError.noElements` if no element satisfied `predicate`,
  ///   `RxError.moreThanOneElement` if a second one did, the error of `predicate` or of the
  ///   sequence, or `RxError.timeout`.
  @available(swift, introduced: 6)
  public func single(_ predicate: @escaping @Sendable (Element) throws -> Bool) throws -> Element {
    try Self.only(_collect(limit: 2, predicate: predicate).elementsOrError())
  }

  /// Blocks until the sequence ends and returns how it ended, with the elements it delivered.
  ///
  /// Unlike the other operators, this one never throws: an error of the sequence, and
  /// `RxError.timeout`, come back as ``MaterializedSequenceResult/failed(elements:error:)``.
  ///
  /// - Returns: ``MaterializedSequenceResult/completed(elements:)`` or
  ///   ``MaterializedSequenceResult/failed(elements:error:)``.
  public func materialize() -> MaterializedSequenceResult<Element> {
    _collect(limit: nil, predicate: nil)
  }

  /// The one element of `elements`.
  private static func only(_ elements: [Element]) throws -> Element {
    guard elements.count < 2 else { throw RxError.moreThanOneElement }
    guard let element = elements.first else { throw RxError.noElements }
    return element
  }
}

extension MaterializedSequenceResult {
  /// The elements of a completed sequence, or the error of a failed one.
  fileprivate func elementsOrError() throws -> [T] {
    switch self {
    case .completed(let elements): return elements
    case .failed(_, let error): throw error
    }
  }
}
