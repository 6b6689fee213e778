import Dispatch
import ObservableCore
import Testing

@testable import ObservableTesting

private struct Failure: Error, Equatable {}

@Suite("Marble diagrams")
struct MarbleTests {
  @Test("parses ticks, values, completion and errors")
  func parse() {
    let diagram = MarbleDiagram(parsing: "-a-b#-|^")
    #expect(diagram.problem == nil)
    expectEqual(diagram.length, 8)
    expectEqual(
      diagram.entries,
      [
        .init(time: 1, token: .value("a")), .init(time: 3, token: .value("b")),
        .init(time: 4, token: .error), .init(time: 6, token: .completed),
        .init(time: 7, token: .error),
      ])
  }

  @Test("a quoted name and a group each take one tick; spaces are ignored")
  func groupsAndQuotes() {
    let diagram = MarbleDiagram(parsing: "- 'foo' [ab|] -c")
    #expect(diagram.problem == nil)
    expectEqual(
      diagram.entries,
      [
        .init(time: 1, token: .value("foo")), .init(time: 2, token: .value("a")),
        .init(time: 2, token: .value("b")), .init(time: 2, token: .completed),
        .init(time: 4, token: .value("c")),
      ])
    expectEqual(diagram.length, 5)
  }

  @Test("reports malformed diagrams")
  func malformed() {
    #expect(MarbleDiagram(parsing: "-'ab").problem != nil)
    #expect(MarbleDiagram(parsing: "-[ab").problem != nil)
    #expect(MarbleDiagram(parsing: "-a]").problem != nil)
    #expect(MarbleDiagram(parsing: "[[a]]").problem != nil)
  }

  @Test("draws events back into a diagram")
  func draw() {
    let events: [Recorded<Event<String>>] = [
      .next(1, "a"), .next(3, "foo"), .next(3, "b"), .completed(3),
    ]
    #expect(MarbleDiagram.draw(events, origin: 0, name: { $0 }) == "-a-['foo'b|]")
    let failed: [Recorded<Event<Int>>] = [.next(12, 1), .error(14, Failure())]
    #expect(MarbleDiagram.draw(failed, origin: 10, name: { _ in nil }) == "--1-#")
  }

  @Test("creates hot and cold sources from diagrams")
  func sources() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let hot = scheduler.createHotObservable(marbles: "-a-b|")
      let cold = scheduler.createColdObservable(
        marbles: "x-#", values: ["x": 1], error: Failure())
      expectEqual(hot.recordedEvents, [.next(1, "a"), .next(3, "b"), .completed(4)])
      expectEqual(cold.recordedEvents, [.next(0, 1), .error(2, Failure())])
      let hotWithValues = scheduler.createHotObservable(marbles: "--q", values: ["q": 9.5])
      expectEqual(hotWithValues.recordedEvents, [.next(2, 9.5)])
      let coldNamed = scheduler.createColdObservable(marbles: "'hi'|")
      expectEqual(coldNamed.recordedEvents, [.next(0, "hi"), .completed(1)])
    }
  }

  @Test("passes when the timeline matches")
  func matching() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable(marbles: "-a-b-c|")
      scheduler.expectMarbles(xs.map { $0.uppercased() }, "-A-B-C|")
    }
  }

  @Test("compares elements through the values table and errors by equality")
  func values() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createColdObservable(
        marbles: "-1-2-#", values: ["1": 1, "2": 2], error: Failure())
      scheduler.expectMarbles(
        xs.map { $0 * 10 }, "-x-y-#", values: ["x": 10, "y": 20], error: Failure())
    }
  }

  @Test("the debounce example from the documentation")
  func documentationExample() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable(marbles: "-a-b-c---d-|")
      scheduler.expectMarbles(xs.debounce(.seconds(2), scheduler: scheduler), "-------c---[d|]")
    }
  }

  @Test("a mismatch fails with the expected and actual diagrams one above the other")
  func mismatch() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable(marbles: "-a-b-c---d-|")
    withKnownIssue {
      scheduler.expectMarbles(xs.debounce(.seconds(2), scheduler: scheduler), "------c----[d|]")
    } matching: { issue in
      let text = String(describing: issue)
      return text.contains("expected: ------c----[d|]")
        && text.contains("actual:   -------c---[d|]")
    }
  }

  @Test("a mismatch draws unknown elements by their description")
  func mismatchWithValues() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable(marbles: "-a|", values: ["a": 5])
    withKnownIssue {
      scheduler.expectMarbles(xs.map { $0 * 11 }, "-a|", values: ["a": 5])
    } matching: { issue in
      String(describing: issue).contains("actual:   -'55'|")
    }
  }

  @Test("a missing value and a malformed diagram are reported")
  func reportedProblems() {
    let scheduler = TestScheduler(initialClock: 0)
    withKnownIssue {
      _ = scheduler.createHotObservable(marbles: "-a-b", values: ["a": 1])
    }
    withKnownIssue {
      _ = scheduler.createColdObservable(marbles: "-[a")
    }
  }

  @Test("disposes at the given tick, so infinite sources can be checked")
  func disposed() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      scheduler.expectMarbles(
        Observable<Int>.interval(.seconds(2), scheduler: scheduler),
        "--0-1-2", values: ["0": 0, "1": 1, "2": 2], disposed: 7)
    }
  }
}
