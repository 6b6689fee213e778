import Dispatch
import ObservableCore
import ObservableTesting
import Testing

/// The error the racing emitter ends half of its rounds with.
private struct StressError: Error {}

/// The number of elements the emitter sends per round; the terminal event is number `count`.
private let elementsPerRound = 4

/// One operator under test: builds the observed chain from the two racing sources.
///
/// A member maps whatever it emits to the number of the send that caused it (see
/// ``RaceProbe``): elements keep their numbers, and an aggregate emitted at completion
/// carries the terminal number `k`.
private typealias Member =
  @Sendable (
    _ a: Observable<Int>, _ b: Observable<Int>, _ k: Int, _ schedulers: RaceSchedulers
  ) -> Observable<Int>

/// The real-thread schedulers the asynchronous families deliver on.
private struct RaceSchedulers: Sendable {
  let serial = SerialDispatchQueueScheduler(internalSerialQueueName: "StressTests.serial")
  let concurrent = ConcurrentDispatchQueueScheduler(qos: .default)
}

/// A family of operators that share a shape, raced the same way.
private struct OperatorFamily: Sendable, CustomTestStringConvertible {
  let name: String
  /// Whether every member delivers on the emitting thread.
  let synchronous: Bool
  /// Whether the emitter sends at all; scheduled sources emit by themselves.
  var emits = true
  let members: [(String, Member)]

  var testDescription: String { name }
}

