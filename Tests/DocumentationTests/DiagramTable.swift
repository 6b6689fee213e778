import Foundation
import ObservableCocoa
import ObservableCore
import ObservableTesting

/// The checks of the diagrams, keyed by `File.swift: label`: the file a diagram is in, and
/// the label of the line the check builds.
struct DiagramTable {
  /// The checks.
  private(set) var checks: [String: DiagramCheck] = [:]

  /// Adds the check of the lines labelled `labels` in the diagrams of `file`.
  ///
  /// - Parameters:
  ///   - file: The name of the source file, such as `Map.swift`.
  ///   - labels: The labels of the lines that `check` builds.
  ///   - check: Builds the line's operator from the diagram's other lines.
  mutating func add(_ file: String, _ labels: String..., check: @escaping DiagramCheck) {
    for label in labels {
      precondition(checks["\(file): \(label)"] == nil, "two checks for \(file): \(label)")
      checks["\(file): \(label)"] = check
    }
  }
}

extension DocDiagramTests {
  /// The check of each operator line of the diagrams, by `File.swift: label`.
  static let checks: [String: DiagramCheck] = {
    var table = DiagramTable()
    table.addCreation()
    table.addTransforming()
    table.addFiltering()
    table.addTime()
    table.addCombining()
    table.addFlattening()
    table.addErrors()
    table.addSharing()
    table.addTraits()
    table.addArities()
    table.addCocoa()
    return table.checks
  }()
}

/// A sequence without elements as a sequence of names: the same terminal event.
///
/// - Parameter source: The sequence.
/// - Returns: The sequence of names.
func names(of source: some ObservableConvertibleType<Never>) -> Observable<String> {
  source.asObservable().materialize().map { event -> Event<String> in
    if case .error(let error) = event { return .error(error) }
    return .completed
  }.dematerialize()
}

/// Counts calls, from any thread.
final class Counter: Sendable {
  /// The number of calls so far.
  private let count = _Atomic<Int>(0)

  /// Returns how many times it was called before.
  func next() -> Int { count.add(1, ordering: .relaxed).oldValue }
}

/// An object whose last strong reference a check can let go of at a given tick.
final class Releasable: Sendable {}

/// Holds a value, from any thread.
final class Holder<Value: Sendable>: Sendable {
  /// The value.
  private let value: _Mutex<Value>

  /// Holds `value`.
  init(_ value: Value) { self.value = _Mutex(value) }

  /// Replaces the value.
  func set(_ newValue: Value) { value.withLock { $0 = newValue } }
}

extension DiagramTable {
  /// Creation: `just`, `of`, `from`, `range`, `generate`, `timer`, `interval`.
  mutating func addCreation() {
    add("From.swift", "of(1, 2, 3)") { _ in Observable.of(1, 2, 3).map(String.init) }
    add("From.swift", "from([1, 2, 3])") { _ in Observable.from([1, 2, 3]).map(String.init) }
    add("From+Scheduler.swift", "of(1, 2, 3, scheduler: s)") { r in
      Observable.of(1, 2, 3, scheduler: r.scheduler).map(String.init)
    }
    add("From+Scheduler.swift", "from([1, 2, 3], scheduler: s)") { r in
      Observable.from([1, 2, 3], scheduler: r.scheduler).map(String.init)
    }
    add("From+Scheduler.swift", "from(1...3, scheduler: s)") { r in
      Observable.from(1...3, scheduler: r.scheduler).map(String.init)
    }
    add("FromOptional.swift", "from(optional: 1)") { _ in
      Observable.from(optional: 1).map(String.init)
    }
    add("FromOptional.swift", "from(optional: nil)") { _ in
      Observable<Int>.from(optional: nil).map(String.init)
    }
    add("FromOptional.swift", "from(optional: 1, scheduler: s)") { r in
      Observable.from(optional: 1, scheduler: r.scheduler).map(String.init)
    }
    add("FromOptional.swift", "from(optional: nil, scheduler: s)") { r in
      Observable<Int>.from(optional: nil, scheduler: r.scheduler).map(String.init)
    }
    add(
      "Generate+Scheduler.swift",
      "generate(initialState: 1, condition: { $0 < 10 }, iterate: { $0 * 3 })"
    ) { r in
      Observable.generate(
        initialState: 1, condition: { $0 < 10 }, scheduler: r.scheduler, iterate: { $0 * 3 }
      ).map(String.init)
    }
    add("Just.swift", "just(1)") { _ in Observable.just(1).map(String.init) }
    add("Just+Scheduler.swift", "just(1, scheduler: s)") { r in
      Observable.just(1, scheduler: r.scheduler).map(String.init)
    }
    add("Range.swift", "range(start: 3, count: 3)") { _ in
      Observable.range(start: 3, count: 3).map(String.init)
    }
    add("Range+Scheduler.swift", "range(start: 3, count: 3, scheduler: s)") { r in
      Observable.range(start: 3, count: 3, scheduler: r.scheduler).map(String.init)
    }
    add("RepeatElement+Scheduler.swift", "repeatElement(1, scheduler: s)") { r in
      Observable.repeatElement(1, scheduler: r.scheduler).map(String.init)
    }
    add("Interval.swift", "interval(2)") { r in
      r.takesDuration
        ? Observable<Int>.interval(Duration.seconds(2), scheduler: r.scheduler).map(String.init)
        : Observable<Int>.interval(r.interval(2), scheduler: r.scheduler).map(String.init)
    }
    add("Timer.swift", "timer(3)") { r in
      r.takesDuration
        ? Observable<Int>.timer(Duration.seconds(3), scheduler: r.scheduler).map(String.init)
        : Observable<Int>.timer(r.interval(3), scheduler: r.scheduler).map(String.init)
    }
    add("Timer.swift", "timer(3, period: 2)") { r in
      r.takesDuration
        ? Observable<Int>.timer(
          Duration.seconds(3), period: Duration.seconds(2), scheduler: r.scheduler
        ).map(String.init)
        : Observable<Int>.timer(r.interval(3), period: r.interval(2), scheduler: r.scheduler)
          .map(String.init)
    }
  }

