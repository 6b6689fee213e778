import GitHubAsync
import ObservableCore

/// The signup form's view model in Rx: input streams in, output streams out.
///
/// The same shape as the seeds' view models, so it carries over to an app: bind text fields
/// to the input, and the output to labels and a button.
struct SignupViewModel: Sendable {
  /// The form's inputs, one stream per field.
  struct Input: Sendable {
    var username: Observable<String>
    var password: Observable<String>
    var repeatedPassword: Observable<String>
  }

  /// The form's outputs.
  struct Output: Sendable {
    var validatedUsername: Observable<ValidationResult>
    var validatedPassword: Observable<ValidationResult>
    var validatedPasswordRepeated: Observable<ValidationResult>
    var signupEnabled: Observable<Bool>
  }

  let client: GitHubClient

  /// Connects the inputs to the outputs.
  ///
  /// A username is checked on GitHub once its form is valid; a newer username disposes the
  /// check in flight, which cancels its request.
  func transform(input: Input) -> Output {
    let client = client
    let validatedUsername = input.username
      .flatMapLatest { username -> Observable<ValidationResult> in
        if let problem = SignupRules.usernameProblem(username) { return .just(problem) }
        return client.rx.isUsernameAvailable(username).asObservable()
          .map(SignupRules.availability)
          .catch { error in .just(.cannotCheck(Format.error(error))) }
          .startWith(.validating)
      }
      .share(replay: 1)
    let validatedPassword = input.password
      .map(SignupRules.validatePassword)
      .share(replay: 1)
    let validatedPasswordRepeated = Observable.combineLatest(
      input.password, input.repeatedPassword, resultSelector: SignupRules.validateRepeatedPassword
    )
    .share(replay: 1)
    // Combined from the password fields themselves, not from the two validations derived
    // from them: one keystroke in the password changes both validations, one after the other,
    // and combineLatest over them would briefly see a new password with a stale repeat check.
    let signupEnabled = Observable.combineLatest(
      validatedUsername, input.password, input.repeatedPassword
    ) { username, password, repeated in
      username.isValid && SignupRules.validatePassword(password).isValid
        && SignupRules.validateRepeatedPassword(password, repeated).isValid
    }
    .distinctUntilChanged()
    return Output(
      validatedUsername: validatedUsername, validatedPassword: validatedPassword,
      validatedPasswordRepeated: validatedPasswordRepeated, signupEnabled: signupEnabled)
  }
}
