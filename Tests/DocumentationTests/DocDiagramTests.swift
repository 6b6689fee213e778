import Foundation
import ObservableCocoa
import ObservableCore
import ObservableTesting
import Testing

/// Every marble diagram in the doc comments of `Sources/` is a timeline of its operator.
///
/// The suite finds each diagram, builds the operator from the diagram's input lines on a
/// `TestScheduler` (one character is one tick), and compares the result with the operator's
/// line. A diagram whose lines have no entry in ``DocDiagramTests/checks`` fails, so no diagram
/// can be added unchecked; the few that are not timelines are listed in
/// ``DocDiagramTests/exemptions``, each with the reason.
@Suite("The marble diagrams in the doc comments")
struct DocDiagramTests {
  /// The diagrams, found once.
  static let diagrams: [DocDiagram] =
    (try? DocDiagram.all(under: "Sources", of: DiagramRun.packageRoot)) ?? []

  /// The scan finds the diagrams, and each is in the grammar the checks read.
  @Test("the sources have diagrams, and each is made of timelines and legends only")
  func scan() {
    #expect(Self.diagrams.count > 200, "the scan of Sources/ found too few diagrams")
    for diagram in Self.diagrams where !Self.isExempt(diagram) {
      for problem in diagram.problems {
        Issue.record("\(diagram.path): \(problem)")
      }
    }
  }

  /// The table and the exemptions name only lines that exist.
  @Test("every entry of the table and of the exemptions matches a diagram")
  func noStaleEntries() {
    var keys: Set<String> = []
    for diagram in Self.diagrams {
      for line in diagram.scenarios.joined() { keys.insert("\(diagram.file): \(line.label)") }
    }
    for key in Self.checks.keys where !keys.contains(key) {
      Issue.record("no diagram has the line \"\(key)\"")
    }
    for key in Self.exemptions.keys where !keys.contains(key) {
      Issue.record("no diagram has the line \"\(key)\"")
    }
  }

  /// Each diagram's operator lines match what their checks produce on a TestScheduler.
  @Test(
    "each diagram shows what its operator does on a TestScheduler",
    arguments: diagrams.filter { !isExempt($0) })
  func diagram(_ diagram: DocDiagram) {
    for scenario in diagram.scenarios {
      check(scenario, of: diagram)
    }
  }

  /// Runs the check of each line of `scenario` that has one, and fails on a scenario that no
  /// check covers or on a line that no check uses.
  private func check(_ scenario: [DiagramLine], of diagram: DocDiagram) {
    var covered: Set<String> = []
    for line in scenario {
      guard let check = Self.checks["\(diagram.file): \(line.label)"] else { continue }
      let run = DiagramRun(diagram: diagram, scenario: scenario, result: line)
      // Drivers and signals deliver on the scheduler SharingScheduler makes: here one that
      // runs work for now at once, as the main scheduler does for events on the main thread,
      // so that their diagrams show the same ticks as the sequences they are made of.
      SharingScheduler.mock(scheduler: ImmediateOnTestScheduler(base: run.scheduler)) {
        let result = check(run)
        // A line that goes on is compared up to its last drawn tick.
        let disposed =
          line.continues ? line.offset + line.ticks - 1 : TestScheduler.Defaults.disposed
        if let result {
          let names = run.scheduler.recordedEvents(marbles: line.absoluteMarbles)
            .compactMap(\.value.element)
          run.scheduler.expectMarbles(
            result, line.absoluteMarbles,
            values: Dictionary(names.map { ($0, diagram.legend[$0] ?? $0) }) { first, _ in first },
            error: run.error, disposed: disposed, sourceLocation: run.location(line))
        } else {
          run.scheduler.advanceTo(disposed)
        }
      }
      verify(run)
      covered.insert(line.label)
      covered.formUnion(run.used)
    }
    guard let first = scenario.first else { return }
    guard !covered.isEmpty else {
      Issue.record(
        """
        \(diagram.path): no check for this diagram; add one in DiagramTable.swift for one of \
        \(scenario.map { "\"\(diagram.file): \($0.label)\"" }.joined(separator: ", "))
        """,
        sourceLocation: DiagramRun(diagram: diagram, scenario: scenario, result: first)
          .location(first))
      return
    }
    for line in scenario where !covered.contains(line.label) {
      Issue.record(
        "\(diagram.path): \(line) is neither checked nor used by a check",
        sourceLocation: DiagramRun(diagram: diagram, scenario: scenario, result: line)
          .location(line))
    }
  }

