import Dispatch
import ObservableCore
import ObservableTesting
import Testing

/// The events of `source`, subscribed on this thread, as text: elements, then `|` or `error`.
private func events<Source: ObservableType>(_ source: Source) -> [String] {
  let log = Box<[String]>([])
  _ = source.subscribe(
    onNext: { element in log.mutate { $0.append("\(element)") } },
    onError: { _ in log.mutate { $0.append("error") } },
    onCompleted: { log.mutate { $0.append("|") } }
  )
  return log.value
}

private struct Failure: Error {}

// Every expected output below is what RxSwift 6.10.2 prints for the same expression (checked
// by running it against RxSwift's sources): its synchronous sources emit one step at a time on
// CurrentThreadScheduler, so sources subscribed together take turns.
@Suite("Synchronous sources take turns on the current thread, as in RxSwift")
struct SynchronousSourceOrderTests {
  @Test("combineLatest of two synchronous sources")
  func combineLatest() {
    let source = Observable.combineLatest(Observable.of(1, 2), Observable.of(10, 20)) { $0 + $1 }
    expectEqual(events(source), ["11", "12", "22", "|"])
  }

  @Test("combineLatest of three synchronous sources")
  func combineLatestOfThree() {
    let source = Observable.combineLatest(
      Observable.of(1, 2), Observable.of(10, 20), Observable.of(100, 200)
    ) { $0 + $1 + $2 }
    expectEqual(events(source), ["111", "112", "122", "222", "|"])
  }

  @Test("withLatestFrom a synchronous source")
  func withLatestFrom() {
    let source = Observable.of(1, 2).withLatestFrom(Observable.of(10, 20)) { $0 + $1 }
    expectEqual(events(source), ["11", "22", "|"])
  }

  @Test("withLatestFrom of ranges")
  func withLatestFromRange() {
    let source = Observable.range(start: 1, count: 2)
      .withLatestFrom(Observable.range(start: 10, count: 2)) { $0 + $1 }
    expectEqual(events(source), ["11", "13", "|"])
  }

  @Test("merge of two, three, and an array of synchronous sources")
  func merge() {
    expectEqual(
      events(Observable.merge(Observable.of(1, 2), Observable.of(3, 4))),
      [
        "1", "3", "2", "4", "|",
      ])
    expectEqual(
      events(Observable.merge([Observable.of(1, 2), Observable.of(3, 4)])),
      [
        "1", "3", "2", "4", "|",
      ])
    let three = Observable.merge(Observable.of(1, 2), Observable.of(3, 4), Observable.of(5, 6))
    expectEqual(events(three), ["1", "3", "5", "2", "4", "6", "|"])
  }

  @Test("merge of sources on an explicit CurrentThreadScheduler")
  func mergeOnCurrentThreadScheduler() {
    let scheduler = CurrentThreadScheduler.instance
    let source = Observable.merge(
      Observable.of(1, 2, scheduler: scheduler), Observable.of(3, 4, scheduler: scheduler))
    expectEqual(events(source), ["1", "3", "2", "4", "|"])
  }

  @Test("range, generate, from(sequence:) and repeatElement take turns too")
  func otherSources() {
    let ranges = Observable.merge(
      Observable.range(start: 0, count: 2), Observable.range(start: 10, count: 2))
    expectEqual(events(ranges), ["0", "10", "1", "11", "|"])
    let generated = Observable.merge(
      Observable.generate(initialState: 0, condition: { $0 < 2 }, iterate: { $0 + 1 }),
      Observable.of(10, 20))
    expectEqual(events(generated), ["0", "10", "1", "20", "|"])
    let sequences = Observable.merge(
      Observable.from(1...2), Observable.from([10, 20]))
    expectEqual(events(sequences), ["1", "10", "2", "20", "|"])
    let repeated = Observable.merge(Observable.repeatElement(1), Observable.repeatElement(2))
      .take(5)
    expectEqual(events(repeated), ["1", "2", "1", "2", "1", "|"])
  }

  @Test("just, and create, emit at once, without taking turns")
  func immediateSources() {
    let justs = Observable.merge(Observable.just(1), Observable.of(10, 20), Observable.just(2))
    expectEqual(events(justs), ["1", "2", "10", "20", "|"])
    let created = Observable.merge(
      Observable<Int>.create { observer in
        observer.onNext(1)
        observer.onNext(2)
        observer.onCompleted()
        return Disposables.create()
      },
      Observable.of(10, 20))
    expectEqual(events(created), ["1", "2", "10", "20", "|"])
    let combined = Observable.combineLatest(Observable.just(1), Observable.of(10, 20)) { $0 + $1 }
    expectEqual(events(combined), ["11", "21", "|"])
  }

