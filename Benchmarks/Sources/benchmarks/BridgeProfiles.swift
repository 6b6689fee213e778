import AsyncBridge
import Dispatch
import ObservableCore

/// The bridge workloads of W4, W5, W12 and W14 as untimed profiles, for counting instructions
/// with `valgrind --tool=callgrind` (`--profile NAME N`): the difference between two counts
/// divided by the difference in N is the cost per element.
///
/// The W12 rows and `observe(on:)` to an actor run on a default actor, not the main actor:
/// valgrind cannot run a process whose main thread is parked in the main queue's loop.
///
/// - Returns: Whether `name` is one of these profiles.
func runBridgeProfile(_ name: String, count: Int) async -> Bool {
  let range = Observable.range(start: 0, count: count)
  switch name {
  case "w4-values":
    blackHole(await sumProfile(range.values, isolation: nil))
  case "w4-elements":
    blackHole(await sumProfile(range.asyncElements, isolation: nil))
  case "w5-as-observable":
    let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
    for value in 0..<count { continuation.yield(value) }
    continuation.finish()
    let sum = Accumulator()
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      _ = stream.asObservable().subscribe(
        onNext: { sum.total &+= $0 }, onError: { _ in continuation.resume() },
        onCompleted: { continuation.resume() })
    }
    blackHole(sum.total)
  case "w12-values-actor":
    blackHole(await sumProfile(range.values, isolation: ProfileActor()))
  case "w12-elements-actor":
    blackHole(await sumProfile(range.asyncElements, isolation: ProfileActor()))
  case "w14-observe-on":
    let done = DispatchSemaphore(value: 0)
    let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "benchmarks.profile")
    let sum = Accumulator()
    let subject = PublishSubject<Int>()
    let subscription = subject.observe(on: scheduler)
      .subscribe(onNext: { sum.total &+= $0 }, onCompleted: { done.signal() })
    for value in 0..<count { subject.onNext(value) }
    subject.onCompleted()
    done.wait()
    subscription.dispose()
    blackHole(sum.total)
  case "w14-observe-on-actor":
    let done = DispatchSemaphore(value: 0)
    let sum = Accumulator()
    let subject = PublishSubject<Int>()
    let subscription = subject.observe(on: ProfileActor())
      .subscribe(onNext: { sum.total &+= $0 }, onCompleted: { done.signal() })
    for value in 0..<count { subject.onNext(value) }
    subject.onCompleted()
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      DispatchQueue.global().async {
        done.wait()
        continuation.resume()
      }
    }
    subscription.dispose()
    blackHole(sum.total)
  default:
    return false
  }
  return true
}

/// Sums `sequence` with `for try await` in `isolation`.
private func sumProfile<S: AsyncSequence<Int, any Error>>(
  _ sequence: S, isolation: isolated (any Actor)?
) async -> Int {
  var total = 0
  do {
    for try await element in sequence { total &+= element }
  } catch {}
  return total
}

/// The actor the actor-isolated profiles run on.
private actor ProfileActor {}