  /// Transforming: `map`, `scan`, `reduce`, `materialize`, `enumerated`, `groupBy`, `window`,
  /// `buffer`, `toArray`, `decode`, `startWith`, `withUnretained`.
  mutating func addTransforming() {
    add("Map.swift", "map { $0 * 10 }") { r in r.hot("source").map { String(number($0) * 10) } }
    add("CompactMap.swift", "compactMap { Int($0) }") { r in
      r.hot("source").compactMap { Int($0) }.map(String.init)
    }
    add("Scan.swift", "scan(0) { $0 + $1 }") { r in
      r.hot("source").scan(0) { $0 + number($1) }.map(String.init)
    }
    add("Scan.swift", "scan(into: []) { $0.append($1) }") { r in
      r.hot("source").scan(into: [String]()) { $0.append($1) }.map(list)
    }
    add("Reduce.swift", "reduce(0, accumulator: +)") { r in
      r.hot("source").map(number).reduce(0, accumulator: +).map(String.init)
    }
    add("Reduce.swift", #"reduce(0, accumulator: +, mapResult: { "\($0)" })"#) { r in
      r.hot("source").map(number).reduce(0, accumulator: +, mapResult: { "\($0)" })
    }
    add("Materialize.swift", "materialize()") { r in
      r.hot("source").materialize().map { "\($0)" }
    }
    add("Dematerialize.swift", "dematerialize()") { r in
      r.legendValues("source").map { description -> Event<String> in
        description == "completed" ? .completed : .next(description.filter(\.isNumber))
      }.dematerialize()
    }
    add("Enumerated.swift", "enumerated()") { r in
      r.hot("source").enumerated().map { tuple(String($0.index), $0.element) }
    }
    add("ToArray.swift", "toArray()") { r in r.hot("source").toArray().map(list).asObservable() }
    add("Decode.swift", "decode(type: T.self, decoder: decoder)") { r in
      r.hot("source").map { Data($0.utf8) }.decode(type: Int.self, decoder: JSONDecoder())
        .map(String.init)
    }
    add("StartWith.swift", "startWith(1, 2)") { r in r.hot("source").startWith("1", "2") }
    add("WithUnretained.swift", "withUnretained(o) { $1 }") { r in
      r.hot("source").withUnretained(r.releasedObject()) { $1 }
    }
    add("WithUnretained.swift", "withUnretained(o)") { r in
      r.hot("source").withUnretained(r.releasedObject()).map { tuple("o", $0.1) }
    }
    add("GroupBy.swift", "groupBy { $0 % 2 }") { r in
      let groups = ["1": r.record("group a"), "0": r.record("group b")]
      return r.hot("source").groupBy { String(number($0) % 2) }.map { group in
        if let observer = groups[group.key] { _ = group.subscribe(observer) }
        return "key \(group.key)"
      }
    }
    add("Window.swift", "window(timeSpan: 6, count: 3)") { r in
      let windows = ["a", "b", "c"].map { r.record("window \($0)") }
      let opened = Counter()
      let source = r.hot("source")
      let outer =
        r.takesDuration
        ? source.window(timeSpan: Duration.seconds(6), count: 3, scheduler: r.scheduler)
        : source.window(timeSpan: r.interval(6), count: 3, scheduler: r.scheduler)
      return outer.map { window in
        let index = opened.next()
        if index < windows.count { _ = window.subscribe(windows[index]) }
        return ["a", "b", "c"][min(index, 2)]
      }
    }
    add("Buffer.swift", "buffer(timeSpan: 6, count: 3)") { r in
      let source = r.hot("source")
      return
        (r.takesDuration
        ? source.buffer(timeSpan: Duration.seconds(6), count: 3, scheduler: r.scheduler)
        : source.buffer(timeSpan: r.interval(6), count: 3, scheduler: r.scheduler)).map(list)
    }
  }

  /// Filtering: `filter`, `distinctUntilChanged`, `skip`, `take`, `element(at:)`, `single`,
  /// `first`, `asSingle`, `ignoreElements`, `ifEmpty`, `sample`.
  mutating func addFiltering() {
    add("Filter.swift", "filter { $0.isEven }") { r in
      r.hot("source").filter { number($0).isMultiple(of: 2) }
    }
    add("DistinctUntilChanged.swift", "distinctUntilChanged()") { r in
      r.hot("source").distinctUntilChanged()
    }
    add("DistinctUntilChanged.swift", "distinctUntilChanged { $0.count }") { r in
      r.legendValues("source").distinctUntilChanged { $0.count }
    }
    add("DistinctUntilChanged.swift", "distinctUntilChanged { $0 / 2 == $1 / 2 }") { r in
      r.hot("source").distinctUntilChanged { number($0) / 2 == number($1) / 2 }
    }
    add("Skip.swift", "skip(2)") { r in r.hot("source").skip(2) }
    add("SkipWhile.swift", "skip(while: { $0 < 3 })") { r in
      r.hot("source").skip(while: { number($0) < 3 })
    }
    add("Take.swift", "take(2)") { r in r.hot("source").take(2) }
    add("TakeLast.swift", "takeLast(2)") { r in r.hot("source").takeLast(2) }
    add("TakeWhile.swift", "take(while: { $0 < 3 })") { r in
      r.hot("source").take(while: { number($0) < 3 })
    }
    add("TakeWhile.swift", "take(while: { $0 < 3 }, behavior: .inclusive)") { r in
      r.hot("source").take(while: { number($0) < 3 }, behavior: .inclusive)
    }
    add("TakeUntilPredicate.swift", "take(until: { $0 == 3 })") { r in
      r.hot("source").take(until: { number($0) == 3 })
    }
    add("TakeUntilPredicate.swift", "take(until: { $0 == 3 }, behavior: .inclusive)") { r in
      r.hot("source").take(until: { number($0) == 3 }, behavior: .inclusive)
    }
    add("TakeUntil.swift", "take(until: other)") { r in
      r.hot("source").take(until: r.hot("other"))
    }
    add("SkipUntil.swift", "skip(until: other)") { r in
      r.hot("source").skip(until: r.hot("other"))
    }
    add("ElementAt.swift", "element(at: 1)") { r in r.hot("source").element(at: 1) }
    add("ElementAt.swift", "element(at: 5)") { r in
      r.error = RxError.argumentOutOfRange
      return r.hot("source").element(at: 5)
    }
    add("SingleElement.swift", "single()") { r in
      r.error = r.errorNamed(in: r.result)
      return r.hot("source").single()
    }
    add("SingleElement.swift", "single { $0 == 2 }") { r in
      r.hot("source").single { number($0) == 2 }
    }
    add("SingleElement.swift", "single { $0 > 1 }") { r in
      r.error = RxError.moreThanOneElement
      return r.hot("source").single { number($0) > 1 }
    }
    add("SingleElement.swift", "single { $0 > 9 }") { r in
      r.error = RxError.noElements
      return r.hot("source").single { number($0) > 9 }
    }
    add("AsSingle.swift", "asSingle()") { r in
      r.error = r.errorNamed(in: r.result)
      return r.hot("source").asSingle().asObservable()
    }
    add("AsSingle.swift", "first()") { r in
      r.hot("source").first().map { $0 ?? "nil" }.asObservable()
    }
    add("IgnoreElements.swift", "ignoreElements()") { r in
      names(of: r.hot("source").ignoreElements())
    }
    add("IfEmpty.swift", "ifEmpty(default: 0)") { r in r.hot("source").ifEmpty(default: "0") }
    add("IfEmpty.swift", "ifEmpty(switchTo: other)") { r in
      r.hot("source").ifEmpty(switchTo: r.cold("other").asObservable())
    }
    add("Sample.swift", "sample") { r in r.hot("source").sample(r.hot("sampler")) }
  }
}

extension DiagramRun {
  /// The error a line's note names, such as `RxError.noElements` for
  /// `(#: RxError.noElements)`; a ``MarbleError`` if it names none.
  ///
  /// - Parameter line: The line.
  /// - Returns: The error.
  func errorNamed(in line: DiagramLine) -> any Swift.Error {
    let errors: [String: RxError] = [
      "RxError.noElements": .noElements, "RxError.moreThanOneElement": .moreThanOneElement,
      "RxError.argumentOutOfRange": .argumentOutOfRange, "RxError.timeout": .timeout,
    ]
    return errors.first { line.note.contains($0.key) }?.value ?? MarbleError()
  }

  /// A hot source of what the names on the line labelled `label` stand for in the legend.
  ///
  /// - Parameter label: The line's label.
  /// - Returns: The source.
  func legendValues(_ label: String) -> Observable<String> {
    let legend = diagram.legend
    return hot(label).map { legend[$0] ?? $0 }
  }

