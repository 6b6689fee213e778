import AsyncBridge
import Dispatch
import ObservableCore
import ObservableTesting
import Testing

/// A hot source that counts its subscriptions and disposals.
private final class CountingSource: Sendable {
  let subject = PublishSubject<Int>()
  let subscribed = _Atomic<Int>(0)
  let disposed = _Atomic<Int>(0)

  var observable: Observable<Int> {
    subject.do(
      onSubscribe: { self.subscribed.add(1, ordering: .sequentiallyConsistent) },
      onDispose: { self.disposed.add(1, ordering: .sequentiallyConsistent) })
  }
}

/// The ways a task consumes an observable, each raced 10,000 times.
private enum Conversion: String, CaseIterable, Sendable, CustomTestStringConvertible {
  case values
  case asyncElements
  case singleValue

  var testDescription: String { rawValue }

  /// Consumes `source` until it ends, fails or the task is cancelled.
  ///
  /// - Returns: The elements received.
  func consume(_ source: Observable<Int>, failures: StressFailures) async -> [Int] {
    var received: [Int] = []
    do {
      switch self {
      case .values:
        for try await value in source.values { received.append(value) }
      case .asyncElements:
        let sequence = source.asyncElements(
          bufferingPolicy: .bufferingOldest(2), onCancellation: .throwCancellationError)
        for try await value in sequence { received.append(value) }
      case .singleValue:
        received.append(try await source.take(1).asSingle().value)
      }
    } catch is CancellationError {
    } catch let error as RxError {
      // The Single's source may complete empty when completion wins the race.
      if case .noElements = error, self == .singleValue {
      } else {
        failures.record("\(self): unexpected error \(error)")
      }
    } catch {
      failures.record("\(self): unexpected error \(error)")
    }
    return received
  }
}

extension Stress {
  /// Task cancellation racing element arrival in the bridge, 10,000 times per conversion.
  ///
  /// Each round starts a task that consumes a fresh hot source, then sends three elements and a
  /// completion from another thread while the test cancels the task. Every task is awaited: a
  /// continuation that is never resumed hangs the round and the deadline fails the test, and one
  /// resumed twice is a use after free that the sanitizer jobs report. Each round checks that the
  /// elements received are in order without gaps, and that the subscription was disposed by the
  /// time the task returned. The leak check proves every subscription and bridge task was
  /// released.
  @Suite("Stress: task cancellation racing element arrival in the bridge")
  struct BridgeCancellationStressTests {
    static let rounds = 10_000

    @Test("10,000 races", .timeLimit(.minutes(10)), arguments: Conversion.allCases)
    fileprivate func cancellationRacesArrival(_ conversion: Conversion) async {
      let failures = StressFailures()
      let sender = DispatchQueue(label: "StressTests.bridgeSender")
      let completed = await withLeakChecking(timeout: .seconds(120)) {
        let gate = _OnceGate()
        let driver = Task {
          for round in 0..<Self.rounds {
            await Self.race(round, conversion: conversion, sender: sender, failures: failures)
          }
          gate.open(true)
        }
        let inTime = await gate.wait(deadline: .seconds(300))
        if !inTime {
          driver.cancel()
          Issue.record("deadline passed: a bridge task never finished")
        }
        return inTime
      }
      #expect(completed)
      failures.expectNone()
    }

    private static func race(
      _ round: Int, conversion: Conversion, sender: DispatchQueue, failures: StressFailures
    ) async {
      let source = CountingSource()
      let observable = source.observable
      let consumer = Task { await conversion.consume(observable, failures: failures) }
      if round.isMultiple(of: 2) {
        // Half the rounds cancel while the consumer is subscribed and waiting; the others may
        // cancel before it even starts.
        while source.subscribed.load(ordering: .sequentiallyConsistent) == 0, !Task.isCancelled {
          await Task.yield()
        }
      }
      let sent = _OnceGate()
      let senderDelay = (round % 5) * 30
      sender.async {
        spin(senderDelay)
        for value in 0..<3 { source.subject.onNext(value) }
        if round.isMultiple(of: 3) { source.subject.onCompleted() }
        sent.open(true)
      }
      spin((round / 5 % 5) * 30)
      consumer.cancel()
      let received = await consumer.value
      _ = await sent.wait(deadline: .seconds(300))

      // The source is hot: a late subscriber misses the first elements, but never one in the
      // middle, and never one twice.
      let start = received.first ?? 0
      if received != Array(start..<start + received.count) {
        failures.record("\(conversion) #\(round): received \(received)")
      }
      let subscribed = source.subscribed.load(ordering: .sequentiallyConsistent)
      let disposed = source.disposed.load(ordering: .sequentiallyConsistent)
      if subscribed > 1 || disposed != subscribed {
        failures.record(
          "\(conversion) #\(round): \(subscribed) subscription(s), \(disposed) disposal(s)")
      }
      source.subject.dispose()
    }
  }
}
