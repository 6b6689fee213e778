import AsyncBridge
import Dispatch
import ObservableCore
import OpenCombine
import Synchronization

/// Sends `count` elements into `subject` from a dispatch thread once it has a subscriber.
private func feed(_ subject: PublishSubject<Int>, count: Int) -> DispatchWorkItem {
  let work = DispatchWorkItem {
    while !subject.hasObservers {}
    for value in 0..<count { subject.onNext(value) }
    subject.onCompleted()
  }
  DispatchQueue.global().async(execute: work)
  return work
}

func w4(_ count: Int, floors: Floors) async -> [Row] {
  let rangeValues = await measure(elements: count) {
    var sum = 0
    do {
      for try await value in Observable.range(start: 0, count: count).values { sum &+= value }
    } catch {}
    blackHole(sum)
  }
  let rangeFast = await measure(elements: count) {
    var sum = 0
    do {
      for try await value in Observable.range(start: 0, count: count).asyncElements {
        sum &+= value
      }
    } catch {}
    blackHole(sum)
  }
  let subjectValues = await measure(elements: count) {
    let subject = PublishSubject<Int>()
    let producer = feed(subject, count: count)
    var sum = 0
    do { for try await value in subject.values { sum &+= value } } catch {}
    producer.wait()
    blackHole(sum)
  }
  let subjectFast = await measure(elements: count) {
    let subject = PublishSubject<Int>()
    let producer = feed(subject, count: count)
    var sum = 0
    do { for try await value in subject.asyncElements { sum &+= value } } catch {}
    producer.wait()
    blackHole(sum)
  }
  // OpenCombine's `values` is lossy: the subject drops what arrives while the consumer is not
  // waiting. The figure is per element sent, whatever was received.
  let received = Accumulator()
  let openCombineSubject = await measure(elements: count) {
    let subject = PassthroughSubject<Int, Never>()
    let ready = Atomic(false)
    let work = DispatchWorkItem {
      while !ready.load(ordering: .acquiring) {}
      for value in 0..<count { subject.send(value) }
      subject.send(completion: .finished)
    }
    var iterator = subject.values.makeAsyncIterator()
    DispatchQueue.global().async(execute: work)
    ready.store(true, ordering: .releasing)
    var got = 0
    while await iterator.next() != nil { got += 1 }
    work.wait()
    received.total = got
  }
  return [
    Row(
      workload: "W4 range(0, N).values, for try await", ours: rangeValues,
      peers: [("AsyncThrowingStream fill-then-drain", floors.throwingFillDrain)],
      targets: [.ratio(peer: "AsyncThrowingStream fill-then-drain", max: 1.2)],
      rxSwift: .w4RangeValues),
    Row(
      workload: "W4 range(0, N).asyncElements (our AsyncSequence)", ours: rangeFast,
      peers: [("AsyncThrowingStream fill-then-drain", floors.throwingFillDrain)],
      targets: [.ratio(peer: "AsyncThrowingStream fill-then-drain", max: 0.33)]),
    Row(
      workload: "W4 subject fed from a thread, .values", ours: subjectValues,
      peers: [
        ("AsyncThrowingStream producer∥consumer", floors.throwingParallel),
        ("OpenCombine values (lossy, got \(received.total)/\(count))", openCombineSubject),
      ],
      targets: [.ratio(peer: "AsyncThrowingStream producer∥consumer", max: 1.2)]),
    Row(
      workload: "W4 subject fed from a thread, .asyncElements", ours: subjectFast,
      peers: [
        ("AsyncThrowingStream producer∥consumer", floors.throwingParallel),
        ("AsyncChannel", floors.channel),
      ],
      targets: [.ratio(peer: "AsyncThrowingStream producer∥consumer", max: 0.33)]),
  ]
}

/// Subscribes to `observable`, sums its elements, and returns when it completes.
private func drain(_ observable: Observable<Int>) async -> Int {
  let sum = Accumulator()
  await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
    _ = observable.subscribe(
      onNext: { sum.total &+= $0 }, onError: { _ in continuation.resume() },
      onCompleted: { continuation.resume() })
  }
  return sum.total
}

func w5(_ count: Int, floors: Floors) async -> [Row] {
  let prefilled = await measure(
    elements: count,
    setup: {
      let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
      for value in 0..<count { continuation.yield(value) }
      continuation.finish()
      return stream
    },
    body: { stream in
      blackHole(await drain(stream.asObservable()))
    })
  let produced = await measure(elements: count) {
    let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
    let producer = Task.detached {
      for value in 0..<count { continuation.yield(value) }
      continuation.finish()
    }
    blackHole(await drain(stream.asObservable()))
    await producer.value
  }
  return [
    Row(
      workload: "W5 prefilled AsyncStream.asObservable()", ours: prefilled,
      peers: [("AsyncStream drain only", floors.streamDrain)],
      targets: [.ratio(peer: "AsyncStream drain only", max: 1.15)], rxSwift: .w5Prefilled),
    Row(
      workload: "W5 producer-fed AsyncStream.asObservable()", ours: produced,
      peers: [("AsyncStream producer∥consumer", floors.streamParallel)],
      targets: [.none]),
  ]
}
