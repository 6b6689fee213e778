import ObservableCocoa
import ObservableCore
import ObservableTesting
import Testing

// The DocC article "View models with Driver and Signal, on Linux": its view model as written
// there, run. LanguageModeTests' CocoaArticleTests type-checks the article's own text.

private struct LoginViewModel {
  struct Input {
    let email: Driver<String>
    let password: Driver<String>
    let loginTaps: Signal<Void>
  }

  struct Output {
    let loginEnabled: Driver<Bool>
    let loggedIn: Signal<Bool>
  }

  let login: @Sendable (String, String) -> Single<Bool>

  func transform(input: Input) -> Output {
    let credentials = Driver.combineLatest(input.email, input.password)
    let enabled =
      credentials
      .map { email, password in email.contains("@") && !password.isEmpty }
      .distinctUntilChanged()
    let login = self.login
    let loggedIn =
      input.loginTaps
      .withLatestFrom(credentials)
      .flatMapLatest { email, password in
        login(email, password).asObservable().asSignal(onErrorJustReturn: false)
      }
    return Output(loginEnabled: enabled, loggedIn: loggedIn)
  }
}

@Suite("The DocC article's login view model")
struct ArticleViewModelTests {
  @Test("the article's timeline: enabled one tick after the password arrives")
  func loginEnabledTimeline() {
    let scheduler = TestScheduler(initialClock: 0)
    let events = SharingScheduler.mock(scheduler: scheduler) {
      let model = LoginViewModel(login: { _, _ in .just(true) })
      let output = model.transform(
        input: .init(
          email: scheduler.createHotObservable([.next(210, "ada@example.com")])
            .asDriver(onErrorJustReturn: ""),
          password: scheduler.createHotObservable([.next(220, "secret")])
            .asDriver(onErrorJustReturn: ""),
          loginTaps: Signal.never()))
      return scheduler.start { output.loginEnabled }.events
    }
    expectEqual(events, [.next(221, true)])
  }

  @Test("a failed login is a false on the signal, and the next tap logs in again")
  func failedLoginDoesNotEndTheSignal() {
    let scheduler = TestScheduler(initialClock: 0)
    let attempts = TestableObserver<String>()
    let events = SharingScheduler.mock(scheduler: scheduler) {
      let model = LoginViewModel(login: { email, _ in
        attempts.onNext(email)
        return email == "ada@example.com" ? .error(TestError()) : .just(true)
      })
      let output = model.transform(
        input: .init(
          email: scheduler.createHotObservable([
            .next(210, "ada@example.com"), .next(250, "grace@example.com"),
          ]).asDriver(onErrorJustReturn: ""),
          password: scheduler.createHotObservable([.next(220, "secret")])
            .asDriver(onErrorJustReturn: ""),
          loginTaps: scheduler.createHotObservable([.next(240, ()), .next(260, ())])
            .asSignal(onErrorJustReturn: ())))
      return scheduler.start { output.loggedIn }.events
    }
    // The tap reaches the view model at 241; the login's own signal delivers a tick later.
    expectEqual(events, [.next(242, false), .next(262, true)])
    expectEqual(
      attempts.events.compactMap(\.value.element), ["ada@example.com", "grace@example.com"])
  }

  @Test("Migrating from RxSwift: a mapped driver's timeline is one tick late")
  func migrationGuideTimeline() {
    let scheduler = TestScheduler(initialClock: 0)
    let events = SharingScheduler.mock(scheduler: scheduler) {
      let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2)])
      let doubled = xs.asDriver(onErrorJustReturn: 0).map { $0 * 2 }
      return scheduler.start { doubled }.events
    }
    expectEqual(events, [.next(211, 2), .next(221, 4)])
  }
}
