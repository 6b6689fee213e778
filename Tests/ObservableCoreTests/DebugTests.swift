import ObservableCore
import ObservableTesting
import Testing

/// Strips the timestamp from a debug line: `2024-05-01 12:00:00.000: id -> x` becomes
/// `id -> x`, after checking its shape.
private func content(_ line: String) -> String {
  let parts = line.split(separator: ": ", maxSplits: 1)
  guard parts.count == 2, parts[0].count == 23 else { return "malformed: \(line)" }
  return String(parts[1])
}

@Suite("debug")
struct DebugTests {
  @Test("logs subscription, each event and disposal through the logger")
  func values() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])
      let lines = Box<[String]>([])
      let res = scheduler.start {
        xs.debug("xs", logger: { line in lines.mutate { $0.append(line) } })
      }
      expectEqual(res.events, [.next(210, 1), .completed(300)])
      expectEqual(xs.subscriptions, [Subscription(200, 300)])
      expectEqual(
        lines.value.map(content),
        [
          "xs -> subscribed", "xs -> Event next(1)", "xs -> Event completed", "xs -> isDisposed",
        ])
    }
  }

  @Test("routes lines through Hooks.debugLogger, and drops them when it is nil")
  func hook() {
    withLeakChecking {
      let lines = Box<[String]>([])
      let previous = Hooks.debugLogger
      Hooks.debugLogger = { line in
        if line.contains("hooked") { lines.mutate { $0.append(line) } }
      }
      _ = Observable.just(1).debug("hooked").subscribe()
      Hooks.debugLogger = nil
      _ = Observable.just(2).debug("hooked").subscribe()
      Hooks.debugLogger = previous
      expectEqual(
        lines.value.map(content),
        [
          "hooked -> subscribed", "hooked -> Event next(1)", "hooked -> Event completed",
          "hooked -> isDisposed",
        ])
    }
  }

  @Test("the default identifier names the file, line and function")
  func defaultIdentifier() {
    withLeakChecking {
      let lines = Box<[String]>([])
      _ = Observable<Int>.empty().debug(logger: { line in lines.mutate { $0.append(line) } })
        .subscribe()
      let first = lines.value.first.map(content) ?? ""
      #expect(first.hasPrefix("DebugTests.swift:"))
      #expect(first.hasSuffix("(defaultIdentifier()) -> subscribed"))
    }
  }

  @Test("trimOutput shortens long events to about 40 characters")
  func trimOutput() {
    withLeakChecking {
      let lines = Box<[String]>([])
      let long = String(repeating: "a", count: 60)
      _ = Observable.just(long).debug(
        "t", trimOutput: true,
        logger: { line in
          lines.mutate { $0.append(line) }
        }
      ).subscribe()
      let event = lines.value.map(content).first { $0.hasPrefix("t -> Event next") } ?? ""
      expectEqual(event, "t -> Event next(aaaaaaaaaaaaaaa...aaaaaaaaaaaaaaaaaaa)")
    }
  }

  @Test("forwards an upstream error and logs it")
  func upstreamError() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.error(220, testError, Int.self)])
      let lines = Box<[String]>([])
      let res = scheduler.start { xs.debug("e", logger: { l in lines.mutate { $0.append(l) } }) }
      expectEqual(res.events, [.error(220, testError)])
      #expect(lines.value.map(content).contains("e -> Event error(\(testError))"))
    }
  }

  @Test("disposing downstream disposes upstream and logs isDisposed once")
  func dispose() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .next(290, 2), .completed(400)])
      let lines = Box<[String]>([])
      let res = scheduler.start(disposed: 250) {
        xs.debug("d", logger: { line in lines.mutate { $0.append(line) } })
      }
      #expect(res.events == [.next(210, 1)])
      #expect(xs.subscriptions == [Subscription(200, 250)])
      #expect(lines.value.map(content).filter { $0 == "d -> isDisposed" }.count == 1)
    }
  }

  @Test("an observer may emit into the source, subscribe and dispose from inside onNext")
  func reentrancy() {
    withLeakChecking {
      let subject = PublishSubject<Int>()
      let source = subject.debug("r", logger: { _ in })
      let received = Box<[Int]>([])
      let subscription = Box<(any Disposable)?>(nil)
      subscription.value = source.subscribe(onNext: { value in
        received.mutate { $0.append(value) }
        if value == 1 {
          _ = source.take(1).subscribe()
          subject.onNext(2)
        } else {
          subscription.value?.dispose()
        }
      })
      subject.onNext(1)
      subject.onNext(3)
      expectEqual(received.value, [1, 2])
      #expect(!subject.hasObservers)
      subscription.value = nil
    }
  }

  @Test("releases the logger's captures after termination")
  func releasesCaptures() {
    weak var weakTracked: Tracked?
    withLeakChecking {
      let tracked = Tracked()
      weakTracked = tracked
      _ = Observable.just(1).debug("x", logger: { [tracked] _ in _ = tracked }).subscribe()
    }
    #expect(weakTracked == nil)
  }
}
