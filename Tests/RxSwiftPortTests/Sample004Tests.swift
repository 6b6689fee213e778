import ObservableCore
import ObservableTesting
import Testing

/// An API whose answers arrive on the test scheduler: availability after 20 ticks, signup
/// after 30.
private final class ScriptedSignupAPI: SignupAPI {
  let scheduler: TestScheduler
  private(set) var checkedNames: [String] = []

  init(scheduler: TestScheduler) {
    self.scheduler = scheduler
  }

  func usernameAvailable(_ username: String) -> Observable<Bool> {
    checkedNames.append(username)
    return scheduler.createColdObservable([.next(20, username != "taken"), .completed(20)])
      .asObservable()
  }

  func signup(_ username: String, password: String) -> Observable<Bool> {
    scheduler.createColdObservable([.next(30, username == "alice"), .completed(30)])
      .asObservable()
  }
}

@Suite("Sample 004: a signup form validated with combineLatest, switchLatest and startWith")
struct Sample004Tests {
  @Test("validates every field as it changes and enables signup when all are valid")
  @MainActor
  func validation() {
    let scheduler = TestScheduler(initialClock: 0)
    let api = ScriptedSignupAPI(scheduler: scheduler)
    let input = SignupFormViewModel.Input(
      username: scheduler.createHotObservable([
        .next(210, "al"), .next(300, "taken"), .next(400, "alice"),
      ]).asObservable(),
      password: scheduler.createHotObservable([.next(220, "123"), .next(410, "secret1")])
        .asObservable(),
      repeatedPassword: scheduler.createHotObservable([
        .next(230, "secret"), .next(420, "secret1"),
      ]).asObservable(),
      signupTaps: scheduler.createHotObservable([.next(500, ())]).asObservable())
    let output = SignupFormViewModel(api: api).transform(input: input)

    let username = scheduler.createObserver(Validation.self)
    let repeated = scheduler.createObserver(Validation.self)
    let enabled = scheduler.createObserver(Bool.self)
    let viewController = SignupViewController()
    var subscriptions: [Disposable] = []
    scheduler.scheduleAt(200) {
      subscriptions = [
        output.username.subscribe(username),
        output.repeatedPassword.subscribe(repeated),
        output.signupEnabled.subscribe(enabled),
      ]
      viewController.bind(output)
    }
    scheduler.scheduleAt(1000) {
      for subscription in subscriptions { subscription.dispose() }
    }
    scheduler.start()

    expectEqual(
      username.events,
      [
        .next(200, .empty),
        .next(210, .validating), .next(230, .ok("available")),
        .next(300, .validating), .next(320, .failed("taken")),
        .next(400, .validating), .next(420, .ok("available")),
      ])
    expectEqual(
      repeated.events,
      [
        .next(200, .empty), .next(230, .failed("does not match")),
        .next(410, .failed("does not match")), .next(420, .ok("matches")),
      ])
    expectEqual(enabled.events, [.next(200, false), .next(420, true)])
    // switchLatest: each name was checked once, while it was the latest.
    expectEqual(api.checkedNames, ["al", "taken", "alice"])
    #expect(viewController.signupButton.isEnabled)
    expectEqual(viewController.usernameHint.text, "available")
    expectEqual(viewController.signupResults, [true])
  }
}