  /// An object whose only strong reference goes away at the tick of the `x` on the line
  /// labelled `object`.
  ///
  /// - Returns: The object.
  func releasedObject() -> Releasable {
    let object = Releasable()
    let holder = Holder<Releasable?>(object)
    let release =
      scheduler.recordedEvents(marbles: line("object")?.absoluteMarbles ?? "")
      .first?.time ?? 0
    scheduler.scheduleAt(release) { holder.set(nil) }
    return object
  }
}

extension DiagramTable {
  /// Time: `delay`, `delaySubscription`, `debounce`, `throttle`, `timeout`, `take(for:)`,
  /// `skip(for:)`, `observe(on:)`, `subscribe(on:)`.
  mutating func addTime() {
    add("Delay.swift", "delay(2)") { r in
      r.takesDuration
        ? r.hot("source").delay(Duration.seconds(2), scheduler: r.scheduler)
        : r.hot("source").delay(r.interval(2), scheduler: r.scheduler)
    }
    add("DelaySubscription.swift", "delaySubscription(3)") { r in
      r.takesDuration
        ? r.cold("source (cold)").delaySubscription(Duration.seconds(3), scheduler: r.scheduler)
        : r.cold("source (cold)").delaySubscription(r.interval(3), scheduler: r.scheduler)
    }
    add("Debounce.swift", "debounce(3)") { r in
      r.takesDuration
        ? r.hot("source").debounce(Duration.seconds(3), scheduler: r.scheduler)
        : r.hot("source").debounce(r.interval(3), scheduler: r.scheduler)
    }
    add("Throttle.swift", "throttle(4)") { r in
      r.takesDuration
        ? r.hot("source").throttle(Duration.seconds(4), scheduler: r.scheduler)
        : r.hot("source").throttle(r.interval(4), scheduler: r.scheduler)
    }
    add("Throttle.swift", "throttle(4, latest: false)") { r in
      r.takesDuration
        ? r.hot("source").throttle(Duration.seconds(4), latest: false, scheduler: r.scheduler)
        : r.hot("source").throttle(r.interval(4), latest: false, scheduler: r.scheduler)
    }
    add("Timeout.swift", "timeout(4)") { r in
      r.error = RxError.timeout
      return r.takesDuration
        ? r.hot("source").timeout(Duration.seconds(4), scheduler: r.scheduler)
        : r.hot("source").timeout(r.interval(4), scheduler: r.scheduler)
    }
    add("Timeout.swift", "timeout(4, other:)") { r in
      r.takesDuration
        ? r.hot("source").timeout(
          Duration.seconds(4), other: r.cold("other"), scheduler: r.scheduler)
        : r.hot("source").timeout(r.interval(4), other: r.cold("other"), scheduler: r.scheduler)
    }
    add("TakeFor.swift", "take(for: 4)") { r in
      r.takesDuration
        ? r.hot("source").take(for: Duration.seconds(4), scheduler: r.scheduler)
        : r.hot("source").take(for: r.interval(4), scheduler: r.scheduler)
    }
    add("SkipFor.swift", "skip(for: 4)") { r in
      r.takesDuration
        ? r.hot("source").skip(for: Duration.seconds(4), scheduler: r.scheduler)
        : r.hot("source").skip(for: r.interval(4), scheduler: r.scheduler)
    }
    add("SkipFor.swift", "skip(4, s)") { r in
      r.hot("source").skip(r.interval(4), scheduler: r.scheduler)
    }
    add("ObserveOn.swift", "observe(on: s)") { r in r.hot("source").observe(on: r.scheduler) }
    add("SubscribeOn.swift", "subscribe(on: s)") { r in
      r.cold("source (cold)").subscribe(on: r.scheduler)
    }
  }

  /// Combining: `withLatestFrom`, `concat`, `merge`, `amb`, `startWith`.
  mutating func addCombining() {
    add("WithLatestFrom.swift", #"withLatestFrom(second) { "\($0)\($1)" }"#) { r in
      r.hot("self").withLatestFrom(r.hot("second")) { "\($0)\($1)" }
    }
    add("WithLatestFrom.swift", "withLatestFrom(second)") { r in
      r.hot("self").withLatestFrom(r.hot("second"))
    }
    add("Concat.swift", "concat([a, b])") { r in
      Observable.concat([r.cold("a").asObservable(), r.cold("b").asObservable()])
    }
    add("Concat.swift", "concat(second)") { r in r.cold("self").concat(r.cold("second")) }
    add("Merge.swift", "merge(a, b)") { r in
      Observable.merge(r.hot("a").asObservable(), r.hot("b").asObservable())
    }
    add("Amb.swift", "amb(right)") { r in r.hot("self").amb(r.hot("right")) }
    add("Amb.swift", "amb([a, b, c])") { r in
      Observable.amb([r.hot("a"), r.hot("b"), r.hot("c")].map { $0.asObservable() })
    }
  }

  /// Flattening: `flatMap`, `flatMapFirst`, `flatMapLatest`, `concatMap`, `merge`, `concat`,
  /// `switchLatest`.
  mutating func addFlattening() {
    add("FlatMap.swift", "flatMap { inner($0) }") { r in
      let inners = r.innersByElement()
      return r.hot("source").flatMap { inners[$0] ?? .empty() }
    }
    add("FlatMap.swift", "flatMapFirst { inner($0) }") { r in
      let inners = r.innersByElement()
      return r.hot("source").flatMapFirst { inners[$0] ?? .empty() }
    }
    add("FlatMap.swift", "concatMap { inner($0) }") { r in
      let inners = r.innersByElement()
      return r.hot("source").concatMap { inners[$0] ?? .empty() }
    }
    add("FlatMapLatest.swift", "flatMapLatest { inner($0) }") { r in
      let inners = r.innersByElement()
      return r.hot("source").flatMapLatest { inners[$0] ?? .empty() }
    }
    add("SwitchLatest.swift", "switchLatest()") { r in
      let inners = r.innersByName()
      return r.hot("source").map { inners[$0] ?? .empty() }.switchLatest()
    }
    add("Merge.swift", "merge()") { r in
      let inners = r.innersByName()
      return r.hot("source").map { inners[$0] ?? .empty() }.merge()
    }
    add("Merge.swift", "merge(maxConcurrent: 2)") { r in
      let inners = r.innersByName()
      return r.hot("source").map { inners[$0] ?? .empty() }.merge(maxConcurrent: 2)
    }
    add("Merge.swift", "concat()") { r in
      let inners = r.innersByName()
      return r.hot("source").map { inners[$0] ?? .empty() }.concat()
    }
  }

