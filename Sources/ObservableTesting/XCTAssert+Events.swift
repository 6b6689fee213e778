// swift-format-ignore-file: AlwaysUseLowerCamelCase
// (RxTest's names, which start with XCTest's `XCT` prefix.)

import ObservableCore

#if canImport(XCTest)
  // RxTest's XCTest assertions, with its names and parameters, so that tests written for RxTest
  // compile with `import ObservableTesting` in place of `import RxTest`. A failure names the
  // assertion, shows both lists, then lists each index where they differ, as RxTest does; the
  // difference is part of the failure message rather than printed, so it appears with the
  // failure in every test report. Where one list is longer, RxTest shows only the longer list's
  // entry; here the other side says `missing`, with its length. Lists of subscriptions get the
  // same message through an overload of their own (RxTest leaves them to XCTest's, which
  // prints only the two lists and, on Linux, a dangling ` - `).
  //
  // The file and line default to `#filePath`, as XCTest's own assertions do.

  /// Fails the current test unless two lists of events are equal.
  ///
  /// Events are equal when they are both `next` with equal elements, both `completed`, or both
  /// `error` with errors of the same type that are equal (or, for errors that are not
  /// `Equatable`, print the same). On failure the message lists each index where the lists
  /// differ.
  ///
  /// - Parameters:
  ///   - lhs: The events received.
  ///   - rhs: The events expected.
  ///   - file: Where to report a failure.
  ///   - line: Where to report a failure.
  public func XCTAssertEqual<T: Equatable>(
    _ lhs: [Event<T>], _ rhs: [Event<T>], file: StaticString = #filePath, line: UInt = #line
  ) {
    assertEqualLists(lhs, rhs, by: { $0 == $1 }, file: file, line: line)
  }

  /// Fails the current test unless two lists of events recorded at virtual times are equal.
  ///
  /// Recorded events are equal when their times are equal and their events are equal: both
  /// `next` with equal elements, both `completed`, or both `error` with equal errors. On failure
  /// the message lists each index where the lists differ.
  ///
  /// ```swift
  /// let res = scheduler.start { xs.map { $0 * 10 } }
  /// XCTAssertEqual(res.events, [.next(210, 20), .completed(300)])
  /// ```
  ///
  /// - Parameters:
  ///   - lhs: The events received, such as a ``TestableObserver``'s ``TestableObserver/events``.
  ///   - rhs: The events expected.
  ///   - file: Where to report a failure.
  ///   - line: Where to report a failure.
  public func XCTAssertEqual<T: Equatable>(
    _ lhs: [Recorded<Event<T>>], _ rhs: [Recorded<Event<T>>], file: StaticString = #filePath,
    line: UInt = #line
  ) {
    assertEqualLists(lhs, rhs, by: { $0 == $1 }, file: file, line: line)
  }

  /// Fails the current test unless two lists of recorded events with optional elements are
  /// equal.
  ///
  /// Recorded events are equal when their times are equal and their events are equal; a `nil`
  /// element equals only `nil`.
  ///
  /// - Parameters:
  ///   - lhs: The events received.
  ///   - rhs: The events expected.
  ///   - file: Where to report a failure.
  ///   - line: Where to report a failure.
  public func XCTAssertEqual<T: Equatable>(
    _ lhs: [Recorded<Event<T?>>], _ rhs: [Recorded<Event<T?>>], file: StaticString = #filePath,
    line: UInt = #line
  ) {
    assertEqualLists(lhs, rhs, by: { $0 == $1 }, file: file, line: line)
  }

  /// Fails the current test unless two lists of `Single` outcomes are equal.
  ///
  /// Outcomes are equal when they are both `success` with equal elements, or both `failure`
  /// with errors of the same type that are equal (or print the same).
  ///
  /// - Parameters:
  ///   - lhs: The outcomes received.
  ///   - rhs: The outcomes expected.
  ///   - file: Where to report a failure.
  ///   - line: Where to report a failure.
  public func XCTAssertEqual<T: Equatable>(
    _ lhs: [SingleEvent<T>], _ rhs: [SingleEvent<T>], file: StaticString = #filePath,
    line: UInt = #line
  ) {
    assertEqualLists(lhs, rhs, by: singleEventsAreEqual, file: file, line: line)
  }

  /// Fails the current test unless two lists of `Single` outcomes recorded at virtual times are
  /// equal.
  ///
  /// - Parameters:
  ///   - lhs: The outcomes received.
  ///   - rhs: The outcomes expected.
  ///   - file: Where to report a failure.
  ///   - line: Where to report a failure.
  public func XCTAssertEqual<T: Equatable>(
    _ lhs: [Recorded<SingleEvent<T>>], _ rhs: [Recorded<SingleEvent<T>>],
    file: StaticString = #filePath, line: UInt = #line
  ) {
    assertEqualLists(
      lhs, rhs, by: { $0.time == $1.time && singleEventsAreEqual($0.value, $1.value) },
      file: file, line: line)
  }

  /// Fails the current test unless two lists of `Maybe` outcomes are equal.
  ///
  /// Outcomes are equal as `MaybeEvent`'s `==` says: both `success` with equal
  /// elements, both `completed`, or both `error` with equal errors.
  ///
  /// - Parameters:
  ///   - lhs: The outcomes received.
  ///   - rhs: The outcomes expected.
  ///   - file: Where to report a failure.
  ///   - line: Where to report a failure.
  public func XCTAssertEqual<T: Equatable>(
    _ lhs: [MaybeEvent<T>], _ rhs: [MaybeEvent<T>], file: StaticString = #filePath,
    line: UInt = #line
  ) {
    assertEqualLists(lhs, rhs, by: { $0 == $1 }, file: file, line: line)
  }

  /// Fails the current test unless two lists of `Maybe` outcomes recorded at virtual times are
  /// equal.
  ///
  /// - Parameters:
  ///   - lhs: The outcomes received.
  ///   - rhs: The outcomes expected.
  ///   - file: Where to report a failure.
  ///   - line: Where to report a failure.
  public func XCTAssertEqual<T: Equatable>(
    _ lhs: [Recorded<MaybeEvent<T>>], _ rhs: [Recorded<MaybeEvent<T>>],
    file: StaticString = #filePath, line: UInt = #line
  ) {
    assertEqualLists(lhs, rhs, by: { $0 == $1 }, file: file, line: line)
  }

  /// Fails the current test unless two lists of `Completable` outcomes are equal.
  ///
  /// Outcomes are equal when they are both `completed`, or both `error` with equal errors.
  ///
  /// - Parameters:
  ///   - lhs: The outcomes received.
  ///   - rhs: The outcomes expected.
  ///   - file: Where to report a failure.
  ///   - line: Where to report a failure.
  public func XCTAssertEqual(
    _ lhs: [CompletableEvent], _ rhs: [CompletableEvent], file: StaticString = #filePath,
    line: UInt = #line
  ) {
    assertEqualLists(lhs, rhs, by: { $0 == $1 }, file: file, line: line)
  }

  /// Fails the current test unless two lists of `Completable` outcomes recorded at virtual
  /// times are equal.
  ///
  /// - Parameters:
  ///   - lhs: The outcomes received.
  ///   - rhs: The outcomes expected.
  ///   - file: Where to report a failure.
  ///   - line: Where to report a failure.
  public func XCTAssertEqual(
    _ lhs: [Recorded<CompletableEvent>], _ rhs: [Recorded<CompletableEvent>],
    file: StaticString = #filePath, line: UInt = #line
  ) {
    assertEqualLists(lhs, rhs, by: { $0 == $1 }, file: file, line: line)
  }

  /// Fails the current test unless two lists of subscriptions are equal, such as a
  /// ``TestableObservable``'s ``TestableObservable/subscriptions`` and the ones expected.
  ///
  /// Without it, XCTest's own `XCTAssertEqual` would compare the lists; this one reports
  /// the same message as the lists of events do, with each index where the lists differ.
  ///
  /// ```swift
  /// XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
  /// ```
  ///
  /// - Parameters:
  ///   - lhs: The subscriptions recorded.
  ///   - rhs: The subscriptions expected.
  ///   - file: Where to report a failure.
  ///   - line: Where to report a failure.
  public func XCTAssertEqual(
    _ lhs: [Subscription], _ rhs: [Subscription], file: StaticString = #filePath,
    line: UInt = #line
  ) {
    assertEqualLists(lhs, rhs, by: { $0 == $1 }, file: file, line: line)
  }

  /// Fails the current test unless the recorded events are exactly `elements`, ignoring their
  /// times, with no terminal event.
  ///
  /// A `completed` or `error` event among `stream` fails the test, whatever the elements.
  ///
  /// ```swift
  /// let res = scheduler.start { xs.filter { $0.isMultiple(of: 2) } }
  /// XCTAssertRecordedElements(res.events, [2, 4])
  /// ```
  ///
  /// - Parameters:
  ///   - stream: The events received.
  ///   - elements: The elements expected, in order.
  ///   - file: Where to report a failure.
  ///   - line: Where to report a failure.
  public func XCTAssertRecordedElements<T: Equatable>(
    _ stream: [Recorded<Event<T>>], _ elements: [T], file: StaticString = #filePath,
    line: UInt = #line
  ) {
    if let stop = stream.first(where: { $0.value.isStopEvent }) {
      recordTestFailure(
        "XCTAssertRecordedElements failed: a terminal event was recorded: \(stop.debugDescription)",
        at: .file(file, line: line))
      return
    }
    let received = stream.compactMap { $0.value.element }
    assertEqualLists(
      received, elements, by: { $0 == $1 }, assertion: "XCTAssertRecordedElements", file: file,
      line: line)
  }

  /// Reports a failure unless the two lists have equal elements at every index.
  private func assertEqualLists<Element>(
    _ lhs: [Element], _ rhs: [Element], by equal: (Element, Element) -> Bool,
    assertion: String = "XCTAssertEqual", file: StaticString, line: UInt
  ) {
    guard !lhs.elementsEqual(rhs, by: equal) else { return }
    recordTestFailure(
      listDifference(lhs, rhs, by: equal, assertion: assertion), at: .file(file, line: line))
  }