  @Test("startWith of synchronous sources")
  func startWith() {
    expectEqual(events(Observable.of(1, 2).startWith(0)), ["0", "1", "2", "|"])
    let merged = Observable.merge(
      Observable.of(1, 2).startWith(0), Observable.of(10, 20).startWith(9))
    expectEqual(events(merged), ["0", "9", "1", "10", "2", "20", "|"])
    let zipped = Observable.zip(Observable.of(1, 2).startWith(0), Observable.of(10, 20, 30)) {
      $0 + $1
    }
    expectEqual(events(zipped), ["10", "21", "32", "|"])
    let combined = Observable.combineLatest(
      Observable.of(1, 2).startWith(0), Observable.of(10, 20)
    ) { $0 + $1 }
    expectEqual(events(combined), ["11", "12", "22", "|"])
  }

  @Test("concat of synchronous sources")
  func concat() {
    expectEqual(
      events(Observable.concat(Observable.of(1, 2), Observable.of(3, 4))),
      [
        "1", "2", "3", "4", "|",
      ])
    let merged = Observable.merge(
      Observable.concat(Observable.of(1, 2), Observable.of(3, 4)), Observable.of(10, 20))
    expectEqual(events(merged), ["1", "10", "2", "20", "3", "4", "|"])
    let combined = Observable.combineLatest(
      Observable.concat(Observable.of(1), Observable.of(2)), Observable.of(10, 20)
    ) { $0 + $1 }
    expectEqual(events(combined), ["11", "21", "22", "|"])
  }

  @Test("zip of synchronous sources")
  func zip() {
    let two = Observable.zip(Observable.of(1, 2, 3), Observable.of(10, 20)) { $0 + $1 }
    expectEqual(events(two), ["11", "22", "|"])
    let three = Observable.zip(
      Observable.of(1, 2), Observable.of(10, 20), Observable.of(100, 200)
    ) { "\($0)-\($1)-\($2)" }
    expectEqual(events(three), ["1-10-100", "2-20-200", "|"])
    let concatenated = Observable.zip(
      Observable.concat(Observable.of(1), Observable.of(2)), Observable.of(10, 20)
    ) { $0 + $1 }
    expectEqual(events(concatenated), ["11", "22", "|"])

    // The elements are the same in either order; the sources' turns show in their side effects.
    let log = Box<[String]>([])
    _ = Observable.zip(
      Observable.of(1, 2).do(onNext: { element in log.mutate { $0.append("a\(element)") } }),
      Observable.of(10, 20).do(onNext: { element in log.mutate { $0.append("b\(element)") } })
    ) { $0 + $1 }
    .subscribe(
      onNext: { element in log.mutate { $0.append("\(element)") } },
      onCompleted: { log.mutate { $0.append("|") } })
    expectEqual(log.value, ["a1", "b10", "11", "a2", "b20", "22", "|"])
  }

  @Test("flatMap, concatMap and flatMapLatest of synchronous inner sources")
  func flatMaps() {
    let flat = Observable.of(1, 2).flatMap { Observable.of($0 * 10, $0 * 10 + 1) }
    expectEqual(events(flat), ["10", "11", "20", "21", "|"])
    let concatenated = Observable.of(1, 2).concatMap { Observable.of($0 * 10, $0 * 10 + 1) }
    expectEqual(events(concatenated), ["10", "11", "20", "21", "|"])
    let latest = Observable.of(1, 2).flatMapLatest { Observable.of($0 * 10, $0 * 10 + 1) }
    expectEqual(events(latest), ["10", "20", "21", "|"])
    let switched = Observable.of(Observable.of(1, 2), Observable.of(3, 4)).switchLatest()
    expectEqual(events(switched), ["1", "3", "4", "|"])
  }

  @Test("errors, catch and retry keep the turns")
  func errors() {
    expectEqual(
      events(Observable.merge(Observable.of(1, 2), Observable<Int>.error(Failure()))),
      [
        "error"
      ])
    let failing = Observable.merge(
      Observable.of(1, 2), Observable.of(3).concat(Observable<Int>.error(Failure())))
    expectEqual(events(failing), ["1", "3", "2", "error"])
    let caught = Observable.merge(
      Observable<Int>.error(Failure()).catch { _ in Observable.of(1, 2) }, Observable.of(10, 20))
    expectEqual(events(caught), ["1", "10", "2", "20", "|"])
    let retried = Observable.merge(
      Observable.of(1).concat(Observable<Int>.error(Failure())).retry(2),
      Observable.of(10, 20, 30))
    expectEqual(events(retried), ["1", "10", "20", "1", "30", "error"])
  }

  @Test("deferred and take(until:) of synchronous sources")
  func deferredAndTakeUntil() {
    let deferred = Observable.merge(
      Observable.deferred { Observable.of(1, 2) }, Observable.of(10, 20))
    expectEqual(events(deferred), ["1", "10", "2", "20", "|"])
    expectEqual(events(Observable.of(1, 2, 3).take(until: Observable.of(0))), ["|"])
  }

  @Test("shared synchronous sources")
  func shared() {
    let shared = Observable.of(1, 2).share()
    expectEqual(events(Observable.merge(shared, shared)), ["1", "1", "2", "2", "|"])
    let published = Observable.of(1, 2, 3).publish().refCount()
    expectEqual(
      events(Observable.merge(published, Observable.of(10, 20))),
      [
        "1", "10", "2", "20", "3", "|",
      ])
  }