  /// Errors: `catch`, `catchAndReturn`, `catch(sequence:)`, `retry`, `retry(when:)`,
  /// `asInfallible`.
  mutating func addErrors() {
    add("Catch.swift", "catch { _ in fallback }") { r in
      let fallback = r.cold("fallback").asObservable()
      return r.hot("source").catch { _ in fallback }
    }
    add("Catch.swift", "catchAndReturn(0)") { r in r.hot("source").catchAndReturn("0") }
    add("CatchSequence.swift", "catch(sequence: [a, b, c])") { r in
      Observable.catch(sequence: [r.cold("a"), r.cold("b"), r.cold("c")].map { $0.asObservable() })
    }
    add("Retry.swift", "retry()") { r in r.attempts().retry() }
    add("Retry.swift", "retry(2)") { r in r.cold("source (each)").retry(2) }
    add("RetryWhen.swift", "retry(when: { $0.delay(3) })") { r in
      let scheduler = r.scheduler
      return r.cold("source (each)").retry(when: { (errors: Observable<any Error>) in
        errors.delay(.seconds(3), scheduler: scheduler)
      })
    }
    add("AsInfallible.swift", "asInfallible(onErrorJustReturn: 0)") { r in
      r.hot("source").asInfallible(onErrorJustReturn: "0").asObservable()
    }
    add("AsInfallible+Catch.swift", "asInfallible(onErrorFallbackTo: fallback)") { r in
      r.hot("source").asInfallible(
        onErrorFallbackTo: r.cold("fallback").asInfallible(onErrorJustReturn: "?")
      ).asObservable()
    }
    add("AsInfallible+Catch.swift", "asInfallible(onErrorRecover: recover)") { r in
      let recover = r.cold("recover(error)").asInfallible(onErrorJustReturn: "?")
      return r.hot("source").asInfallible(onErrorRecover: { _ in recover }).asObservable()
    }
  }

  /// ObservableCocoa's `asDriver(onErrorJustReturn:)` and `asSignal(onErrorJustReturn:)`.
  mutating func addCocoa() {
    add("ObservableConvertibleType+Driver.swift", "asDriver(onErrorJustReturn: 0)") { r in
      r.hot("source").asDriver(onErrorJustReturn: "0").asObservable()
    }
    add("ObservableConvertibleType+Signal.swift", "asSignal(onErrorJustReturn: 0)") { r in
      r.hot("source").asSignal(onErrorJustReturn: "0").asObservable()
    }
  }

  /// Sharing and binding: `share`, `refCount`, `multicast`, `bind(to:)`.
  mutating func addSharing() {
    add("Share.swift", "subscriber A") { r in
      let shared = r.hot("source").share(replay: 1)
      let (a, b) = (r.record("subscriber A"), r.record("subscriber B"))
      _ = shared.subscribe(a)
      r.scheduler.scheduleAt(r.line("subscriber B")?.offset ?? 0) { _ = shared.subscribe(b) }
      return nil
    }
    add("RefCount.swift", "subscriber A") { r in
      let shared = r.hot("source").publish().refCount()
      let (a, b) = (r.record("subscriber A"), r.record("subscriber B"))
      let first = shared.subscribe(a)
      r.scheduler.scheduleAt(r.tick(after: "leaves at", in: "subscriber A")) { first.dispose() }
      let second = SerialDisposable()
      r.scheduler.scheduleAt(r.line("subscriber B")?.offset ?? 0) {
        second.disposable = shared.subscribe(b)
      }
      r.scheduler.scheduleAt(r.tick(after: "leaves at", in: "subscriber B")) { second.dispose() }
      return nil
    }
    add("MulticastSelector.swift", "multicast({ PublishSubject() }) { zip($0, $0.skip(1)) }") { r in
      r.hot("source").multicast({ PublishSubject<String>() }) { shared in
        Observable.zip(shared, shared.skip(1)).map { tuple($0.0, $0.1) }
      }
    }
    add("Bind.swift", "observer1") { r in
      _ = r.hot("source").bind(to: r.record("observer1"), r.record("observer2"))
      return nil
    }
    add("Relay+Bind.swift", "relay") { r in
      let source = r.hot("source")
      let relay = r.record("relay")
      if r.declaration.contains("PublishRelay") {
        let publish = PublishRelay<String>()
        _ = publish.subscribe(relay)
        _ = source.bind(to: publish)
      } else if r.declaration.contains("BehaviorRelay") {
        let behavior = BehaviorRelay(value: "0")
        _ = behavior.subscribe(relay)
        _ = source.bind(to: behavior)
      } else {
        let replay = ReplayRelay<String>.create(bufferSize: 1)
        _ = replay.subscribe(relay)
        _ = source.bind(to: replay)
      }
      return nil
    }
  }
}

extension DiagramRun {
  /// The cold inner sequences of the lines `inner for x`, by `x`.
  ///
  /// - Returns: The sequences.
  func innersByElement() -> [String: Observable<String>] {
    Dictionary(
      uniqueKeysWithValues: scenario.map(\.label).filter { $0.hasPrefix("inner for ") }.map {
        (String($0.dropFirst("inner for ".count)), cold($0).asObservable())
      })
  }

  /// The cold inner sequences of the lines with one-letter labels, such as `A`, by label.
  ///
  /// - Returns: The sequences.
  func innersByName() -> [String: Observable<String>] {
    Dictionary(
      uniqueKeysWithValues: scenario.map(\.label).filter { $0.count == 1 }.map {
        ($0, cold($0).asObservable())
      })
  }

  /// A source that is the line `source (1st)` on its first subscription and `source (2nd)`
  /// on later ones.
  ///
  /// - Returns: The source.
  func attempts() -> Observable<String> {
    let (first, second) = (cold("source (1st)"), cold("source (2nd)"))
    let count = Counter()
    return Observable.deferred {
      count.next() == 0 ? first.asObservable() : second.asObservable()
    }
  }
}

extension DiagramRun {
  /// The line labelled `label` as a hot `Infallible`.
  func infallible(_ label: String) -> Infallible<String> {
    hot(label).asInfallible(onErrorJustReturn: "?")
  }

  /// The line labelled `label` as a hot `Single`.
  func single(_ label: String) -> Single<String> { hot(label).asSingle() }

  /// The line labelled `label` as a hot `Maybe`.
  func maybe(_ label: String) -> Maybe<String> { hot(label).asMaybe() }

  /// The line labelled `label` as a hot `Completable`.
  func completable(_ label: String) -> Completable { hot(label).ignoreElements().asCompletable() }

  /// Whether the documented declaration is the form with a `resultSelector`.
  var takesResultSelector: Bool { declaration.contains("resultSelector") }
}

extension PrimitiveSequence where Trait == CompletableTrait, Element == Never {
  /// The completable as a sequence of names, for a diagram: it has none.
  var names: Observable<String> { DocumentationTests.names(of: asObservable()) }
}

extension DiagramTable {
  /// Traits: `Single`, `Maybe`, `Completable` and `Infallible`.
  mutating func addTraits() {
    addInfallible()
    addPrimitiveSequences()
  }