#endif

/// Describes how two lists differ: both lists, then each index where they disagree, and the
/// entries of the longer one past the end of the shorter, each with a line saying that the
/// shorter one has no entry there.
///
/// - Parameters:
///   - lhs: The first list.
///   - rhs: The second list.
///   - equal: Whether two entries are equal.
///   - assertion: The name of the failed assertion.
/// - Returns: The failure message.
func listDifference<Element>(
  _ lhs: [Element], _ rhs: [Element], by equal: (Element, Element) -> Bool, assertion: String
) -> String {
  var lines = [
    "\(assertion) failed: (\"\(describe(lhs))\") is not equal to (\"\(describe(rhs))\")",
    "Differences:",
  ]
  for index in 0..<max(lhs.count, rhs.count) {
    let left = index < lhs.count ? lhs[index] : nil
    let right = index < rhs.count ? rhs[index] : nil
    if let left, let right, equal(left, right) { continue }
    lines += ["lhs[\(index)]:", "    " + (left.map { describe($0) } ?? missing(lhs.count, "lhs"))]
    lines += ["rhs[\(index)]:", "    " + (right.map { describe($0) } ?? missing(rhs.count, "rhs"))]
  }
  return lines.joined(separator: "\n")
}

/// What a failure message shows at an index past the end of a list, such as
/// `missing (rhs has 1 element)`.
private func missing(_ count: Int, _ name: String) -> String {
  "missing (\(name) has \(count) element\(count == 1 ? "" : "s"))"
}