private let families: [OperatorFamily] = [
  OperatorFamily(
    name: "transforming", synchronous: true,
    members: [
      (
        "map/filter/compactMap",
        { a, _, _, _ in a.map { $0 }.filter { _ in true }.compactMap { $0 } }
      ),
      (
        "scan/distinctUntilChanged",
        { a, _, _, _ in a.scan(-1) { max($0, $1) }.distinctUntilChanged() }
      ),
      ("enumerated/startWith", { a, _, _, _ in a.enumerated().map { $0.element }.startWith(-1) }),
      (
        "do/materialize/dematerialize",
        { a, _, _, _ in a.do(onNext: { _ in }, onCompleted: {}).materialize().dematerialize() }
      ),
    ]),
  OperatorFamily(
    name: "filtering", synchronous: true,
    members: [
      ("take/skip", { a, _, _, _ in a.take(100).skip(1) }),
      (
        "take(while:)/skip(while:)",
        { a, _, _, _ in a.take(while: { $0 < 100 }).skip(while: { $0 < 1 }) }
      ),
      ("take(until: predicate)", { a, _, _, _ in a.take(until: { $0 > 100 }) }),
      (
        "ignoreElements",
        { a, _, k, _ in a.ignoreElements().materialize().map { _ in k } }
      ),
    ]),
  OperatorFamily(
    name: "aggregating", synchronous: true,
    members: [
      ("toArray", { a, _, k, _ in a.toArray().asObservable().map { _ in k } }),
      ("reduce", { a, _, k, _ in a.reduce(0, accumulator: +).map { _ in k } }),
      ("takeLast", { a, _, k, _ in a.takeLast(2).map { _ in k } }),
    ]),
  OperatorFamily(
    name: "flattening", synchronous: true,
    members: [
      ("flatMap", { a, _, _, _ in a.flatMap { Observable.just($0) } }),
      ("concatMap", { a, _, _, _ in a.concatMap { Observable.just($0) } }),
      ("flatMapFirst", { a, _, _, _ in a.flatMapFirst { Observable.just($0) } }),
      ("flatMapLatest", { a, b, _, _ in a.flatMapLatest { value in b.map { max($0, value) } } }),
      ("merge", { a, b, _, _ in Observable.merge(a, b) }),
      ("merge(maxConcurrent:)", { a, b, _, _ in Observable.of(a, b).merge(maxConcurrent: 1) }),
      ("concat", { a, b, _, _ in Observable.concat(a, b) }),
      ("switchLatest", { a, b, _, _ in Observable.of(a, b).switchLatest() }),
    ]),
  OperatorFamily(
    name: "combining", synchronous: true,
    members: [
      ("combineLatest", { a, b, _, _ in Observable.combineLatest(a, b) { max($0, $1) } }),
      ("zip", { a, b, _, _ in Observable.zip(a, b) { max($0, $1) } }),
      ("withLatestFrom", { a, b, _, _ in a.withLatestFrom(b) { max($0, $1) } }),
      ("amb", { a, b, _, _ in a.amb(b) }),
      ("sample", { a, b, _, _ in a.sample(b) }),
      ("take(until:)", { a, b, _, _ in a.take(until: b.filter { $0 > 100 }) }),
      ("skip(until:)", { a, b, _, _ in a.skip(until: b) }),
    ]),
  OperatorFamily(
    name: "error handling", synchronous: true,
    members: [
      ("catch", { a, _, _, _ in a.catch { _ in Observable.empty() } }),
      ("catchAndReturn", { a, _, _, _ in a.catchAndReturn(-1) }),
      ("retry", { a, _, _, _ in a.retry(3) }),
      (
        "retry(when:)",
        { a, _, _, _ in a.retry(when: { (errors: Observable<any Error>) in errors.take(2) }) }
      ),
      ("asInfallible", { a, _, _, _ in a.asInfallible(onErrorJustReturn: -1).asObservable() }),
    ]),
  OperatorFamily(
    name: "sharing", synchronous: true,
    members: [
      ("share(replay: 1)", { a, _, _, _ in a.share(replay: 1) }),
      ("share(replay: 0, scope: .forever)", { a, _, _, _ in a.share(replay: 0, scope: .forever) }),
      ("publish().refCount()", { a, _, _, _ in a.publish().refCount() }),
      ("replay(1).refCount()", { a, _, _, _ in a.replay(1).refCount() }),
      (
        "multicast(makeSubject:).refCount()",
        { a, _, _, _ in a.multicast(makeSubject: { PublishSubject<Int>() }).refCount() }
      ),
    ]),
  OperatorFamily(
    name: "subjects and creation", synchronous: true,
    members: [
      ("BehaviorSubject", { a, _, _, _ in relayed(a) { BehaviorSubject(value: -1) } }),
      ("ReplaySubject", { a, _, _, _ in relayed(a) { ReplaySubject<Int>.create(bufferSize: 2) } }),
      ("AsyncSubject", { a, _, k, _ in relayed(a) { AsyncSubject<Int>() }.map { _ in k } }),
      ("create", { a, _, _, _ in Observable.create { observer in a.subscribe(observer) } }),
      ("deferred", { a, _, _, _ in Observable.deferred { a } }),
      (
        "using",
        { a, _, _, _ in Observable.using({ BooleanDisposable() }, observableFactory: { _ in a }) }
      ),
    ]),
  OperatorFamily(
    name: "scheduling", synchronous: false,
    members: [
      ("observe(on: serial)", { a, _, _, s in a.observe(on: s.serial) }),
      ("observe(on: concurrent)", { a, _, _, s in a.observe(on: s.concurrent) }),
      ("subscribe(on:)", { a, _, _, s in a.subscribe(on: s.serial) }),
      (
        "delaySubscription",
        { a, _, _, s in a.delaySubscription(.nanoseconds(0), scheduler: s.serial) }
      ),
    ]),
  OperatorFamily(
    name: "time", synchronous: false,
    members: [
      ("delay", { a, _, _, s in a.delay(.nanoseconds(0), scheduler: s.serial) }),
      ("debounce", { a, _, _, s in a.debounce(.nanoseconds(0), scheduler: s.serial) }),
      ("throttle", { a, _, _, s in a.throttle(.nanoseconds(0), scheduler: s.serial) }),
      ("timeout", { a, _, _, s in a.timeout(.seconds(600), scheduler: s.serial) }),
      (
        "buffer",
        { a, _, k, s in
          a.buffer(timeSpan: .seconds(600), count: 2, scheduler: s.serial)
            .map { $0.count == 2 ? ($0.last ?? k) : k }
        }
      ),
      (
        "window",
        { a, _, _, s in a.window(timeSpan: .seconds(600), count: 2, scheduler: s.serial).merge() }
      ),
      ("take(for:)", { a, _, _, s in a.take(for: .seconds(600), scheduler: s.serial) }),
      ("skip(for:)", { a, _, _, s in a.skip(for: .nanoseconds(0), scheduler: s.serial) }),
    ]),
  OperatorFamily(
    name: "scheduled sources", synchronous: false, emits: false,
    members: [
      ("from(scheduler:)", { _, _, _, s in Observable.from([0, 1, 2, 3], scheduler: s.serial) }),
      ("of(scheduler:)", { _, _, _, s in Observable.of(0, 1, 2, 3, scheduler: s.concurrent) }),
      ("just(scheduler:)", { _, _, _, s in Observable.just(0, scheduler: s.serial) }),
      ("timer", { _, _, _, s in Observable<Int>.timer(.nanoseconds(0), scheduler: s.serial) }),
      (
        "interval",
        { _, _, _, s in Observable<Int>.interval(.nanoseconds(1), scheduler: s.serial).take(4) }
      ),
    ]),
]