  @Test("a lone source emits everything before subscribe returns")
  func loneSource() {
    let log = Box<[String]>([])
    let subscription = Observable.of(1, 2, 3).subscribe(onNext: { element in
      log.mutate { $0.append("\(element)") }
    })
    log.mutate { $0.append("returned") }
    subscription.dispose()
    expectEqual(log.value, ["1", "2", "3", "returned"])
  }

  @Test("a source subscribed in onNext waits for its turn")
  func reentrantSubscribe() {
    let log = Box<[String]>([])
    _ = Observable.of(1, 2).subscribe(onNext: { outer in
      log.mutate { $0.append("a\(outer)") }
      _ = Observable.of(10, 20).subscribe(onNext: { inner in
        log.mutate { $0.append("b\(outer):\(inner)") }
      })
      log.mutate { $0.append("a\(outer) end") }
    })
    expectEqual(
      log.value,
      [
        "a1", "a1 end", "b1:10", "a2", "a2 end", "b1:20", "b2:10", "b2:20",
      ])
  }

  @Test("a source subscribed in a subject's or just's onNext emits at once")
  func subscribeInImmediateSource() {
    let log = Box<[String]>([])
    let subject = PublishSubject<Int>()
    _ = subject.subscribe(onNext: { outer in
      log.mutate { $0.append("s\(outer)") }
      _ = Observable.of(10, 20).subscribe(onNext: { inner in log.mutate { $0.append("\(inner)") } })
      log.mutate { $0.append("s\(outer) end") }
    })
    subject.onNext(1)
    expectEqual(log.value, ["s1", "10", "20", "s1 end"])

    log.value = []
    _ = Observable.just(1).subscribe(onNext: { _ in
      log.mutate { $0.append("j") }
      _ = Observable.of(10, 20).subscribe(onNext: { inner in log.mutate { $0.append("\(inner)") } })
      log.mutate { $0.append("j end") }
    })
    expectEqual(log.value, ["j", "10", "20", "j end"])
  }

  @Test("a source disposed while waiting for its turn emits nothing more")
  func disposedWhileQueued() {
    let log = Box<[String]>([])
    let inner = Box<(any Disposable)?>(nil)
    _ = Observable.of(1, 2, 3).subscribe(onNext: { outer in
      log.mutate { $0.append("a\(outer)") }
      if outer == 1 {
        inner.value = Observable.of(10, 20, 30).subscribe(onNext: { element in
          log.mutate { $0.append("b\(element)") }
        })
      }
      if outer == 2 { inner.value?.dispose() }
    })
    expectEqual(log.value, ["a1", "b10", "a2", "a3"])
  }

  @Test("a source disposed before its first turn emits nothing")
  func disposedBeforeFirstTurn() {
    let log = Box<[String]>([])
    _ = Observable.of(1, 2).subscribe(onNext: { outer in
      log.mutate { $0.append("a\(outer)") }
      let inner = Observable.of(10, 20).subscribe(onNext: { element in
        log.mutate { $0.append("b\(element)") }
      })
      inner.dispose()
    })
    expectEqual(log.value, ["a1", "a2"])
  }

  @Test("a source subscribed inside CurrentThreadScheduler work waits for that work")
  func insideScheduledWork() {
    let log = Box<[String]>([])
    let scheduler = CurrentThreadScheduler.instance
    _ = scheduler.schedule(()) { _ in
      _ = Observable.of(1, 2).subscribe(onNext: { element in
        log.mutate { $0.append("a\(element)") }
      })
      log.mutate { $0.append("after subscribe") }
      _ = scheduler.schedule(()) { _ in
        log.mutate { $0.append("scheduled") }
        return Disposables.create()
      }
      return Disposables.create()
    }
    expectEqual(log.value, ["after subscribe", "a1", "scheduled", "a2"])
    #expect(CurrentThreadScheduler.isScheduleRequired)
  }

  @Test("work scheduled in onNext runs before the source's next element")
  func scheduleInOnNext() {
    let log = Box<[String]>([])
    _ = Observable.of(1, 2).subscribe(onNext: { element in
      log.mutate { $0.append("a\(element)") }
      _ = CurrentThreadScheduler.instance.schedule(()) { _ in
        log.mutate { $0.append("s\(element)") }
        return Disposables.create()
      }
    })
    expectEqual(log.value, ["a1", "s1", "a2", "s2"])
  }

  @Test("each thread has its own turns")
  func perThread() async {
    // Sources subscribed on other threads at the same time each get their own trampoline,
    // so every thread sees RxSwift's order, and nothing is left active afterwards.
    let results = Box<[[String]]>([])
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<8 {
        group.addTask {
          await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().async {
              for _ in 0..<200 {
                let merged = Observable.merge(Observable.of(1, 2), Observable.of(3, 4))
                let output = events(merged)
                results.mutate { $0.append(output) }
              }
              #expect(CurrentThreadScheduler.isScheduleRequired)
              continuation.resume()
            }
          }
        }
      }
    }
    #expect(results.value.count == 1600)
    #expect(results.value.allSatisfy { $0 == ["1", "3", "2", "4", "|"] })
  }
}
