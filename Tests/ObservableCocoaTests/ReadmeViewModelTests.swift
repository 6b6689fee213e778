import ObservableCocoa
import ObservableCore
import ObservableTesting
import Testing

// A signup view model with Driver and Signal outputs, written as the article "View models with
// Driver and Signal" (ObservableCocoa.docc/DriverViewModels.md) teaches, run in virtual time.

private struct SignupViewModel {
  struct Input {
    let username: Driver<String>
    let password: Driver<String>
    let signupTaps: Signal<Void>
  }

  struct Output {
    let signupEnabled: Driver<Bool>
    let welcome: Signal<String>
  }

  func transform(input: Input) -> Output {
    let credentials = Driver.combineLatest(input.username, input.password)
    let enabled =
      credentials
      .map { username, password in !username.isEmpty && password.count >= 8 }
      .distinctUntilChanged()
    let welcome =
      input.signupTaps
      .withLatestFrom(credentials)
      .map { username, _ in "Welcome, \(username)!" }
    return Output(signupEnabled: enabled, welcome: welcome)
  }
}

@Suite("A Driver-based signup view model")
struct ReadmeViewModelTests {
  @Test("its timeline: enabled once the password is long enough")
  func signupEnabledTimeline() {
    let scheduler = TestScheduler(initialClock: 0)
    let events = SharingScheduler.mock(scheduler: scheduler) {
      let input = SignupViewModel.Input(
        username: scheduler.createHotObservable([.next(210, "ada")])
          .asDriver(onErrorJustReturn: ""),
        password: scheduler.createHotObservable([.next(220, "short"), .next(230, "longer-secret")])
          .asDriver(onErrorJustReturn: ""),
        signupTaps: Signal.never())
      let output = SignupViewModel().transform(input: input)
      return scheduler.start { output.signupEnabled }.events
    }
    expectEqual(events, [.next(221, false), .next(231, true)])
  }

  @Test("a tap is welcomed with the latest username, once per tap")
  func welcome() {
    let scheduler = TestScheduler(initialClock: 0)
    let events = SharingScheduler.mock(scheduler: scheduler) {
      let input = SignupViewModel.Input(
        username: scheduler.createHotObservable([.next(210, "ada"), .next(250, "grace")])
          .asDriver(onErrorJustReturn: ""),
        password: scheduler.createHotObservable([.next(220, "longer-secret")])
          .asDriver(onErrorJustReturn: ""),
        signupTaps: scheduler.createHotObservable([.next(240, ()), .next(260, ())])
          .asSignal(onErrorJustReturn: ()))
      let output = SignupViewModel().transform(input: input)
      return scheduler.start { output.welcome }.events
    }
    expectEqual(events, [.next(241, "Welcome, ada!"), .next(261, "Welcome, grace!")])
  }
}
