import GitHubAsync
import ObservableCore

/// The signup form's view model with async/await: input streams in, output streams out.
///
/// The same `transform(input:) -> Output` shape as ``SignupViewModel``, with `AsyncStream`s
/// instead of Observables. Without a `combineLatest` for async sequences, an actor keeps the
/// latest value of each field and recomputes the outputs on every change; a newer username
/// cancels the task that checks the previous one.
struct AsyncSignupViewModel: Sendable {
  /// The form's inputs, one stream per field.
  struct Input: Sendable {
    var username: AsyncStream<String>
    var password: AsyncStream<String>
    var repeatedPassword: AsyncStream<String>
  }

  /// The form's outputs.
  ///
  /// They finish when every input has finished and the last check has answered; when all
  /// four are abandoned, the work stops.
  struct Output: Sendable {
    var validatedUsername: AsyncStream<ValidationResult>
    var validatedPassword: AsyncStream<ValidationResult>
    var validatedPasswordRepeated: AsyncStream<ValidationResult>
    var signupEnabled: AsyncStream<Bool>
  }

  let client: GitHubClient

  /// Connects the inputs to the outputs.
  func transform(input: Input) -> Output {
    let username = AsyncStream.makeStream(of: ValidationResult.self)
    let password = AsyncStream.makeStream(of: ValidationResult.self)
    let repeated = AsyncStream.makeStream(of: ValidationResult.self)
    let enabled = AsyncStream.makeStream(of: Bool.self)
    let form = SignupForm(
      client: client, username: username.continuation, password: password.continuation,
      repeated: repeated.continuation, enabled: enabled.continuation)
    let driver = Task {
      await withTaskGroup(of: Void.self) { group in
        group.addTask { for await text in input.username { await form.usernameChanged(text) } }
        group.addTask { for await text in input.password { await form.passwordChanged(text) } }
        group.addTask {
          for await text in input.repeatedPassword { await form.repeatedPasswordChanged(text) }
        }
      }
      await form.finish()
    }
    // Stop the work once nobody reads any output.
    let readers = _Mutex(4)
    let readerLeft: @Sendable () -> Void = {
      if readers.withLock({ count in
        count -= 1
        return count == 0
      }) {
        driver.cancel()
      }
    }
    username.continuation.onTermination = { _ in readerLeft() }
    password.continuation.onTermination = { _ in readerLeft() }
    repeated.continuation.onTermination = { _ in readerLeft() }
    enabled.continuation.onTermination = { _ in readerLeft() }
    return Output(
      validatedUsername: username.stream, validatedPassword: password.stream,
      validatedPasswordRepeated: repeated.stream, signupEnabled: enabled.stream)
  }
}

/// The latest state of the form, and the availability check in flight.
private actor SignupForm {
  private let client: GitHubClient
  private let usernameOutput: AsyncStream<ValidationResult>.Continuation
  private let passwordOutput: AsyncStream<ValidationResult>.Continuation
  private let repeatedOutput: AsyncStream<ValidationResult>.Continuation
  private let enabledOutput: AsyncStream<Bool>.Continuation

  private var password: String?
  private var repeatedPassword: String?
  private var usernameResult: ValidationResult?
  private var passwordResult: ValidationResult?
  private var repeatedResult: ValidationResult?
  private var enabled: Bool?
  private var check: Task<Void, Never>?
  private var checkNumber = 0

  init(
    client: GitHubClient, username: AsyncStream<ValidationResult>.Continuation,
    password: AsyncStream<ValidationResult>.Continuation,
    repeated: AsyncStream<ValidationResult>.Continuation, enabled: AsyncStream<Bool>.Continuation
  ) {
    self.client = client
    usernameOutput = username
    passwordOutput = password
    repeatedOutput = repeated
    enabledOutput = enabled
  }

  func usernameChanged(_ username: String) {
    check?.cancel()
    check = nil
    checkNumber += 1
    if let problem = SignupRules.usernameProblem(username) {
      setUsername(problem)
      return
    }
    setUsername(.validating)
    let number = checkNumber
    let client = client
    check = Task {
      let result: ValidationResult
      do throws(GitHubError) {
        result = SignupRules.availability(try await client.isUsernameAvailable(username))
      } catch .cancelled {
        return
      } catch {
        result = .cannotCheck(Format.error(error))
      }
      self.usernameChecked(result, number: number)
    }
  }

  func passwordChanged(_ text: String) {
    password = text
    passwordResult = SignupRules.validatePassword(text)
    passwordOutput.yield(SignupRules.validatePassword(text))
    updateRepeated()
  }

  func repeatedPasswordChanged(_ text: String) {
    repeatedPassword = text
    updateRepeated()
  }

  /// Waits for the check in flight, unless the work was cancelled, then ends the outputs.
  func finish() async {
    if Task.isCancelled { check?.cancel() }
    await check?.value
    usernameOutput.finish()
    passwordOutput.finish()
    repeatedOutput.finish()
    enabledOutput.finish()
  }

  private func usernameChecked(_ result: ValidationResult, number: Int) {
    // A check that a newer username replaced is stale.
    guard number == checkNumber else { return }
    setUsername(result)
  }

  private func setUsername(_ result: ValidationResult) {
    usernameResult = result
    usernameOutput.yield(result)
    updateEnabled()
  }

  private func updateRepeated() {
    // Like combineLatest: nothing until both fields have a value.
    guard let password, let repeatedPassword else {
      updateEnabled()
      return
    }
    let result = SignupRules.validateRepeatedPassword(password, repeatedPassword)
    repeatedResult = result
    repeatedOutput.yield(result)
    updateEnabled()
  }

  private func updateEnabled() {
    guard let usernameResult, let passwordResult, let repeatedResult else { return }
    let now = usernameResult.isValid && passwordResult.isValid && repeatedResult.isValid
    guard now != enabled else { return }
    enabled = now
    enabledOutput.yield(now)
  }
}
