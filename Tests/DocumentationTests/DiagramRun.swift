import Foundation
import ObservableCore
import ObservableTesting
import Testing

/// One line of a marble diagram being checked: the operator that line shows, built by a
/// ``DiagramCheck`` from the other lines of its scenario, on a scheduler of its own.
///
/// Tick `n` of the diagram is virtual time `n`, and the operator is subscribed to at 0. A
/// check takes the lines it needs as test sources: ``hot(_:error:)`` for a line whose events
/// happen where they are drawn, ``cold(_:error:)`` for one drawn from where it is subscribed to
/// (which the run then checks). A line the check produces itself, such as a second subscriber,
/// it records with ``record(_:error:)``.
final class DiagramRun {
  /// The scheduler of the run, at 0.
  let scheduler = TestScheduler(initialClock: 0)
  /// The diagram.
  let diagram: DocDiagram
  /// The lines of the scenario the checked line belongs to.
  let scenario: [DiagramLine]
  /// The line being checked.
  let result: DiagramLine
  /// The error that `#` stands for in the checked line; a ``MarbleError`` unless set.
  var error: any Swift.Error = MarbleError()
  /// The labels of the lines the check has used.
  private(set) var used: Set<String> = []
  /// The cold sources, with the line each was drawn on.
  private(set) var coldSources: [(line: DiagramLine, source: TestableObservable<String>)] = []
  /// Every source the check made, kept alive for the whole run as a test keeps its own.
  private var sources: [TestableObservable<String>] = []
  /// The observers of ``record(_:error:)``, with their lines and expected errors.
  private(set) var recorders:
    [(line: DiagramLine, observer: TestableObserver<String>, error: any Swift.Error)] = []

  /// Creates the run of `result`, a line of `scenario` in `diagram`.
  ///
  /// - Parameters:
  ///   - diagram: The diagram.
  ///   - scenario: The scenario that holds `result`.
  ///   - result: The line to check.
  init(diagram: DocDiagram, scenario: [DiagramLine], result: DiagramLine) {
    self.diagram = diagram
    self.scenario = scenario
    self.result = result
  }

  /// The declaration the diagram documents, to tell overloads apart.
  var declaration: String { diagram.declaration }

  /// The labels `source1`, `source2`, … of the scenario, in order.
  var numberedSources: [String] {
    (1...).lazy.map { "source\($0)" }.prefix { label in
      self.scenario.contains { $0.label == label }
    }.map { $0 }
  }

  /// Whether the scenario has a line labelled `label`.
  ///
  /// - Parameter label: The label.
  /// - Returns: Whether there is one.
  func has(_ label: String) -> Bool {
    scenario.contains { $0.label == label }
  }

  /// The line labelled `label`, marked as used; a missing line fails the test.
  ///
  /// - Parameter label: The label.
  /// - Returns: The line, or `nil`.
  func line(_ label: String) -> DiagramLine? {
    guard let line = scenario.first(where: { $0.label == label }) else {
      Issue.record(
        "\(diagram.path): the diagram has no line \"\(label)\"", sourceLocation: location(result))
      return nil
    }
    used.insert(label)
    return line
  }

  /// A hot source whose events happen at the ticks where the line draws them.
  ///
  /// - Parameters:
  ///   - label: The line's label.
  ///   - error: The error for `#`.
  /// - Returns: The source.
  func hot(_ label: String, error: any Swift.Error = MarbleError()) -> TestableObservable<String> {
    let source = scheduler.createHotObservable(
      marbles: line(label)?.absoluteMarbles ?? "", error: error)
    sources.append(source)
    return source
  }

  /// A cold source: each subscription sees the line's marbles from its own tick 0.
  ///
  /// The run checks that it was first subscribed to at the tick where the line starts.
  ///
  /// - Parameters:
  ///   - label: The line's label.
  ///   - error: The error for `#`.
  /// - Returns: The source.
  func cold(_ label: String, error: any Swift.Error = MarbleError()) -> TestableObservable<String> {
    let line = line(label)
    let source = scheduler.createColdObservable(marbles: line?.marbles ?? "", error: error)
    if let line { coldSources.append((line, source)) }
    sources.append(source)
    return source
  }

  /// An observer whose events the run compares with the line labelled `label`, for a line the
  /// check produces itself.
  ///
  /// - Parameters:
  ///   - label: The line's label.
  ///   - error: The error the line's `#` stands for.
  /// - Returns: The observer.
  func record(_ label: String, error: any Swift.Error = MarbleError()) -> TestableObserver<String> {
    let observer = scheduler.createObserver(String.self)
    if let line = line(label) { recorders.append((line, observer, error)) }
    return observer
  }

  /// The events a line draws, with each name the legend defines replaced by what it stands for.
  ///
  /// - Parameters:
  ///   - line: The line.
  ///   - error: The error for `#`.
  /// - Returns: The events, at the ticks of the diagram.
  func expectedEvents(_ line: DiagramLine, error: any Swift.Error) -> [Recorded<Event<String>>] {
    scheduler.recordedEvents(marbles: line.absoluteMarbles, error: error).map { recorded in
      guard case .next(let name) = recorded.value else { return recorded }
      return .next(recorded.time, diagram.legend[name] ?? name)
    }
  }

  /// Where a failure about `line` is reported: the line of the doc comment.
  ///
  /// - Parameter line: The line.
  /// - Returns: Its location.
  func location(_ line: DiagramLine) -> SourceLocation {
    SourceLocation(
      fileID: diagram.path,
      filePath: DiagramRun.packageRoot.appendingPathComponent(diagram.path).path,
      line: line.line, column: 1)
  }

  /// `seconds` as the interval type of the documented declaration: a `Duration` if it takes
  /// one, an `RxTimeInterval` otherwise.
  ///
  /// - Parameter seconds: The number of ticks.
  /// - Returns: The interval.
  func interval(_ seconds: Int) -> RxTimeInterval { .seconds(seconds) }

  /// Whether the documented declaration takes a `Duration`.
  var takesDuration: Bool { declaration.contains("Duration") }

  /// The tick a line's note gives after `words`, such as 7 for `(leaves at 7)`.
  ///
  /// - Parameters:
  ///   - words: The words before the number, such as `leaves at`.
  ///   - label: The line's label.
  /// - Returns: The tick, or 0 if the note has none.
  func tick(after words: String, in label: String) -> Int {
    guard let note = scenario.first(where: { $0.label == label })?.note,
      let range = note.range(of: words + " ")
    else { return 0 }
    return Int(note[range.upperBound...].prefix { $0.isNumber }) ?? 0
  }

  /// The package's folder.
  static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
}

/// Builds the operator a diagram line shows, from the other lines of its scenario; or, for
/// `nil`, records every line it produces with ``DiagramRun/record(_:error:)``.
typealias DiagramCheck = @Sendable (DiagramRun) -> Observable<String>?

/// The number a marble's name stands for, such as 3 for `"3"`.
///
/// - Parameter name: The name.
/// - Returns: The number, or -1 for a name that is not one.
func number(_ name: String) -> Int {
  Int(name) ?? -1
}

/// A tuple of names as the legends show it: `(a, b)`.
///
/// - Parameter names: The names.
/// - Returns: The description.
func tuple(_ names: String...) -> String {
  "(" + names.joined(separator: ", ") + ")"
}

/// A list of names as the legends show it: `[1, 2, 3]`.
///
/// - Parameter names: The names.
/// - Returns: The description.
func list(_ names: [String]) -> String {
  "[" + names.joined(separator: ", ") + "]"
}
