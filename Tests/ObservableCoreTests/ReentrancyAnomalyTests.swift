import Dispatch
import ObservableCore
import ObservableTesting
import Testing

/// Records every report that reaches `Hooks.reentrancyAnomalyHandler`, for the whole test
/// process.
///
/// Once set, the hook receives every reentrant event; what it prints while unset is checked by
/// HookDefaultsTests, in a process of its own.
///
/// Tests run in parallel and many of them send reentrant events, so the first test that needs
/// reports installs this recorder, once, and every test looks only for its own marker values.
private final class ReentrancyReports: Sendable {
  private static let shared: ReentrancyReports = {
    let recorder = ReentrancyReports()
    Hooks.reentrancyAnomalyHandler = { message in recorder.record(message) }
    return recorder
  }()

  private let reports = _Mutex<[String]>([])

  /// Installs the process-wide recorder if it is not installed yet, and returns it.
  static func recorder() -> ReentrancyReports {
    shared
  }

  private func record(_ message: String) {
    reports.withLock { $0.append(message) }
  }

  /// The `Subject: …, event: …` parts of the reports that name one of `markers`, in order.
  func subjectLines(mentioning markers: [Int]) -> [String] {
    let all = reports.withLock { $0 }
    return all.compactMap { message -> String? in
      let lines = message.split(separator: "\n")
      guard let line = lines.first(where: { $0.contains("> Subject:") }) else { return nil }
      guard markers.contains(where: { line.hasSuffix("(\($0))") }) else { return nil }
      return line.trimmingPrefix(while: { $0 == " " || $0 == ">" }).description
    }
  }

  /// The reports that name one of `markers`, whole.
  func messages(mentioning markers: [Int]) -> [String] {
    reports.withLock { $0 }.filter { message in
      markers.contains { message.contains("event: next(\($0))") }
    }
  }
}

/// What the reentrancy reports for `markers` are expected to be: the given lines in a debug
/// build of ObservableCore, none in a release build, where subjects do not check.
private func expectedReports(_ lines: [String]) -> [String] {
  #if DEBUG
    return lines
  #else
    return []
  #endif
}

@Suite("Reentrancy anomaly reports")
struct ReentrancyAnomalyTests {
  @Test("an event sent to a subject from inside its delivery is queued and reported")
  func publishSubject() {
    withLeakChecking {
      let reports = ReentrancyReports.recorder()
      let subject = PublishSubject<Int>()
      let received = Box<[String]>([])
      let first = subject.subscribe(onNext: { value in
        received.mutate { $0.append("first \(value)") }
        if value == 7_001 { subject.onNext(7_002) }
        if value == 7_002 { subject.onNext(7_003) }
      })
      let second = subject.subscribe(onNext: { value in
        received.mutate { $0.append("second \(value)") }
      })
      subject.onNext(7_001)
      // Queued, not nested: both observers see each event before the next one.
      expectEqual(
        received.value,
        [
          "first 7001", "second 7001", "first 7002", "second 7002", "first 7003", "second 7003",
        ])
      expectEqual(
        reports.subjectLines(mentioning: [7_001, 7_002, 7_003]),
        expectedReports([
          "Subject: PublishSubject, event: next(7002)",
          "Subject: PublishSubject, event: next(7003)",
        ]))
      #if DEBUG
        let message = reports.messages(mentioning: [7_002]).first ?? ""
        #expect(message.hasPrefix("⚠️ Reentrancy anomaly was detected.\n"))
        #expect(message.contains("> Remedy:"))
      #endif
      first.dispose()
      second.dispose()
    }
  }

