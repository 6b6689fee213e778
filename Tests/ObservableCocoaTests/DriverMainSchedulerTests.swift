import Dispatch
import ObservableCocoa
import ObservableCore
import ObservableTesting
import Testing

@Suite("Driver on the real MainScheduler")
struct DriverMainSchedulerTests {
  @Test(
    "an element sent on a background queue is delivered on the main queue",
    .timeLimit(.minutes(1)))
  @MainActor  // drive on the main thread, as drive requires
  func backgroundToMain() async {
    let subject = PublishSubject<Int>()
    let driver = subject.asDriver(onErrorJustReturn: 0)
    let delivered = await withCheckedContinuation {
      (done: CheckedContinuation<(Int, Bool), Never>) in
      let subscription = SingleAssignmentDisposable()
      subscription.setDisposable(
        driver.drive(onNext: { value in
          done.resume(returning: (value, MainScheduler.isOnMainQueue))
          subscription.dispose()
        }))
      DispatchQueue.global().async {
        #expect(!MainScheduler.isOnMainQueue)
        subject.onNext(7)
      }
    }
    #expect(delivered == (7, true))
  }
}
