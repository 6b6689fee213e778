import Testing

/// Checks that two values are equal, as `#expect(actual == expected)` does, in the package's
/// own tests.
///
/// The failure is the same `#expect` failure, with both values, at the caller's location. The
/// difference is the cost to compile: the macro's expansion of `a == b` makes the type checker
/// resolve `==` inside a generic closure, and this package's suites hold thousands of them.
/// Written as a call to one generic function, the same checks type-check in about half the
/// time (CONTRIBUTING.md, "Tests").
///
/// - Parameters:
///   - actual: The value the code under test produced.
///   - expected: The value it should equal.
///   - comment: A comment to show if the check fails.
///   - sourceLocation: Where to report a failure.
package func expectEqual<Value: Equatable>(
  _ actual: Value,
  _ expected: Value,
  _ comment: @autoclosure () -> Comment? = nil,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  #expect(actual == expected, comment(), sourceLocation: sourceLocation)
}