  @Test(
    "a handler that is set receives every reentrant event in full, past 10 and 100 on a subject")
  func everyOccurrence() {
    withLeakChecking {
      let reports = ReentrancyReports.recorder()
      let subject = PublishSubject<Int>()
      let subscription = subject.subscribe(onNext: { value in
        if value < 8_120 { subject.onNext(value + 1) }
      })
      subject.onNext(8_000)
      subscription.dispose()
      // 120 reentrant events, each reported with the whole warning; without the handler the
      // subject would print the first one and a line at the 10th and the 100th.
      let markers = Array(8_001...8_120)
      #expect(
        reports.subjectLines(mentioning: [8_000] + markers)
          == expectedReports(markers.map { "Subject: PublishSubject, event: next(\($0))" }))
      #if DEBUG
        let messages = reports.messages(mentioning: markers)
        #expect(messages.count == 120)
        #expect(
          messages.allSatisfy {
            $0.hasPrefix("⚠️ Reentrancy anomaly was detected.\n") && $0.contains("> Remedy:")
          })
      #endif
    }
  }

  @Test("every kind of subject and relay reports a reentrant event")
  func everySubject() {
    withLeakChecking {
      let reports = ReentrancyReports.recorder()
      func check(
        _ name: String, _ source: Observable<Int>, send: @escaping @Sendable (Int) -> Void,
        marker: Int, sourceLocation: SourceLocation = #_sourceLocation
      ) {
        let subscription = source.subscribe(onNext: { value in
          if value == marker { send(marker + 1) }
        })
        send(marker)
        subscription.dispose()
        expectEqual(
          reports.subjectLines(mentioning: [marker, marker + 1]),
          expectedReports(["Subject: \(name), event: next(\(marker + 1))"]),
          sourceLocation: sourceLocation)
      }
      let publish = PublishSubject<Int>()
      check("PublishSubject", publish.asObservable(), send: { publish.onNext($0) }, marker: 7_101)
      let behavior = BehaviorSubject(value: 0)
      check(
        "BehaviorSubject", behavior.asObservable(), send: { behavior.onNext($0) }, marker: 7_111)
      let replay = ReplaySubject<Int>.create(bufferSize: 1)
      check("ReplaySubject", replay.asObservable(), send: { replay.onNext($0) }, marker: 7_121)

      let relay = PublishRelay<Int>()
      let relaySubscription = relay.subscribe(onNext: { value in
        if value == 7_131 { relay.accept(7_132) }
      })
      relay.accept(7_131)
      relaySubscription.dispose()
      expectEqual(
        reports.subjectLines(mentioning: [7_131, 7_132]),
        expectedReports(["Subject: PublishSubject, event: next(7132)"]))

      let behaviorRelay = BehaviorRelay(value: 0)
      let behaviorSubscription = behaviorRelay.subscribe(onNext: { value in
        if value == 7_141 { behaviorRelay.accept(7_142) }
      })
      behaviorRelay.accept(7_141)
      behaviorSubscription.dispose()
      expectEqual(
        reports.subjectLines(mentioning: [7_141, 7_142]),
        expectedReports(["Subject: BehaviorSubject, event: next(7142)"]))
      expectEqual(behaviorRelay.value, 7_142)
    }
  }

  @Test("a reentrant event during a new subscriber's replay is reported")
  func duringReplay() {
    withLeakChecking {
      let reports = ReentrancyReports.recorder()
      let subject = BehaviorSubject(value: 7_201)
      let received = Box<[Int]>([])
      let subscription = subject.subscribe(onNext: { value in
        received.mutate { $0.append(value) }
        if value == 7_201 { subject.onNext(7_202) }
      })
      expectEqual(received.value, [7_201, 7_202])
      expectEqual(
        reports.subjectLines(mentioning: [7_201, 7_202]),
        expectedReports(["Subject: BehaviorSubject, event: next(7202)"]))
      subscription.dispose()
    }
  }

  @Test("events sent one after another, or after termination, are not reported")
  func notReentrant() {
    withLeakChecking {
      let reports = ReentrancyReports.recorder()
      let subject = PublishSubject<Int>()
      let subscription = subject.subscribe(onNext: { value in
        if value == 7_302 {
          subject.onCompleted()
          // Dropped: the subject has already been terminated.
          subject.onNext(7_303)
        }
      })
      subject.onNext(7_301)
      subject.onNext(7_302)
      expectEqual(reports.subjectLines(mentioning: [7_301, 7_302, 7_303]), [])
      subscription.dispose()
    }
  }

  @Test("an event sent from another thread while one thread delivers is not reported")
  func otherThread() {
    withLeakChecking {
      let reports = ReentrancyReports.recorder()
      let subject = PublishSubject<Int>()
      let delivering = DispatchSemaphore(value: 0)
      let sent = DispatchSemaphore(value: 0)
      let received = Box<[Int]>([])
      let subscription = subject.subscribe(onNext: { value in
        received.mutate { $0.append(value) }
        if value == 7_401 {
          delivering.signal()
          sent.wait()
        }
      })
      DispatchQueue.global().async {
        delivering.wait()
        // Queued behind the delivery in progress; this thread returns at once.
        subject.onNext(7_402)
        sent.signal()
      }
      subject.onNext(7_401)
      expectEqual(received.value, [7_401, 7_402])
      expectEqual(reports.subjectLines(mentioning: [7_401, 7_402]), [])
      subscription.dispose()
    }
  }
}
