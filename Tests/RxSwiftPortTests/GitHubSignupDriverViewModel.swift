// A GitHub signup view model in the style of RxSwift's RxExample ("GitHub Signup", the Driver
// version): every output is a `Driver`, so it cannot fail, delivers on the main scheduler and
// replays its latest value to the views that bind to it. Our own code, written as RxSwift 6 and
// RxCocoa users write it; only the imports differ (`import RxSwift` + `import RxCocoa` become
// `import ObservableCore` + `import ObservableCocoa`).
//
// It reuses `ValidationResult`, `GitHubSignupAPI` and `GitHubValidationService` from the
// Observable version in GitHubSignupViewModel.swift, as RxExample's two versions share theirs,
// and tracks the signup with the `ActivityIndicator` of ActivityIndicator.swift.

import Foundation
import ObservableCocoa
import ObservableCore

/// Shows a message and reports which action the user picked, as RxExample's `Wireframe` does.
protocol Wireframe {
  func promptFor(_ message: String, cancelAction: String, actions: [String]) -> Observable<String>
}

final class GitHubSignupDriverViewModel {
  // Outputs, one per view that shows them.
  let validatedUsername: Driver<ValidationResult>
  let validatedPassword: Driver<ValidationResult>
  let validatedPasswordRepeated: Driver<ValidationResult>
  let signupEnabled: Driver<Bool>
  let signedIn: Driver<Bool>
  let signingIn: Driver<Bool>

  init(
    input: (
      username: Driver<String>,
      password: Driver<String>,
      repeatedPassword: Driver<String>,
      loginTaps: Signal<Void>
    ),
    dependency: (
      api: GitHubSignupAPI,
      validationService: GitHubValidationService,
      wireframe: Wireframe
    )
  ) {
    let api = dependency.api
    let validationService = dependency.validationService
    let wireframe = dependency.wireframe

    // A failed availability check becomes a message instead of ending the driver.
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
      resultSelector: validationService.validateRepeatedPassword)

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
        let message = loggedIn ? "Signed in to GitHub." : "Signing in to GitHub failed."
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
}
