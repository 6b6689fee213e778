// A signup form's view model with plain `Observable`s, as in RxExample's GitHub signup
// (Observable version): the chain moves to the main scheduler, then maps, filters, switches to
// the latest validation, samples the form with `withLatestFrom` and keeps its state in the view
// model.

import ObservableCocoa
import ObservableCore

final class SignupObservableViewModel {
  private let disposeBag = DisposeBag()
  private let validationService: ValidationService
  private let api: SignupAPI

  private(set) var usernameMessage = ""
  private(set) var isSignupEnabled = false
  private(set) var lastSignupResult: Bool?
  private var attempts = 0

  init(
    username: Observable<String>,
    password: Observable<String>,
    signupTaps: Observable<Void>,
    validationService: ValidationService,
    api: SignupAPI
  ) {
    self.validationService = validationService
    self.api = api

    let validatedUsername =
      username
      .observe(on: MainScheduler.instance)
      .map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { !$0.isEmpty }
      .flatMapLatest { name in
        self.validationService.validateUsername(name)
          .catchAndReturn(.failed(message: "Error contacting server"))
      }
      .share(replay: 1)

    let validatedPassword =
      password
      .observe(on: MainScheduler.instance)
      .map { self.validationService.validatePassword($0) }
      .share(replay: 1)

    validatedUsername
      .subscribe(onNext: { result in
        switch result {
        case .ok(let message), .failed(let message): self.usernameMessage = message
        case .validating: self.usernameMessage = "Checking…"
        case .empty: self.usernameMessage = ""
        }
      })
      .disposed(by: disposeBag)

    Observable.combineLatest(validatedUsername, validatedPassword) { $0.isValid && $1.isValid }
      .distinctUntilChanged()
      .subscribe(onNext: { self.isSignupEnabled = $0 })
      .disposed(by: disposeBag)

    signupTaps
      .observe(on: MainScheduler.instance)
      .filter { self.isSignupEnabled }
      .withLatestFrom(Observable.combineLatest(username, password))
      .do(onNext: { _ in self.attempts += 1 })
      .flatMapLatest { username, password in
        self.api.signup(username, password: password)
          .catchAndReturn(false)
      }
      .observe(on: MainScheduler.instance)
      .subscribe(
        onNext: { self.lastSignupResult = $0 },
        onError: { _ in self.lastSignupResult = false }
      )
      .disposed(by: disposeBag)
  }
}
