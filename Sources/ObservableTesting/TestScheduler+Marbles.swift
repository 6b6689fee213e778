import ObservableCore
import Testing

/// Marble diagrams: test sources and expectations written as timelines.
///
/// One character is one tick of virtual time: `-` is an empty tick, `|` completes, `#` or `^`
/// fails, and any other character is an element named by it. `'name'` is an element with a
/// longer name, `[ab]` puts several events in one tick, and spaces are ignored.
///
/// ```swift
/// let scheduler = TestScheduler(initialClock: 0)
/// let xs = scheduler.createHotObservable(marbles: "-a-b-c---d-|")
/// scheduler.expectMarbles(xs.debounce(.seconds(2), scheduler: scheduler), "-------c---[d|]")
/// ```
///
/// A mismatch fails the test with the two diagrams one above the other, for instance:
///
/// ```
/// Marble diagrams differ.
/// expected: ------c----[d|]
/// actual:   -------c---[d|]
/// ```
extension TestScheduler {
  /// Creates a hot source from a marble diagram whose elements are their names.
  ///
  /// Tick `n` of the diagram is virtual time `n`.
  ///
  /// - Parameters:
  ///   - marbles: The diagram, such as `"-a-b-|"`.
  ///   - error: The error for `#` and `^`.
  ///   - sourceLocation: Where to report a malformed diagram.
  /// - Returns: The source.
  public func createHotObservable(
    marbles: String, error: any Swift.Error = MarbleError(),
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> TestableObservable<String> {
    createHotObservable(
      recordedEvents(marbles: marbles, error: error, sourceLocation: sourceLocation))
  }

  /// Creates a hot source from a marble diagram, with the elements looked up by name.
  ///
  /// - Parameters:
  ///   - marbles: The diagram, such as `"-a-b-|"`.
  ///   - values: The element for each name in the diagram.
  ///   - error: The error for `#` and `^`.
  ///   - sourceLocation: Where to report a malformed diagram or a missing value.
  /// - Returns: The source.
  public func createHotObservable<Element: Sendable>(
    marbles: String, values: [String: Element], error: any Swift.Error = MarbleError(),
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> TestableObservable<Element> {
    createHotObservable(
      recordedEvents(
        marbles: marbles, values: values, error: error, sourceLocation: sourceLocation))
  }

  /// Creates a cold source from a marble diagram whose elements are their names.
  ///
  /// Tick `n` of the diagram is `n` after each subscription.
  ///
  /// - Parameters:
  ///   - marbles: The diagram, such as `"-a-b-|"`.
  ///   - error: The error for `#` and `^`.
  ///   - sourceLocation: Where to report a malformed diagram.
  /// - Returns: The source.
  public func createColdObservable(
    marbles: String, error: any Swift.Error = MarbleError(),
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> TestableObservable<String> {
    createColdObservable(
      recordedEvents(marbles: marbles, error: error, sourceLocation: sourceLocation))
  }

  /// Creates a cold source from a marble diagram, with the elements looked up by name.
  ///
  /// - Parameters:
  ///   - marbles: The diagram, such as `"-a-b-|"`.
  ///   - values: The element for each name in the diagram.
  ///   - error: The error for `#` and `^`.
  ///   - sourceLocation: Where to report a malformed diagram or a missing value.
  /// - Returns: The source.
  public func createColdObservable<Element: Sendable>(
    marbles: String, values: [String: Element], error: any Swift.Error = MarbleError(),
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> TestableObservable<Element> {
    createColdObservable(
      recordedEvents(
        marbles: marbles, values: values, error: error, sourceLocation: sourceLocation))
  }

  /// Parses a marble diagram whose elements are their names into recorded events.
  ///
  /// - Parameters:
  ///   - marbles: The diagram.
  ///   - error: The error for `#` and `^`.
  ///   - sourceLocation: Where to report a malformed diagram.
  /// - Returns: The events, at ticks counted from 0.
  public func recordedEvents(
    marbles: String, error: any Swift.Error = MarbleError(),
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> [Recorded<Event<String>>] {
    events(of: parse(marbles, sourceLocation: sourceLocation), error: error) { $0 }
  }

  /// Parses a marble diagram into recorded events, with the elements looked up by name.
  ///
  /// - Parameters:
  ///   - marbles: The diagram.
  ///   - values: The element for each name in the diagram.
  ///   - error: The error for `#` and `^`.
  ///   - sourceLocation: Where to report a malformed diagram or a missing value.
  /// - Returns: The events, at ticks counted from 0.
  public func recordedEvents<Element>(
    marbles: String, values: [String: Element], error: any Swift.Error = MarbleError(),
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> [Recorded<Event<Element>>] {
    events(of: parse(marbles, sourceLocation: sourceLocation), error: error) { name in
      guard let value = values[name] else {
        recordTestFailure(
          "No value for \"\(name)\" in the marble diagram \"\(marbles)\"",
          at: .source(sourceLocation))
        return nil
      }
      return value
    }
  }

  /// Subscribes to `source` now, runs the scheduler until `disposed`, and fails the test unless
  /// the events match the marble diagram `expected`, whose elements are their names.
  ///
  /// Tick 0 of `expected` is the time of this call; use a scheduler that has not run yet.
  ///
  /// - Parameters:
  ///   - source: The sequence under test.
  ///   - expected: The expected diagram.
  ///   - error: The error expected for `#` and `^`.
  ///   - disposed: The tick at which to dispose the subscription; 1000 by default, as RxTest.
  ///   - sourceLocation: Where to report a mismatch.
  public func expectMarbles<Source: ObservableConvertibleType>(
    _ source: Source, _ expected: String, error: any Swift.Error = MarbleError(),
    disposed: TestTime = Defaults.disposed, sourceLocation: SourceLocation = #_sourceLocation
  ) where Source.Element == String {
    expectMarbles(
      source, expected, values: [:], names: { $0 }, error: error, disposed: disposed,
      sourceLocation: sourceLocation)
  }

  /// Subscribes to `source` now, runs the scheduler until `disposed`, and fails the test unless
  /// the events match the marble diagram `expected`, with the elements looked up by name.
  ///
  /// Tick 0 of `expected` is the time of this call; use a scheduler that has not run yet.
  ///
  /// - Parameters:
  ///   - source: The sequence under test.
  ///   - expected: The expected diagram.
  ///   - values: The element for each name in the diagram; the failure message also uses
  ///     these names to draw the actual elements.
  ///   - error: The error expected for `#` and `^`.
  ///   - disposed: The tick at which to dispose the subscription; 1000 by default, as RxTest.
  ///   - sourceLocation: Where to report a mismatch.
  public func expectMarbles<Source: ObservableConvertibleType>(
    _ source: Source, _ expected: String, values: [String: Source.Element],
    error: any Swift.Error = MarbleError(), disposed: TestTime = Defaults.disposed,
    sourceLocation: SourceLocation = #_sourceLocation
  ) where Source.Element: Equatable {
    expectMarbles(
      source, expected, values: values, names: { _ in nil }, error: error, disposed: disposed,
      sourceLocation: sourceLocation)
  }

  private func expectMarbles<Source: ObservableConvertibleType>(
    _ source: Source, _ expected: String, values: [String: Source.Element],
    names: @escaping (String) -> Source.Element?, error: any Swift.Error, disposed: TestTime,
    sourceLocation: SourceLocation
  ) where Source.Element: Equatable {
    let origin = clock
    let diagram = parse(expected, sourceLocation: sourceLocation)
    let expectedEvents = events(of: diagram, error: error) { name in
      if let value = values[name] ?? names(name) { return value }
      recordTestFailure(
        "No value for \"\(name)\" in the marble diagram \"\(expected)\"",
        at: .source(sourceLocation))
      return nil
    }
    let observer = createObserver(Source.Element.self)
    let subscription = source.asObservable().subscribe(observer)
    advanceTo(origin + disposed)
    subscription.dispose()
    let actual = observer.events.map { Recorded(time: $0.time - origin, value: $0.value) }
    guard actual != expectedEvents else { return }
    let label = { (element: Source.Element) -> String? in
      values.first { $0.value == element }?.key
    }
    let drawn = MarbleDiagram.draw(actual, origin: 0, name: label)
    recordTestFailure(
      """
      Marble diagrams differ.
      expected: \(expected)
      actual:   \(drawn)
      """, at: .source(sourceLocation))
  }

  private func parse(_ marbles: String, sourceLocation: SourceLocation) -> MarbleDiagram {
    let diagram = MarbleDiagram(parsing: marbles)
    if let problem = diagram.problem {
      recordTestFailure("Malformed marble diagram: \(problem)", at: .source(sourceLocation))
    }
    return diagram
  }

  private func events<Element>(
    of diagram: MarbleDiagram, error: any Swift.Error, value: (String) -> Element?
  ) -> [Recorded<Event<Element>>] {
    diagram.entries.compactMap { entry in
      switch entry.token {
      case .value(let name): return value(name).map { .next(entry.time, $0) }
      case .completed: return .completed(entry.time)
      case .error: return .error(entry.time, error)
      }
    }
  }
}
