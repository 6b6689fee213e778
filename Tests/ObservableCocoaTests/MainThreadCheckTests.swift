import Foundation
import ObservableCore
import ObservableTesting
import Testing

/// `MainScheduler._isOnMainThread`, the check that lets a main-actor closure of a `Driver` run
/// directly: it must agree with Foundation's slower `Thread.isMainThread` on every thread.
@Suite("The main-thread check of main-actor closures")
struct MainThreadCheckTests {
  @Test("it agrees with Thread.isMainThread on the test's thread")
  func agreesOnTheCurrentThread() {
    expectEqual(MainScheduler._isOnMainThread, Thread.isMainThread)
  }

  @Test("it is false on threads that are not the main thread", .timeLimit(.minutes(1)))
  func falseOnOtherThreads() async {
    let answers = await withCheckedContinuation {
      (continuation: CheckedContinuation<[Bool], Never>) in
      let thread = Thread {
        var seen: [Bool] = []
        for _ in 0..<3 { seen.append(MainScheduler._isOnMainThread) }
        seen.append(Thread.isMainThread)
        continuation.resume(returning: seen)
      }
      thread.start()
    }
    expectEqual(answers, [false, false, false, false])
  }

  @MainActor
  @Test("it is true on the main actor when the main actor runs on the main thread")
  func mainActor() {
    // On Linux, once the test runner calls dispatchMain(), the main actor's executor, the main
    // queue, is drained by another thread; then the queue check stands in for the thread check.
    expectEqual(MainScheduler._isOnMainThread, Thread.isMainThread)
    #expect(MainScheduler._isOnMainThread || MainScheduler.isOnMainQueue)
  }
}
