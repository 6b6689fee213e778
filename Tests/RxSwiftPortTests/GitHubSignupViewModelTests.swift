import ObservableCore
import ObservableTesting
import Testing

private final class ScriptedGitHubAPI: GitHubSignupAPI {
  let scheduler: TestScheduler
  var signups = 0

  init(scheduler: TestScheduler) {
    self.scheduler = scheduler
  }

  func usernameAvailable(_ username: String) -> Observable<Bool> {
    if username == "offline" {
      return scheduler.createColdObservable([.error(10, TestError())]).asObservable()
    }
    return scheduler.createColdObservable([.next(10, username != "octocat"), .completed(10)])
      .asObservable()
  }

  func signup(_ username: String, password: String) -> Observable<Bool> {
    signups += 1
    return scheduler.createColdObservable([.next(50, true), .completed(50)]).asObservable()
  }
}

@Suite("RxExample-style GitHub signup view model")
struct GitHubSignupViewModelTests {
  private func makeViewModel(
    _ scheduler: TestScheduler, username: [Recorded<Event<String>>],
    taps: [Recorded<Event<Void>>] = []
  ) -> (GitHubSignupViewModel, ScriptedGitHubAPI) {
    let api = ScriptedGitHubAPI(scheduler: scheduler)
    let viewModel = GitHubSignupViewModel(
      input: (
        username: scheduler.createHotObservable(username).asObservable(),
        password: scheduler.createHotObservable([.next(220, "secret")]).asObservable(),
        repeatedPassword: scheduler.createHotObservable([.next(230, "secret")]).asObservable(),
        loginTaps: scheduler.createHotObservable(taps).asObservable()
      ),
      dependency: (api: api, validationService: GitHubValidationService(api: api)))
    return (viewModel, api)
  }

  @Test("validates the username against the API, including its failures")
  func usernameValidation() {
    let scheduler = TestScheduler(initialClock: 0)
    let (viewModel, _) = makeViewModel(
      scheduler,
      username: [
        .next(210, "alice"), .next(300, "octocat"), .next(400, "a b"),
        .next(500, "offline"),
      ])
    let result = scheduler.start { viewModel.validatedUsername }
    expectEqual(
      result.events,
      [
        .next(210, .validating), .next(220, .ok(message: "Username available")),
        .next(300, .validating), .next(310, .failed(message: "Username already taken")),
        .next(400, .failed(message: "Username can only contain numbers or digits")),
        .next(500, .validating), .next(510, .failed(message: "Error contacting server")),
      ])
  }

  @Test("signup is enabled when all fields are valid and disabled while signing in")
  func signupFlow() {
    let scheduler = TestScheduler(initialClock: 0)
    let (viewModel, api) = makeViewModel(
      scheduler, username: [.next(210, "alice")], taps: [.next(300, ())])
    let enabled = scheduler.createObserver(Bool.self)
    let signingIn = scheduler.createObserver(Bool.self)
    let signedIn = scheduler.createObserver(Bool.self)
    let bag = DisposeBag()
    scheduler.scheduleAt(200) {
      viewModel.signupEnabled.subscribe(enabled).disposed(by: bag)
      viewModel.signingIn.subscribe(signingIn).disposed(by: bag)
      viewModel.signedIn.subscribe(signedIn).disposed(by: bag)
    }
    scheduler.start()

    expectEqual(enabled.events, [.next(230, true), .next(300, false), .next(350, true)])
    expectEqual(signingIn.events, [.next(200, false), .next(300, true), .next(350, false)])
    expectEqual(signedIn.events, [.next(350, true)])
    expectEqual(api.signups, 1)
  }
}
