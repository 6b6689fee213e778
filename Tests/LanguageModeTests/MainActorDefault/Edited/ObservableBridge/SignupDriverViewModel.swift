// A signup form's view model with `Driver`s, as in RxExample's GitHub signup (Driver version):
// the fields are combined with `combineLatest`, the username is validated through a service
// protocol inside `flatMapLatest`, and the signup is tracked by an activity indicator.

import ObservableCocoa
import ObservableCore

final class SignupDriverViewModel {
  let validatedUsername: Driver<ValidationResult>
  let validatedPassword: Driver<ValidationResult>
  let validatedPasswordRepeated: Driver<ValidationResult>
  let signupEnabled: Driver<Bool>
  let signedIn: Driver<Bool>
  let signingIn: Driver<Bool>

  private(set) var signupCount = 0

  init(
    input: (
      username: Driver<String>,
      password: Driver<String>,
      repeatedPassword: Driver<String>,
      loginTaps: Signal<Void>
    ),
    dependency: (
      api: SignupAPI,
      validationService: ValidationService,
      wireframe: Wireframe
    )
  ) {
    let api = dependency.api
    let validationService = dependency.validationService
    let wireframe = dependency.wireframe

    validatedUsername = input.username
      .flatMapLatest { username in
        validationService.validateUsername(username)
          .asDriver(onErrorJustReturn: .failed(message: "Error contacting server"))
      }

    validatedPassword = input.password
      .map { password in
        validationService.validatePassword(password)
      }

    validatedPasswordRepeated = Driver.combineLatest(
      input.password, input.repeatedPassword,
      resultSelector: { validationService.validateRepeatedPassword($0, repeatedPassword: $1) })

    let signingIn = ActivityIndicator()
    self.signingIn = signingIn.asDriver()

    let usernameAndPassword = Driver.combineLatest(input.username, input.password) {
      (username: $0, password: $1)
    }

    signedIn = input.loginTaps.withLatestFrom(usernameAndPassword)
      .flatMapLatest { pair in
        api.signup(pair.username, password: pair.password)
          .trackActivity(signingIn)
          .asDriver(onErrorJustReturn: false)
      }
      .flatMapLatest { loggedIn -> Driver<Bool> in
        let message = loggedIn ? "Mock: Signed in to GitHub." : "Mock: Sign in to GitHub failed"
        return wireframe.promptFor(message, cancelAction: "OK", actions: [])
          .map { _ in loggedIn }
          .asDriver(onErrorJustReturn: false)
      }

    signupEnabled = Driver.combineLatest(
      validatedUsername,
      validatedPassword,
      validatedPasswordRepeated,
      signingIn
    ) { username, password, repeatPassword, signingIn in
      username.isValid && password.isValid && repeatPassword.isValid && !signingIn
    }
    .distinctUntilChanged()
  }

  func countSignups() -> Disposable {
    signedIn
      .filter { $0 }
      .drive(onNext: { _ in
        self.signupCount += 1
      })
  }
}