  /// `Infallible`'s creation and operators.
  mutating func addInfallible() {
    add("Infallible+Creation.swift", "just(1, scheduler: s)") { r in
      Infallible.just(1, scheduler: r.scheduler).map(String.init).asObservable()
    }
    add("Infallible+Creation.swift", "of(1, 2, 3, scheduler: s)") { r in
      Infallible.of(1, 2, 3, scheduler: r.scheduler).map(String.init).asObservable()
    }
    add("Infallible+Creation.swift", "from([1, 2, 3], scheduler: s)") { r in
      Infallible.from([1, 2, 3], scheduler: r.scheduler).map(String.init).asObservable()
    }
    add("Infallible+Creation.swift", "from(1...3, scheduler: s)") { r in
      Infallible.from(1...3, scheduler: r.scheduler).map(String.init).asObservable()
    }
    add("Infallible+Combine.swift", "merge") { r in
      Infallible.merge(r.infallible("source1"), r.infallible("source2")).asObservable()
    }
    let file = "Infallible+Operators.swift"
    add(file, "map { $0 * 10 }") { r in
      r.infallible("source").map { String(number($0) * 10) }.asObservable()
    }
    add(file, "filter { $0.isEven }") { r in
      r.infallible("source").filter { number($0).isMultiple(of: 2) }.asObservable()
    }
    add(file, "concat") { r in
      r.cold("first").asInfallible(onErrorJustReturn: "?")
        .concat(r.cold("second").asInfallible(onErrorJustReturn: "?")).asObservable()
    }
    add(file, "scan(0) { $0 + $1 }") { r in
      r.infallible("source").scan(0) { $0 + number($1) }.map(String.init).asObservable()
    }
    add(file, "startWith(1, 2)") { r in
      r.infallible("source").startWith("1", "2").asObservable()
    }
    add(file, "take(until: other)") { r in
      r.infallible("source").take(until: r.infallible("other")).asObservable()
    }
    add(file, "take(for: 4, scheduler)") { r in
      r.infallible("source").take(for: r.interval(4), scheduler: r.scheduler).asObservable()
    }
    add(file, "skip(until: other)") { r in
      r.infallible("source").skip(until: r.infallible("other")).asObservable()
    }
    add(file, "debounce(2, scheduler)") { r in
      r.infallible("source").debounce(r.interval(2), scheduler: r.scheduler).asObservable()
    }
    add(file, "throttle(4, scheduler)") { r in
      r.infallible("source").throttle(r.interval(4), scheduler: r.scheduler).asObservable()
    }
    add(file, "withLatestFrom(second)") { r in
      r.infallible("source").withLatestFrom(r.infallible("second")).asObservable()
    }
    add(file, "distinctUntilChanged()") { r in
      r.infallible("source").distinctUntilChanged().asObservable()
    }
    add("Infallible+WithUnretained.swift", "withUnretained(o) { $1 }") { r in
      r.infallible("source").withUnretained(r.releasedObject()) { $1 }.asObservable()
    }
    add("Infallible+WithUnretained.swift", "withUnretained(o)") { r in
      r.infallible("source").withUnretained(r.releasedObject()).map { tuple("o", $0.1) }
        .asObservable()
    }
  }

  /// `Single`, `Maybe` and `Completable`.
  mutating func addPrimitiveSequences() {
    add("Completable+AndThen.swift", "andThen(second)") { r in
      r.completable("self").andThen(r.cold("second").asSingle()).asObservable()
    }
    add("Completable+Operators.swift", "concat") { r in
      r.completable("first").concat(r.cold("second").ignoreElements().asCompletable()).names
    }
    add("Completable+Operators.swift", "merge") { r in
      Completable.merge(r.completable("first"), r.completable("second")).names
    }
    add("Single+Operators.swift", "map { $0 * 10 }") { r in
      r.single("source").map { String(number($0) * 10) }.asObservable()
    }
    add("Single+Operators.swift", #"compactMap { $0 == 1 ? "a" : nil }"#) { r in
      r.single("source").compactMap { $0 == "1" ? "a" : nil }.asObservable()
    }
    add("Single+Operators.swift", "flatMap(selector)") { r in
      let selected = r.cold("selector(1)").asSingle()
      return r.single("source").flatMap { _ in selected }.asObservable()
    }
    add("Single+Operators.swift", "catchAndReturn(0)") { r in
      r.single("source").catchAndReturn("0").asObservable()
    }
    add("Single+Operators.swift", "retry(2)") { r in
      r.cold("source (each)").asSingle().retry(2).asObservable()
    }
    add("Maybe+Operators.swift", "map { $0 * 10 }") { r in
      r.maybe("source").map { String(number($0) * 10) }.asObservable()
    }
    add("Maybe+Operators.swift", "flatMap(selector)") { r in
      let selected = r.cold("selector(1)").asMaybe()
      return r.maybe("source").flatMap { _ in selected }.asObservable()
    }
    add("Maybe+Operators.swift", "catchAndReturn(0)") { r in
      r.maybe("source").catchAndReturn("0").asObservable()
    }
    add("Maybe+Operators.swift", "ifEmpty(default: 0)") { r in
      r.maybe("source").ifEmpty(default: "0").asObservable()
    }
    add("Maybe+Operators.swift", "ifEmpty(switchTo: o)") { r in
      r.maybe("source").ifEmpty(switchTo: r.cold("other").asMaybe()).asObservable()
    }
    let file = "PrimitiveSequence+Operators.swift"
    add(file, "catch { _ in fallback }") { r in
      let fallback = r.cold("fallback").asSingle()
      return r.single("source").catch { _ in fallback }.asObservable()
    }
    add(file, "retry()") { r in r.attempts().asSingle().retry().asObservable() }
    add(file, "retry(2)") { r in r.cold("source (each)").asSingle().retry(2).asObservable() }
    add(file, "timeout(3, scheduler)") { r in
      r.error = RxError.timeout
      return r.single("source").timeout(r.interval(3), scheduler: r.scheduler).asObservable()
    }
    add(file, "timeout(3, other: o, scheduler)") { r in
      r.single("source").timeout(
        r.interval(3), other: r.cold("other").asSingle(), scheduler: r.scheduler
      ).asObservable()
    }
    add(file, "delay(2, scheduler)") { r in
      r.single("source").delay(r.interval(2), scheduler: r.scheduler).asObservable()
    }
    add(file, "delaySubscription(2, scheduler)") { r in
      r.cold("source (cold)").asSingle().delaySubscription(r.interval(2), scheduler: r.scheduler)
        .asObservable()
    }
    add(file, "observe(on: s)") { r in
      r.single("source").observe(on: r.scheduler).asObservable()
    }
    add(file, "subscribe(on: s)") { r in
      r.cold("source (cold)").asSingle().subscribe(on: r.scheduler).asObservable()
    }
    add("PrimitiveSequence+Scheduling.swift", "just(1, scheduler: s)") { r in
      r.declaration.contains("Maybe")
        ? Maybe.just(1, scheduler: r.scheduler).map(String.init).asObservable()
        : Single.just(1, scheduler: r.scheduler).map(String.init).asObservable()
    }
    add("PrimitiveSequence+Scheduling.swift", "timer(.seconds(3), scheduler: s)") { r in
      Single<Int>.timer(.seconds(3), scheduler: r.scheduler).map(String.init).asObservable()
    }
  }
}

extension DiagramTable {
  /// The forms with 2 to 8 sources of `combineLatest` and `zip`, on every kind of sequence.
  mutating func addArities() {
    add("CombineLatest+arity.swift", "combineLatest") { r in
      combineLatest(r.numberedSources.map { r.hot($0).asObservable() }, r.takesResultSelector)
    }
    add("Zip+arity.swift", "zip") { r in
      zip(r.numberedSources.map { r.hot($0).asObservable() }, r.takesResultSelector)
    }
    add("Infallible+Combine+arity.swift", "combineLatest") { r in
      combineLatest(r.numberedSources.map(r.infallible), r.takesResultSelector).asObservable()
    }
    add("Infallible+Combine+arity.swift", "zip") { r in
      zip(r.numberedSources.map(r.infallible), r.takesResultSelector).asObservable()
    }
    add("Single+Zip+arity.swift", "zip") { r in
      zip(r.numberedSources.map(r.single), r.takesResultSelector).asObservable()
    }
    add("Maybe+Zip+arity.swift", "zip") { r in
      zip(r.numberedSources.map(r.maybe), r.takesResultSelector).asObservable()
    }
    add("SharedSequence+arity.swift", "combineLatest") { r in
      combineLatest(
        r.numberedSources.map { r.hot($0).asDriver(onErrorJustReturn: "?") }, r.takesResultSelector
      )
      .asObservable()
    }
    add("SharedSequence+arity.swift", "zip") { r in
      zip(
        r.numberedSources.map { r.hot($0).asDriver(onErrorJustReturn: "?") }, r.takesResultSelector
      )
      .asObservable()
    }
  }
}