  /// Checks what a run recorded besides its result: each cold source was first subscribed to
  /// where its line starts, and each recorded line shows what its observer received.
  private func verify(_ run: DiagramRun) {
    for (line, source) in run.coldSources {
      let subscribed = source.subscriptions.first?.subscribe
      #expect(
        subscribed == line.offset,
        "\(line) is drawn from tick \(line.offset), but is first subscribed at \(subscribed.map(String.init) ?? "no time")",
        sourceLocation: run.location(line))
    }
    for (line, observer, error) in run.recorders {
      let expected = run.expectedEvents(line, error: error)
      #expect(
        observer.events == expected, "\(line) differs from what its observer received",
        sourceLocation: run.location(line))
    }
  }

  /// Whether a diagram is exempt: one of its lines is in ``exemptions``.
  static func isExempt(_ diagram: DocDiagram) -> Bool {
    diagram.scenarios.joined().contains { exemptions["\(diagram.file): \($0.label)"] != nil }
  }

  /// The diagrams that are not timelines a TestScheduler can run, by file and the label of one
  /// of their lines, each with the reason.
  static let exemptions: [String: String] = [
    // A failure message drawn with the marble grammar, not an operator.
    "TestScheduler+Marbles.swift: actual": "the text of a failure",
    // Synchronous and endless: subscribing returns only once the subscription is disposed,
    // which a virtual-time test cannot do from inside.
    "RepeatElement.swift: repeatElement(1)": "synchronous and endless",
    // Work that awaits real tasks and actors, which virtual time does not drive.
    "ObserveOnActor.swift: observe(on: MainActor.shared)": "a hop to an actor",
    "AsyncFlatMap.swift: map { await double($0) }": "async work",
    "AsyncFlatMap.swift: flatMap { await slowly($0) }": "async work",
    "AsyncFlatMap.swift: flatMap(maxConcurrent: 2) { await slowly($0) }": "async work",
    "AsyncFlatMap.swift: concatMap { await slowly($0) }": "async work",
    "AsyncFlatMap.swift: flatMapLatest { await search($0) }": "async work",
  ]
}

/// Runs work scheduled for now at once and later work on a test scheduler.
struct ImmediateOnTestScheduler: SchedulerType {
  /// The scheduler for later work, and for the time.
  let base: TestScheduler

  /// The base scheduler's time.
  var now: RxTime { base.now }

  /// Runs `action` now.
  ///
  /// - Parameters:
  ///   - state: The state to pass.
  ///   - action: The work.
  /// - Returns: What the work returns.
  func schedule<StateType: Sendable>(
    _ state: StateType, action: @escaping @Sendable (StateType) -> any Disposable
  ) -> any Disposable {
    action(state)
  }

  /// Runs `action` on the base scheduler after `dueTime`.
  ///
  /// - Parameters:
  ///   - state: The state to pass.
  ///   - dueTime: The delay.
  ///   - action: The work.
  /// - Returns: A disposable that cancels the work.
  func scheduleRelative<StateType: Sendable>(
    _ state: StateType, dueTime: RxTimeInterval,
    action: @escaping @Sendable (StateType) -> any Disposable
  ) -> any Disposable {
    base.scheduleRelative(state, dueTime: dueTime, action: action)
  }
}
