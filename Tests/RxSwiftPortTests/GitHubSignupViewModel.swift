// A GitHub signup view model in the style of RxSwift's RxExample ("GitHub Signup", the
// Observable version): validation services, username availability checked against the API
// with `flatMapLatest`, an activity indicator built from `using`, and the signup button enabled
// by `combineLatest`. Our own code, written as RxSwift 6 users write it; only the import
// differs.

import Foundation
import ObservableCore

enum ValidationResult: Equatable {
  case ok(message: String)
  case empty
  case validating
  case failed(message: String)

  var isValid: Bool {
    if case .ok = self { return true }
    return false
  }
}

protocol GitHubSignupAPI {
  func usernameAvailable(_ username: String) -> Observable<Bool>
  func signup(_ username: String, password: String) -> Observable<Bool>
}

final class GitHubValidationService {
  let api: GitHubSignupAPI
  let minPasswordCount = 5

  init(api: GitHubSignupAPI) {
    self.api = api
  }

  func validateUsername(_ username: String) -> Observable<ValidationResult> {
    if username.isEmpty {
      return .just(.empty)
    }
    if username.rangeOfCharacter(from: CharacterSet.alphanumerics.inverted) != nil {
      return .just(.failed(message: "Username can only contain numbers or digits"))
    }
    let loadingValue = ValidationResult.validating
    return
      api
      .usernameAvailable(username)
      .map { available in
        available ? .ok(message: "Username available") : .failed(message: "Username already taken")
      }
      .startWith(loadingValue)
  }

  func validatePassword(_ password: String) -> ValidationResult {
    let numberOfCharacters = password.count
    if numberOfCharacters == 0 {
      return .empty
    }
    if numberOfCharacters < minPasswordCount {
      return .failed(message: "Password must be at least \(minPasswordCount) characters")
    }
    return .ok(message: "Password acceptable")
  }

  func validateRepeatedPassword(_ password: String, repeatedPassword: String) -> ValidationResult {
    if repeatedPassword.count == 0 {
      return .empty
    }
    if repeatedPassword == password {
      return .ok(message: "Password repeated")
    }
    return .failed(message: "Password different")
  }
}

/// Counts the sequences in flight that were tracked with `trackActivity`, as RxExample does, and
/// publishes "is anything running" as a plain `Observable`.
///
/// RxExample's own `ActivityIndicator`, which publishes a `Driver`, is in ActivityIndicator.swift;
/// this Observable-shaped one keeps the Observable version of the signup free of ObservableCocoa,
/// hence the different name.
final class ObservableActivityIndicator: ObservableConvertibleType {
  typealias Element = Bool

  private let lock = NSRecursiveLock()
  private let relay = BehaviorRelay(value: 0)
  private let loading: Observable<Bool>

  init() {
    loading = relay.asObservable()
      .map { $0 > 0 }
      .distinctUntilChanged()
  }

  fileprivate func trackActivityOfObservable<Source: ObservableConvertibleType>(
    _ source: Source
  ) -> Observable<Source.Element> {
    Observable.using(
      { () -> ActivityToken in
        self.increment()
        return ActivityToken(disposeAction: self.decrement)
      },
      observableFactory: { _ in source.asObservable() })
  }

  private func increment() {
    lock.lock()
    relay.accept(relay.value + 1)
    lock.unlock()
  }

  private func decrement() {
    lock.lock()
    relay.accept(relay.value - 1)
    lock.unlock()
  }

  func asObservable() -> Observable<Bool> {
    loading
  }
}

/// Ends one tracked activity when disposed, once.
private final class ActivityToken: Disposable {
  private let end: Disposable

  init(disposeAction: @escaping () -> Void) {
    end = Disposables.create(with: disposeAction)
  }

  func dispose() {
    end.dispose()
  }
}

extension ObservableConvertibleType {
  func trackActivity(_ activityIndicator: ObservableActivityIndicator) -> Observable<Element> {
    activityIndicator.trackActivityOfObservable(self)
  }
}

final class GitHubSignupViewModel {
  let validatedUsername: Observable<ValidationResult>
  let validatedPassword: Observable<ValidationResult>
  let validatedPasswordRepeated: Observable<ValidationResult>
  let signupEnabled: Observable<Bool>
  let signedIn: Observable<Bool>
  let signingIn: Observable<Bool>

  init(
    input: (
      username: Observable<String>,
      password: Observable<String>,
      repeatedPassword: Observable<String>,
      loginTaps: Observable<Void>
    ),
    dependency: (
      api: GitHubSignupAPI,
      validationService: GitHubValidationService
    )
  ) {
    let api = dependency.api
    let validationService = dependency.validationService

    validatedUsername = input.username
      .flatMapLatest { username in
        validationService.validateUsername(username)
          .catchAndReturn(.failed(message: "Error contacting server"))
      }
      .share(replay: 1)

    validatedPassword = input.password
      .map { password in validationService.validatePassword(password) }
      .share(replay: 1)

    validatedPasswordRepeated = Observable.combineLatest(
      input.password, input.repeatedPassword,
      resultSelector: validationService.validateRepeatedPassword
    )
    .share(replay: 1)

    let signingIn = ObservableActivityIndicator()
    self.signingIn = signingIn.asObservable()

    let usernameAndPassword = Observable.combineLatest(input.username, input.password) {
      (username: $0, password: $1)
    }

    signedIn = input.loginTaps.withLatestFrom(usernameAndPassword)
      .flatMapLatest { pair in
        api.signup(pair.username, password: pair.password)
          .trackActivity(signingIn)
          .catchAndReturn(false)
      }
      .share(replay: 1)

    signupEnabled = Observable.combineLatest(
      validatedUsername,
      validatedPassword,
      validatedPasswordRepeated,
      signingIn.asObservable()
    ) { username, password, repeatPassword, signingIn in
      username.isValid && password.isValid && repeatPassword.isValid && !signingIn
    }
    .distinctUntilChanged()
    .share(replay: 1)
  }
}
