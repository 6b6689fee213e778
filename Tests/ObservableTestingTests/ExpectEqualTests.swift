import ObservableTesting
import Testing

/// `expectEqual`, the package's replacement for `#expect(a == b)` in its own tests.
@Suite("expectEqual")
struct ExpectEqualTests {
  @Test("unequal values fail the test at the caller's line, with both values and the comment")
  func unequal() {
    let line = #line + 2
    withKnownIssue {
      expectEqual([1, 2], [1, 3], "the second differs")
    } matching: { issue in
      let text = String(describing: issue)
      return issue.sourceLocation?.line == line && text.contains("[1, 2]")
        && text.contains("[1, 3]") && text.contains("the second differs")
    }
  }

  @Test("equal values record no issue")
  func equal() {
    expectEqual("a", "a")
    expectEqual(Int?.some(1), 1)
  }
}