/// A list as a failure message shows it, with each entry as ``describe(_:)`` shows it.
private func describe<Value>(_ values: [Value]) -> String {
  "[" + values.map { describe($0) }.joined(separator: ", ") + "]"
}

/// A value as a failure message shows it: `next(1) @ 210`, `success(2)`, `completed`.
private func describe<Value>(_ value: Value) -> String {
  if let event = value as? any FailureDescribable { return event.failureDescription }
  return String(describing: value)
}

/// Events whose default description would name their types in full; `Event` has its own.
private protocol FailureDescribable {
  var failureDescription: String { get }
}

extension Recorded: FailureDescribable {
  fileprivate var failureDescription: String { "\(describe(value)) @ \(time)" }
}

extension MaybeEvent: FailureDescribable {
  fileprivate var failureDescription: String {
    switch self {
    case .success(let element): return "success(\(element))"
    case .error(let error): return "error(\(error))"
    case .completed: return "completed"
    }
  }
}

extension CompletableEvent: FailureDescribable {
  fileprivate var failureDescription: String {
    switch self {
    case .error(let error): return "error(\(error))"
    case .completed: return "completed"
    }
  }
}

extension Result: FailureDescribable {
  fileprivate var failureDescription: String {
    switch self {
    case .success(let element): return "success(\(element))"
    case .failure(let error): return "failure(\(error))"
    }
  }
}