/// Subscribes `source` into a subject made by `makeSubject`, and the observer to the subject.
private func relayed<S: SubjectType & ObserverType>(
  _ source: Observable<Int>, _ makeSubject: @escaping @Sendable () -> S
) -> Observable<Int> where S.Element == Int, S.Observer.Element == Int, S: Sendable {
  Observable.deferred {
    let subject = makeSubject()
    return Observable.create { observer in
      let downstream = subject.asObservable().subscribe(observer)
      let upstream = source.subscribe(subject)
      return Disposables.create(downstream, upstream)
    }
  }
}

extension Stress {
  /// For every operator family, 10,000 rounds of disposal racing emission on two threads.
  ///
  /// Each round builds a fresh chain over fresh subjects and attaches a ``RaceProbe``, with
  /// `subscribe(_:)` or straight to a lifetime as operators attach upstream. One
  /// thread sends four elements and a terminal event (`completed` or an error, alternately)
  /// while the other disposes; where they meet moves from round to round. The probe fails the
  /// test on an event caused by a send after dispose returned, on more than one event begun
  /// after dispose returned, on a second terminal event, and on overlapping calls; for the
  /// synchronous families, a terminal event sent before dispose began must have been delivered
  /// exactly once. A deadline turns a deadlock into a failure, and the leak check proves every
  /// subscription was released.
  @Suite("Stress: dispose racing emission, for every operator family")
  struct DisposeRaceStressTests {
    static let rounds = 10_000

    @Test("10,000 races", .timeLimit(.minutes(10)), arguments: families)
    fileprivate func disposeRacesEmission(_ family: OperatorFamily) async {
      let failures = StressFailures()
      let schedulers = RaceSchedulers()
      let completed = await withLeakChecking(timeout: .seconds(120)) {
        await runRaces(Self.rounds, deadline: .seconds(300)) { round in
          Self.race(round, family: family, schedulers: schedulers, failures: failures)
        }
      }
      #expect(completed == Self.rounds)
      failures.expectNone()
    }

    private static func race(
      _ round: Int, family: OperatorFamily, schedulers: RaceSchedulers, failures: StressFailures
    ) -> Race {
      let (memberName, member) = family.members[round % family.members.count]
      let a = PublishSubject<Int>()
      let b = PublishSubject<Int>()
      let k = elementsPerRound
      let fails = round.isMultiple(of: 2)
      // Every other pair of rounds attaches the probe straight to a lifetime, as operators attach
      // to their upstream, so that what an operator emits is checked without the filtering that
      // `subscribe(_:)` adds in front of the observer.
      let raw = (round / 2).isMultiple(of: 2)
      let probe = RaceProbe(
        terminalNumber: k, failures: failures,
        label: "\(family.name)/\(memberName)\(raw ? " (raw)" : "") #\(round)",
        limitsInFlight: !raw)
      let observable = member(a.asObservable(), b.asObservable(), k, schedulers)
      let subscription: any Disposable
      if raw {
        let lifetime = _Lifetime()
        observable._subscribe(AnyObserver(probe), lifetime)
        subscription = lifetime
      } else {
        subscription = observable.subscribe(probe)
      }
      // Move the meeting point: each side waits a different number of steps before it acts.
      let leftDelay = (round / 7 % 5) * 40
      let rightDelay = (round % 7) * 40
      return Race(
        left: {
          spin(leftDelay)
          guard family.emits else { return }
          for number in 0..<k {
            probe.noteSending(number)
            a.onNext(number)
            b.onNext(number)
          }
          probe.noteSending(k)
          if fails {
            a.onError(StressError())
            b.onError(StressError())
          } else {
            a.onCompleted()
            b.onCompleted()
          }
          probe.noteTerminalSent()
        },
        right: {
          spin(rightDelay)
          probe.dispose(subscription)
        },
        check: {
          probe.checkAfterRace(synchronous: family.synchronous)
        })
    }
  }
}