/// `Observable.combineLatest` of 2 to 8 sources, as a sequence of tuples of names.
///
/// - Parameters:
///   - s: The sources.
///   - selector: Whether to use the form with a result selector.
/// - Returns: The result.
func combineLatest(_ s: [Observable<String>], _ selector: Bool) -> Observable<String> {
  switch (s.count, selector) {
  case (2, true): return Observable.combineLatest(s[0], s[1]) { tuple($0, $1) }
  case (2, false):
    return Observable<any Sendable>.combineLatest(s[0], s[1]).map { tuple($0.0, $0.1) }
  case (3, true): return Observable.combineLatest(s[0], s[1], s[2]) { tuple($0, $1, $2) }
  case (3, false):
    return Observable<any Sendable>.combineLatest(s[0], s[1], s[2]).map { tuple($0.0, $0.1, $0.2) }
  case (4, true): return Observable.combineLatest(s[0], s[1], s[2], s[3]) { tuple($0, $1, $2, $3) }
  case (4, false):
    return Observable<any Sendable>.combineLatest(s[0], s[1], s[2], s[3]).map {
      tuple($0.0, $0.1, $0.2, $0.3)
    }
  case (5, true):
    return Observable.combineLatest(s[0], s[1], s[2], s[3], s[4]) { tuple($0, $1, $2, $3, $4) }
  case (5, false):
    return Observable<any Sendable>.combineLatest(s[0], s[1], s[2], s[3], s[4]).map {
      tuple($0.0, $0.1, $0.2, $0.3, $0.4)
    }
  case (6, true):
    return Observable.combineLatest(s[0], s[1], s[2], s[3], s[4], s[5]) {
      tuple($0, $1, $2, $3, $4, $5)
    }
  case (6, false):
    return Observable<any Sendable>.combineLatest(s[0], s[1], s[2], s[3], s[4], s[5]).map {
      tuple($0.0, $0.1, $0.2, $0.3, $0.4, $0.5)
    }
  case (7, true):
    return Observable.combineLatest(s[0], s[1], s[2], s[3], s[4], s[5], s[6]) {
      tuple($0, $1, $2, $3, $4, $5, $6)
    }
  case (7, false):
    return Observable<any Sendable>.combineLatest(s[0], s[1], s[2], s[3], s[4], s[5], s[6]).map {
      tuple($0.0, $0.1, $0.2, $0.3, $0.4, $0.5, $0.6)
    }
  case (8, true):
    return Observable.combineLatest(s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7]) {
      tuple($0, $1, $2, $3, $4, $5, $6, $7)
    }
  case (8, false):
    return Observable<any Sendable>.combineLatest(s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7])
      .map { tuple($0.0, $0.1, $0.2, $0.3, $0.4, $0.5, $0.6, $0.7) }
  default: return .never()
  }
}

/// `Observable.zip` of 2 to 8 sources, as a sequence of tuples of names.
///
/// - Parameters:
///   - s: The sources.
///   - selector: Whether to use the form with a result selector.
/// - Returns: The result.
func zip(_ s: [Observable<String>], _ selector: Bool) -> Observable<String> {
  switch (s.count, selector) {
  case (2, true): return Observable.zip(s[0], s[1]) { tuple($0, $1) }
  case (2, false): return Observable<any Sendable>.zip(s[0], s[1]).map { tuple($0.0, $0.1) }
  case (3, true): return Observable.zip(s[0], s[1], s[2]) { tuple($0, $1, $2) }
  case (3, false):
    return Observable<any Sendable>.zip(s[0], s[1], s[2]).map { tuple($0.0, $0.1, $0.2) }
  case (4, true): return Observable.zip(s[0], s[1], s[2], s[3]) { tuple($0, $1, $2, $3) }
  case (4, false):
    return Observable<any Sendable>.zip(s[0], s[1], s[2], s[3]).map {
      tuple($0.0, $0.1, $0.2, $0.3)
    }
  case (5, true): return Observable.zip(s[0], s[1], s[2], s[3], s[4]) { tuple($0, $1, $2, $3, $4) }
  case (5, false):
    return Observable<any Sendable>.zip(s[0], s[1], s[2], s[3], s[4]).map {
      tuple($0.0, $0.1, $0.2, $0.3, $0.4)
    }
  case (6, true):
    return Observable.zip(s[0], s[1], s[2], s[3], s[4], s[5]) { tuple($0, $1, $2, $3, $4, $5) }
  case (6, false):
    return Observable<any Sendable>.zip(s[0], s[1], s[2], s[3], s[4], s[5]).map {
      tuple($0.0, $0.1, $0.2, $0.3, $0.4, $0.5)
    }
  case (7, true):
    return Observable.zip(s[0], s[1], s[2], s[3], s[4], s[5], s[6]) {
      tuple($0, $1, $2, $3, $4, $5, $6)
    }
  case (7, false):
    return Observable<any Sendable>.zip(s[0], s[1], s[2], s[3], s[4], s[5], s[6]).map {
      tuple($0.0, $0.1, $0.2, $0.3, $0.4, $0.5, $0.6)
    }
  case (8, true):
    return Observable.zip(s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7]) {
      tuple($0, $1, $2, $3, $4, $5, $6, $7)
    }
  case (8, false):
    return Observable<any Sendable>.zip(s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7]).map {
      tuple($0.0, $0.1, $0.2, $0.3, $0.4, $0.5, $0.6, $0.7)
    }
  default: return .never()
  }
}

