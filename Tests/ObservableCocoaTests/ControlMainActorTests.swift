import Dispatch
import Foundation
import ObservableCocoa
import ObservableCore
import ObservableTesting
import Testing

/// A signup form's main-actor state, which the closures below touch directly.
///
/// That compiles only because the operators of `ControlProperty` and `ControlEvent` take
/// `@MainActor` closures. Each call records whether it ran on the main actor's executor.
@MainActor
private final class SignupForm {
  var calls: [String] = []
  var offMain: [String] = []
  var isSignupEnabled = false
  var signups: [String] = []

  func record(_ name: String) {
    calls.append(name)
    if !(MainScheduler.isOnMainQueue || Thread.isMainThread) { offMain.append(name) }
  }
}

@Suite("ControlProperty and ControlEvent take main-actor closures")
@MainActor
struct ControlMainActorTests {
  @Test("a signup form: combineLatest of two fields, a tap with withLatestFrom, on the main actor")
  func signupForm() {
    let form = SignupForm()
    let username = FakeTextField(text: "")
    let password = FakeTextField(text: "")
    let signup = FakeButton()
    let bag = DisposeBag()

    let enabled: MainActorObservable<Bool> = Observable.combineLatest(
      username.rxText.orEmpty, password.rxText.orEmpty
    ) { name, secret in
      form.record("combineLatest")
      return !name.isEmpty && secret.count >= 3
    }
    enabled
      .distinctUntilChanged()
      .subscribe(onNext: { form.isSignupEnabled = $0 })
      .disposed(by: bag)
    signup.rxTap
      .filter { form.isSignupEnabled }
      .withLatestFrom(username.rxText.orEmpty)
      .map { name -> String in
        form.record("map")
        return name.uppercased()
      }
      .subscribe(onNext: { form.signups.append($0) })
      .disposed(by: bag)

    signup.simulateTap()
    username.simulateUserEdit("ana")
    password.simulateUserEdit("secret")
    signup.simulateTap()

    #expect(form.isSignupEnabled)
    #expect(form.signups == ["ANA"])
    #expect(form.calls.filter { $0 == "combineLatest" }.count == 3)
    #expect(form.offMain == [])
  }

  @Test(
    "a control event fed from a background thread still runs its closures on the main actor",
    .timeLimit(.minutes(1)))
  func eventFromBackground() async {
    let form = SignupForm()
    let taps = PublishSubject<Int>()
    let bag = DisposeBag()
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      ControlEvent(events: taps)
        .map { value -> Int in
          form.record("map \(value)")
          return value
        }
        .subscribe(onNext: { value in
          form.record("onNext \(value)")
          if value == 2 { done.resume() }
        })
        .disposed(by: bag)
      DispatchQueue.global().async {
        taps.onNext(1)
        taps.onNext(2)
      }
    }
    expectEqual(form.calls, ["map 1", "onNext 1", "map 2", "onNext 2"])
    expectEqual(form.offMain, [])
  }
}
