import ObservableCocoa
import ObservableCore
import ObservableTesting
import Testing

private final class ScriptedSignupAPI: GitHubSignupAPI {
  let scheduler: TestScheduler
  var signups = 0
  var signupSucceeds = true

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
    if !signupSucceeds {
      return scheduler.createColdObservable([.error(50, TestError())]).asObservable()
    }
    return scheduler.createColdObservable([.next(50, true), .completed(50)]).asObservable()
  }
}

/// Answers every prompt after 20 ticks and remembers the messages.
private final class ScriptedWireframe: Wireframe {
  let scheduler: TestScheduler
  var messages: [String] = []

  init(scheduler: TestScheduler) {
    self.scheduler = scheduler
  }

  func promptFor(_ message: String, cancelAction: String, actions: [String]) -> Observable<String> {
    messages.append(message)
    return scheduler.createColdObservable([.next(20, cancelAction), .completed(20)])
      .asObservable()
  }
}

@Suite("RxExample-style GitHub signup view model with Driver outputs")
struct GitHubSignupDriverViewModelTests {
  private struct Fixture {
    let viewModel: GitHubSignupDriverViewModel
    let api: ScriptedSignupAPI
    let wireframe: ScriptedWireframe
  }

  /// Builds the view model from hot inputs; call inside `SharingScheduler.mock`, so that its
  /// drivers deliver on `scheduler` (the test's main scheduler).
  private func makeFixture(
    _ scheduler: TestScheduler, username: [Recorded<Event<String>>],
    taps: [Recorded<Event<Void>>] = [], signupSucceeds: Bool = true
  ) -> Fixture {
    let api = ScriptedSignupAPI(scheduler: scheduler)
    api.signupSucceeds = signupSucceeds
    let wireframe = ScriptedWireframe(scheduler: scheduler)
    let viewModel = GitHubSignupDriverViewModel(
      input: (
        username: scheduler.createHotObservable(username).asDriver(onErrorJustReturn: ""),
        password: scheduler.createHotObservable([.next(220, "secret")])
          .asDriver(onErrorJustReturn: ""),
        repeatedPassword: scheduler.createHotObservable([.next(230, "secret")])
          .asDriver(onErrorJustReturn: ""),
        loginTaps: scheduler.createHotObservable(taps).asSignal(onErrorJustReturn: ())
      ),
      dependency: (
        api: api, validationService: GitHubValidationService(api: api), wireframe: wireframe
      ))
    return Fixture(viewModel: viewModel, api: api, wireframe: wireframe)
  }

  @Test("validates the username; a failing check becomes a message, not an error")
  func usernameValidation() {
    let scheduler = TestScheduler(initialClock: 0)
    let result = SharingScheduler.mock(scheduler: scheduler) {
      () -> TestableObserver<ValidationResult> in
      let fixture = makeFixture(
        scheduler,
        username: [
          .next(210, "alice"), .next(300, "octocat"), .next(400, "a b"),
          .next(500, "offline"), .next(600, "bob"),
        ])
      return scheduler.start { fixture.viewModel.validatedUsername }
    }
    // Each input arrives a tick late (the input driver delivers on the scheduler), and so does
    // each validation result (the inner driver too). The server error at 511 is the
    // onErrorJustReturn message, and the driver goes on validating "bob" afterwards.
    expectEqual(
      result.events,
      [
        .next(212, .validating), .next(222, .ok(message: "Username available")),
        .next(302, .validating), .next(312, .failed(message: "Username already taken")),
        .next(402, .failed(message: "Username can only contain numbers or digits")),
        .next(502, .validating), .next(512, .failed(message: "Error contacting server")),
        .next(602, .validating), .next(612, .ok(message: "Username available")),
      ])
  }

  @Test("signup is enabled when every field is valid, disabled while signing in; one prompt")
  func signupFlow() {
    let scheduler = TestScheduler(initialClock: 0)
    let enabled = scheduler.createObserver(Bool.self)
    let signingIn = scheduler.createObserver(Bool.self)
    let signedIn = scheduler.createObserver(Bool.self)
    let fixture = SharingScheduler.mock(scheduler: scheduler) { () -> Fixture in
      let fixture = makeFixture(scheduler, username: [.next(210, "alice")], taps: [.next(300, ())])
      let bag = CompositeDisposable()
      scheduler.scheduleAt(200) {
        _ = bag.insert(fixture.viewModel.signupEnabled.drive(enabled))
        _ = bag.insert(fixture.viewModel.signingIn.drive(signingIn))
        _ = bag.insert(fixture.viewModel.signedIn.drive(signedIn))
      }
      scheduler.scheduleAt(1000) { bag.dispose() }
      scheduler.start()
      return fixture
    }
    // Every driver hop costs a tick: the tap at 300 reaches the view model at 301, where the
    // signup starts; the activity indicator's driver shows it at 302. The signup answers at
    // 351 (shown at 352), and the prompt it opens answers 20 ticks later (373).
    expectEqual(enabled.events, [.next(231, true), .next(302, false), .next(352, true)])
    expectEqual(signingIn.events, [.next(201, false), .next(302, true), .next(352, false)])
    expectEqual(signedIn.events, [.next(373, true)])
    expectEqual(fixture.api.signups, 1)
    expectEqual(fixture.wireframe.messages, ["Signed in to GitHub."])
  }

  @Test("a failed signup drives false through onErrorJustReturn and keeps the outputs alive")
  func failedSignup() {
    let scheduler = TestScheduler(initialClock: 0)
    let signedIn = scheduler.createObserver(Bool.self)
    let fixture = SharingScheduler.mock(scheduler: scheduler) { () -> Fixture in
      let fixture = makeFixture(
        scheduler, username: [.next(210, "alice")], taps: [.next(300, ()), .next(500, ())],
        signupSucceeds: false)
      let bag = CompositeDisposable()
      scheduler.scheduleAt(200) {
        _ = bag.insert(fixture.viewModel.signedIn.drive(signedIn))
      }
      scheduler.scheduleAt(1000) { bag.dispose() }
      scheduler.start()
      return fixture
    }
    // Two taps, two failed signups, two prompts, and no error or completion in between.
    expectEqual(signedIn.events.map(\.value.element), [false, false])
    expectEqual(fixture.api.signups, 2)
    expectEqual(
      fixture.wireframe.messages,
      [
        "Signing in to GitHub failed.", "Signing in to GitHub failed.",
      ])
  }

  @Test("a view that binds late gets the latest validation at once (the Driver replays it)")
  func lateViewGetsLatest() {
    let scheduler = TestScheduler(initialClock: 0)
    let early = scheduler.createObserver(ValidationResult.self)
    let late = scheduler.createObserver(ValidationResult.self)
    SharingScheduler.mock(scheduler: scheduler) {
      let fixture = makeFixture(scheduler, username: [.next(210, "alice")])
      let bag = CompositeDisposable()
      scheduler.scheduleAt(200) {
        _ = bag.insert(fixture.viewModel.validatedUsername.drive(early))
      }
      scheduler.scheduleAt(400) {
        _ = bag.insert(fixture.viewModel.validatedUsername.drive(late))
      }
      scheduler.scheduleAt(1000) { bag.dispose() }
      scheduler.start()
    }
    expectEqual(early.events.count, 2)
    expectEqual(late.events, [.next(400, .ok(message: "Username available"))])
  }
}