/// `Infallible.combineLatest` of 2 to 8 sources, as a sequence of tuples of names.
///
/// - Parameters:
///   - s: The sources.
///   - selector: Whether to use the form with a result selector.
/// - Returns: The result.
func combineLatest(_ s: [Infallible<String>], _ selector: Bool) -> Infallible<String> {
  switch (s.count, selector) {
  case (2, true): return Infallible.combineLatest(s[0], s[1]) { tuple($0, $1) }
  case (2, false):
    return Infallible<any Sendable>.combineLatest(s[0], s[1]).map { tuple($0.0, $0.1) }
  case (3, true): return Infallible.combineLatest(s[0], s[1], s[2]) { tuple($0, $1, $2) }
  case (3, false):
    return Infallible<any Sendable>.combineLatest(s[0], s[1], s[2]).map { tuple($0.0, $0.1, $0.2) }
  case (4, true): return Infallible.combineLatest(s[0], s[1], s[2], s[3]) { tuple($0, $1, $2, $3) }
  case (4, false):
    return Infallible<any Sendable>.combineLatest(s[0], s[1], s[2], s[3]).map {
      tuple($0.0, $0.1, $0.2, $0.3)
    }
  case (5, true):
    return Infallible.combineLatest(s[0], s[1], s[2], s[3], s[4]) { tuple($0, $1, $2, $3, $4) }
  case (5, false):
    return Infallible<any Sendable>.combineLatest(s[0], s[1], s[2], s[3], s[4]).map {
      tuple($0.0, $0.1, $0.2, $0.3, $0.4)
    }
  case (6, true):
    return Infallible.combineLatest(s[0], s[1], s[2], s[3], s[4], s[5]) {
      tuple($0, $1, $2, $3, $4, $5)
    }
  case (6, false):
    return Infallible<any Sendable>.combineLatest(s[0], s[1], s[2], s[3], s[4], s[5]).map {
      tuple($0.0, $0.1, $0.2, $0.3, $0.4, $0.5)
    }
  case (7, true):
    return Infallible.combineLatest(s[0], s[1], s[2], s[3], s[4], s[5], s[6]) {
      tuple($0, $1, $2, $3, $4, $5, $6)
    }
  case (7, false):
    return Infallible<any Sendable>.combineLatest(s[0], s[1], s[2], s[3], s[4], s[5], s[6]).map {
      tuple($0.0, $0.1, $0.2, $0.3, $0.4, $0.5, $0.6)
    }
  case (8, true):
    return Infallible.combineLatest(s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7]) {
      tuple($0, $1, $2, $3, $4, $5, $6, $7)
    }
  case (8, false):
    return Infallible<any Sendable>.combineLatest(s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7])
      .map { tuple($0.0, $0.1, $0.2, $0.3, $0.4, $0.5, $0.6, $0.7) }
  default: return .never()
  }
}

/// `Infallible.zip` of 2 to 8 sources, as a sequence of tuples of names.
///
/// - Parameters:
///   - s: The sources.
///   - selector: Whether to use the form with a result selector.
/// - Returns: The result.
func zip(_ s: [Infallible<String>], _ selector: Bool) -> Infallible<String> {
  switch (s.count, selector) {
  case (2, true): return Infallible.zip(s[0], s[1]) { tuple($0, $1) }
  case (2, false): return Infallible<any Sendable>.zip(s[0], s[1]).map { tuple($0.0, $0.1) }
  case (3, true): return Infallible.zip(s[0], s[1], s[2]) { tuple($0, $1, $2) }
  case (3, false):
    return Infallible<any Sendable>.zip(s[0], s[1], s[2]).map { tuple($0.0, $0.1, $0.2) }
  case (4, true): return Infallible.zip(s[0], s[1], s[2], s[3]) { tuple($0, $1, $2, $3) }
  case (4, false):
    return Infallible<any Sendable>.zip(s[0], s[1], s[2], s[3]).map {
      tuple($0.0, $0.1, $0.2, $0.3)
    }
  case (5, true): return Infallible.zip(s[0], s[1], s[2], s[3], s[4]) { tuple($0, $1, $2, $3, $4) }
  case (5, false):
    return Infallible<any Sendable>.zip(s[0], s[1], s[2], s[3], s[4]).map {
      tuple($0.0, $0.1, $0.2, $0.3, $0.4)
    }
  case (6, true):
    return Infallible.zip(s[0], s[1], s[2], s[3], s[4], s[5]) { tuple($0, $1, $2, $3, $4, $5) }
  case (6, false):
    return Infallible<any Sendable>.zip(s[0], s[1], s[2], s[3], s[4], s[5]).map {
      tuple($0.0, $0.1, $0.2, $0.3, $0.4, $0.5)
    }
  case (7, true):
    return Infallible.zip(s[0], s[1], s[2], s[3], s[4], s[5], s[6]) {
      tuple($0, $1, $2, $3, $4, $5, $6)
    }
  case (7, false):
    return Infallible<any Sendable>.zip(s[0], s[1], s[2], s[3], s[4], s[5], s[6]).map {
      tuple($0.0, $0.1, $0.2, $0.3, $0.4, $0.5, $0.6)
    }
  case (8, true):
    return Infallible.zip(s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7]) {
      tuple($0, $1, $2, $3, $4, $5, $6, $7)
    }
  case (8, false):
    return Infallible<any Sendable>.zip(s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7]).map {
      tuple($0.0, $0.1, $0.2, $0.3, $0.4, $0.5, $0.6, $0.7)
    }
  default: return .never()
  }
}

/// `Single.zip` of 2 to 8 sources, as a sequence of tuples of names.
///
/// - Parameters:
///   - s: The sources.
///   - selector: Whether to use the form with a result selector.
/// - Returns: The result.
func zip(_ s: [Single<String>], _ selector: Bool) -> Single<String> {
  switch (s.count, selector) {
  case (2, true): return Single.zip(s[0], s[1]) { tuple($0, $1) }
  case (2, false): return Single<any Sendable>.zip(s[0], s[1]).map { tuple($0.0, $0.1) }
  case (3, true): return Single.zip(s[0], s[1], s[2]) { tuple($0, $1, $2) }
  case (3, false): return Single<any Sendable>.zip(s[0], s[1], s[2]).map { tuple($0.0, $0.1, $0.2) }
  case (4, true): return Single.zip(s[0], s[1], s[2], s[3]) { tuple($0, $1, $2, $3) }
  case (4, false):
    return Single<any Sendable>.zip(s[0], s[1], s[2], s[3]).map { tuple($0.0, $0.1, $0.2, $0.3) }
  case (5, true): return Single.zip(s[0], s[1], s[2], s[3], s[4]) { tuple($0, $1, $2, $3, $4) }
  case (5, false):
    return Single<any Sendable>.zip(s[0], s[1], s[2], s[3], s[4]).map {
      tuple($0.0, $0.1, $0.2, $0.3, $0.4)
    }
  case (6, true):
    return Single.zip(s[0], s[1], s[2], s[3], s[4], s[5]) { tuple($0, $1, $2, $3, $4, $5) }
  case (6, false):
    return Single<any Sendable>.zip(s[0], s[1], s[2], s[3], s[4], s[5]).map {
      tuple($0.0, $0.1, $0.2, $0.3, $0.4, $0.5)
    }
  case (7, true):
    return Single.zip(s[0], s[1], s[2], s[3], s[4], s[5], s[6]) {
      tuple($0, $1, $2, $3, $4, $5, $6)
    }
  case (7, false):
    return Single<any Sendable>.zip(s[0], s[1], s[2], s[3], s[4], s[5], s[6]).map {
      tuple($0.0, $0.1, $0.2, $0.3, $0.4, $0.5, $0.6)
    }
  case (8, true):
    return Single.zip(s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7]) {
      tuple($0, $1, $2, $3, $4, $5, $6, $7)
    }
  case (8, false):
    return Single<any Sendable>.zip(s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7]).map {
      tuple($0.0, $0.1, $0.2, $0.3, $0.4, $0.5, $0.6, $0.7)
    }
  default: return .never()
  }
}

