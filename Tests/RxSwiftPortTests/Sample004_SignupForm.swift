// Sample 004: a signup form validated with `combineLatest`, `switchLatest` and `startWith`, in
// the MVVM style: the view model is a `transform(input:) -> Output` function of observables.
//
// Written as the articles write it for RxSwift 6; only the import differs.

import ObservableCore

protocol SignupAPI {
  func usernameAvailable(_ username: String) -> Observable<Bool>
  func signup(_ username: String, password: String) -> Observable<Bool>
}

enum Validation: Equatable {
  case empty
  case validating
  case ok(String)
  case failed(String)

  var isValid: Bool {
    if case .ok = self { return true }
    return false
  }
}

final class SignupFormViewModel {
  struct Input {
    let username: Observable<String>
    let password: Observable<String>
    let repeatedPassword: Observable<String>
    let signupTaps: Observable<Void>
  }

  struct Output {
    let username: Observable<Validation>
    let password: Observable<Validation>
    let repeatedPassword: Observable<Validation>
    let signupEnabled: Observable<Bool>
    let signedUp: Observable<Bool>
  }

  private let api: SignupAPI
  private let minimumPasswordLength = 6

  init(api: SignupAPI) {
    self.api = api
  }

  func transform(input: Input) -> Output {
    let username: Observable<Validation> = input.username
      .map { name -> Observable<Validation> in
        if name.isEmpty { return .just(.empty) }
        return self.api.usernameAvailable(name)
          .map { $0 ? .ok("available") : .failed("taken") }
          .startWith(.validating)
      }
      .switchLatest()
      .startWith(.empty)
      .share(replay: 1)

    let password: Observable<Validation> = input.password
      .map { password in
        if password.isEmpty { return .empty }
        return password.count >= self.minimumPasswordLength
          ? .ok("strong enough") : .failed("at least \(self.minimumPasswordLength) characters")
      }
      .startWith(.empty)
      .share(replay: 1)

    let repeatedPassword: Observable<Validation> =
      Observable
      .combineLatest(input.password, input.repeatedPassword) { password, repeated in
        if repeated.isEmpty { return .empty }
        return repeated == password ? .ok("matches") : .failed("does not match")
      }
      .startWith(.empty)
      .share(replay: 1)

    let signupEnabled =
      Observable
      .combineLatest(username, password, repeatedPassword) {
        $0.isValid && $1.isValid && $2.isValid
      }
      .distinctUntilChanged()

    let credentials = Observable.combineLatest(input.username, input.password)
    let signedUp = input.signupTaps
      .withLatestFrom(credentials)
      .flatMapLatest { username, password in
        self.api.signup(username, password: password).catchAndReturn(false)
      }

    return Output(
      username: username, password: password, repeatedPassword: repeatedPassword,
      signupEnabled: signupEnabled, signedUp: signedUp)
  }
}

final class SignupViewController: UIViewController {
  let usernameField = UITextField()
  let usernameHint = UILabel()
  let signupButton = UIButton()
  private(set) var signupResults: [Bool] = []
  private let disposeBag = DisposeBag()

  func bind(_ output: SignupFormViewModel.Output) {
    output.username
      .subscribe(onNext: { [weak self] validation in
        switch validation {
        case .empty: self?.usernameHint.text = nil
        case .validating: self?.usernameHint.text = "checking…"
        case .ok(let message), .failed(let message): self?.usernameHint.text = message
        }
      })
      .disposed(by: disposeBag)

    output.signupEnabled
      .subscribe(onNext: { [weak self] enabled in self?.signupButton.isEnabled = enabled })
      .disposed(by: disposeBag)

    output.signedUp
      .subscribe(onNext: { [weak self] ok in self?.signupResults.append(ok) })
      .disposed(by: disposeBag)
  }
}