/// `Maybe.zip` of 2 to 8 sources, as a sequence of tuples of names.
///
/// - Parameters:
///   - s: The sources.
///   - selector: Whether to use the form with a result selector.
/// - Returns: The result.
func zip(_ s: [Maybe<String>], _ selector: Bool) -> Maybe<String> {
  switch (s.count, selector) {
  case (2, true): return Maybe.zip(s[0], s[1]) { tuple($0, $1) }
  case (2, false): return Maybe<any Sendable>.zip(s[0], s[1]).map { tuple($0.0, $0.1) }
  case (3, true): return Maybe.zip(s[0], s[1], s[2]) { tuple($0, $1, $2) }
  case (3, false): return Maybe<any Sendable>.zip(s[0], s[1], s[2]).map { tuple($0.0, $0.1, $0.2) }
  case (4, true): return Maybe.zip(s[0], s[1], s[2], s[3]) { tuple($0, $1, $2, $3) }
  case (4, false):
    return Maybe<any Sendable>.zip(s[0], s[1], s[2], s[3]).map { tuple($0.0, $0.1, $0.2, $0.3) }
  case (5, true): return Maybe.zip(s[0], s[1], s[2], s[3], s[4]) { tuple($0, $1, $2, $3, $4) }
  case (5, false):
    return Maybe<any Sendable>.zip(s[0], s[1], s[2], s[3], s[4]).map {
      tuple($0.0, $0.1, $0.2, $0.3, $0.4)
    }
  case (6, true):
    return Maybe.zip(s[0], s[1], s[2], s[3], s[4], s[5]) { tuple($0, $1, $2, $3, $4, $5) }
  case (6, false):
    return Maybe<any Sendable>.zip(s[0], s[1], s[2], s[3], s[4], s[5]).map {
      tuple($0.0, $0.1, $0.2, $0.3, $0.4, $0.5)
    }
  case (7, true):
    return Maybe.zip(s[0], s[1], s[2], s[3], s[4], s[5], s[6]) { tuple($0, $1, $2, $3, $4, $5, $6) }
  case (7, false):
    return Maybe<any Sendable>.zip(s[0], s[1], s[2], s[3], s[4], s[5], s[6]).map {
      tuple($0.0, $0.1, $0.2, $0.3, $0.4, $0.5, $0.6)
    }
  case (8, true):
    return Maybe.zip(s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7]) {
      tuple($0, $1, $2, $3, $4, $5, $6, $7)
    }
  case (8, false):
    return Maybe<any Sendable>.zip(s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7]).map {
      tuple($0.0, $0.1, $0.2, $0.3, $0.4, $0.5, $0.6, $0.7)
    }
  default: return .never()
  }
}

/// `Driver.combineLatest` of 2 to 8 sources, as a sequence of tuples of names.
///
/// - Parameters:
///   - s: The sources.
///   - selector: Whether to use the form with a result selector.
/// - Returns: The result.
func combineLatest(_ s: [Driver<String>], _ selector: Bool) -> Driver<String> {
  switch (s.count, selector) {
  case (2, true): return Driver.combineLatest(s[0], s[1]) { tuple($0, $1) }
  case (2, false): return Driver<any Sendable>.combineLatest(s[0], s[1]).map { tuple($0.0, $0.1) }
  case (3, true): return Driver.combineLatest(s[0], s[1], s[2]) { tuple($0, $1, $2) }
  case (3, false):
    return Driver<any Sendable>.combineLatest(s[0], s[1], s[2]).map { tuple($0.0, $0.1, $0.2) }
  case (4, true): return Driver.combineLatest(s[0], s[1], s[2], s[3]) { tuple($0, $1, $2, $3) }
  case (4, false):
    return Driver<any Sendable>.combineLatest(s[0], s[1], s[2], s[3]).map {
      tuple($0.0, $0.1, $0.2, $0.3)
    }
  case (5, true):
    return Driver.combineLatest(s[0], s[1], s[2], s[3], s[4]) { tuple($0, $1, $2, $3, $4) }
  case (5, false):
    return Driver<any Sendable>.combineLatest(s[0], s[1], s[2], s[3], s[4]).map {
      tuple($0.0, $0.1, $0.2, $0.3, $0.4)
    }
  case (6, true):
    return Driver.combineLatest(s[0], s[1], s[2], s[3], s[4], s[5]) {
      tuple($0, $1, $2, $3, $4, $5)
    }
  case (6, false):
    return Driver<any Sendable>.combineLatest(s[0], s[1], s[2], s[3], s[4], s[5]).map {
      tuple($0.0, $0.1, $0.2, $0.3, $0.4, $0.5)
    }
  case (7, true):
    return Driver.combineLatest(s[0], s[1], s[2], s[3], s[4], s[5], s[6]) {
      tuple($0, $1, $2, $3, $4, $5, $6)
    }
  case (7, false):
    return Driver<any Sendable>.combineLatest(s[0], s[1], s[2], s[3], s[4], s[5], s[6]).map {
      tuple($0.0, $0.1, $0.2, $0.3, $0.4, $0.5, $0.6)
    }
  case (8, true):
    return Driver.combineLatest(s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7]) {
      tuple($0, $1, $2, $3, $4, $5, $6, $7)
    }
  case (8, false):
    return Driver<any Sendable>.combineLatest(s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7]).map {
      tuple($0.0, $0.1, $0.2, $0.3, $0.4, $0.5, $0.6, $0.7)
    }
  default: return .never()
  }
}

/// `Driver.zip` of 2 to 8 sources, as a sequence of tuples of names.
///
/// - Parameters:
///   - s: The sources.
///   - selector: Whether to use the form with a result selector.
/// - Returns: The result.
func zip(_ s: [Driver<String>], _ selector: Bool) -> Driver<String> {
  switch (s.count, selector) {
  case (2, true): return Driver.zip(s[0], s[1]) { tuple($0, $1) }
  case (2, false): return Driver<any Sendable>.zip(s[0], s[1]).map { tuple($0.0, $0.1) }
  case (3, true): return Driver.zip(s[0], s[1], s[2]) { tuple($0, $1, $2) }
  case (3, false): return Driver<any Sendable>.zip(s[0], s[1], s[2]).map { tuple($0.0, $0.1, $0.2) }
  case (4, true): return Driver.zip(s[0], s[1], s[2], s[3]) { tuple($0, $1, $2, $3) }
  case (4, false):
    return Driver<any Sendable>.zip(s[0], s[1], s[2], s[3]).map { tuple($0.0, $0.1, $0.2, $0.3) }
  case (5, true): return Driver.zip(s[0], s[1], s[2], s[3], s[4]) { tuple($0, $1, $2, $3, $4) }
  case (5, false):
    return Driver<any Sendable>.zip(s[0], s[1], s[2], s[3], s[4]).map {
      tuple($0.0, $0.1, $0.2, $0.3, $0.4)
    }
  case (6, true):
    return Driver.zip(s[0], s[1], s[2], s[3], s[4], s[5]) { tuple($0, $1, $2, $3, $4, $5) }
  case (6, false):
    return Driver<any Sendable>.zip(s[0], s[1], s[2], s[3], s[4], s[5]).map {
      tuple($0.0, $0.1, $0.2, $0.3, $0.4, $0.5)
    }
  case (7, true):
    return Driver.zip(s[0], s[1], s[2], s[3], s[4], s[5], s[6]) {
      tuple($0, $1, $2, $3, $4, $5, $6)
    }
  case (7, false):
    return Driver<any Sendable>.zip(s[0], s[1], s[2], s[3], s[4], s[5], s[6]).map {
      tuple($0.0, $0.1, $0.2, $0.3, $0.4, $0.5, $0.6)
    }
  case (8, true):
    return Driver.zip(s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7]) {
      tuple($0, $1, $2, $3, $4, $5, $6, $7)
    }
  case (8, false):
    return Driver<any Sendable>.zip(s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7]).map {
      tuple($0.0, $0.1, $0.2, $0.3, $0.4, $0.5, $0.6, $0.7)
    }
  default: return .never()
  }
}
