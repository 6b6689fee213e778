import Foundation
import GitHubAsync
import ObservableCore

/// Signup validation: `combineLatest` over three fields with a live username check, against
/// an async view model of the same shape.
struct SignupScenario: TourScenario {
  let name = TourScenarioName.signup
  let title = "Signup form validation"

  func summary(_ context: TourContext) -> [String] {
    [
      "A view model, transform(input:) -> Output, checks a username on GitHub and two passwords.",
      "Typed, one field at a time: "
        + script(context).prefix(3).map { "\($0.field.rawValue) \"\($0.text)\"" }
        .joined(separator: ", ") + ",",
      "then "
        + script(context).dropFirst(3).map { "\($0.field.rawValue) \"\($0.text)\"" }
        .joined(separator: ", ") + ".",
    ]
  }

  func code(_ style: Style, _ context: TourContext) -> [String] {
    switch style {
    case .rx:
      return [
        "let output = SignupViewModel(client: client).transform(input: input)",
        "validatedUsername = input.username.flatMapLatest { name in",
        "  client.rx.isUsernameAvailable(name).asObservable().map(availability).startWith(.validating) }",
        "signupEnabled = Observable.combineLatest(",
        "  validatedUsername, input.password, input.repeatedPassword",
        ") { name, password, repeated in name.isValid && valid(password, repeated) }",
      ]
    case .async:
      return [
        "let output = AsyncSignupViewModel(client: client).transform(input: input)",
        "for await name in input.username { await form.usernameChanged(name) }  // one task per field",
        "check?.cancel()                                      // in usernameChanged(_:)",
        "check = Task { usernameChecked(availability(try await client.isUsernameAvailable(name))) }",
        "enabledOutput.yield(username.isValid && password.isValid && repeated.isValid)",
      ]
    }
  }

  /// The typing, field by field, and what each step waits for before the next.
  private func script(_ context: TourContext) -> [Keystrokes] {
    let targets = context.targets
    return [
      Keystrokes(.username, targets.takenUsername) { $0.username.last?.isFinal == true },
      Keystrokes(.password, "abc") { $0.password.last == SignupRules.validatePassword("abc") },
      Keystrokes(.repeat, "abc") { $0.repeated.last?.isValid == true },
      Keystrokes(.username, targets.freeUsername) {
        $0.username.last?.isFinal == true && $0.username.count > 2
      },
      Keystrokes(.password, "correct horse") { $0.password.last?.isValid == true },
      Keystrokes(.repeat, "correct horse") { $0.enabled.last == true },
    ]
  }

  func run(_ style: Style, _ context: TourContext) async throws -> StyleReport {
    let client = context.backend.makeClient()
    let recorder = SignupRecorder()
    let form: FormDriver
    switch style {
    case .rx:
      let username = PublishSubject<String>()
      let password = PublishSubject<String>()
      let repeated = PublishSubject<String>()
      let output = SignupViewModel(client: client).transform(
        input: SignupViewModel.Input(
          username: username.asObservable(), password: password.asObservable(),
          repeatedPassword: repeated.asObservable()))
      let bag = DisposeBag()
      output.validatedUsername.subscribe(onNext: { recorder.username($0) }).disposed(by: bag)
      output.validatedPassword.subscribe(onNext: { recorder.password($0) }).disposed(by: bag)
      output.validatedPasswordRepeated.subscribe(onNext: { recorder.repeated($0) })
        .disposed(by: bag)
      output.signupEnabled.subscribe(onNext: { recorder.enabled($0) }).disposed(by: bag)
      form = FormDriver(
        enter: { field, text in
          switch field {
          case .username: username.onNext(text)
          case .password: password.onNext(text)
          case .repeat: repeated.onNext(text)
          }
        },
        finish: {
          for subject in [username, password, repeated] { subject.onCompleted() }
          withExtendedLifetime(bag) {}
        })
    case .async:
      let username = AsyncStream.makeStream(of: String.self)
      let password = AsyncStream.makeStream(of: String.self)
      let repeated = AsyncStream.makeStream(of: String.self)
      let output = AsyncSignupViewModel(client: client).transform(
        input: AsyncSignupViewModel.Input(
          username: username.stream, password: password.stream,
          repeatedPassword: repeated.stream))
      let readers = Task {
        await withTaskGroup(of: Void.self) { group in
          group.addTask { for await value in output.validatedUsername { recorder.username(value) } }
          group.addTask { for await value in output.validatedPassword { recorder.password(value) } }
          group.addTask {
            for await value in output.validatedPasswordRepeated { recorder.repeated(value) }
          }
          group.addTask { for await value in output.signupEnabled { recorder.enabled(value) } }
        }
      }
      form = FormDriver(
        enter: { field, text in
          switch field {
          case .username: username.continuation.yield(text)
          case .password: password.continuation.yield(text)
          case .repeat: repeated.continuation.yield(text)
          }
        },
        finish: {
          username.continuation.finish()
          password.continuation.finish()
          repeated.continuation.finish()
          await readers.value
        })
    }
    var username = ""
    for step in script(context) {
      if step.field == .username { username = step.text }
      form.enter(step.field, step.text)
      switch await recorder.wait(until: step.done) {
      case .done:
        continue
      case .checkFailed(let error):
        // The form cannot settle without the check: end the run with the check's error at
        // once, rather than wait for the deadline.
        await form.finish()
        throw DemoFailure("checking username \"\(username)\": \(error)")
      case .timedOut:
        await form.finish()
        throw DemoFailure("the form did not settle after \(step.field.rawValue) \"\(step.text)\"")
      }
    }
    await form.finish()
    let outputs = recorder.snapshot
    return StyleReport(result: [
      "username  " + Self.transitions(outputs.username.map(\.description)),
      "password  " + Self.transitions(outputs.password.map(\.description)),
      "repeat    " + Self.transitions(outputs.repeated.map(\.description)),
      "sign up   " + Self.transitions(outputs.enabled.map { $0 ? "enabled" : "disabled" }),
    ])
  }

  /// Values joined by arrows, without consecutive repeats.
  static func transitions(_ values: [String]) -> String {
    var distinct: [String] = []
    for value in values where value != distinct.last { distinct.append(value) }
    return distinct.joined(separator: " → ")
  }
}

/// A field of the form.
private enum Field: String, Sendable {
  case username, password
  case `repeat` = "repeat"
}

/// Text entered in a field, and the outputs to wait for before going on.
private struct Keystrokes: Sendable {
  var field: Field
  var text: String
  var done: @Sendable (SignupRecorder.Outputs) -> Bool

  init(_ field: Field, _ text: String, done: @escaping @Sendable (SignupRecorder.Outputs) -> Bool) {
    self.field = field
    self.text = text
    self.done = done
  }
}

/// Enters text in a view model's inputs.
private struct FormDriver: Sendable {
  var enter: @Sendable (Field, String) -> Void
  var finish: @Sendable () async -> Void
}

/// The outputs of a view model, recorded from any thread.
private final class SignupRecorder: Sendable {
  struct Outputs: Sendable {
    var username: [ValidationResult] = []
    var password: [ValidationResult] = []
    var repeated: [ValidationResult] = []
    var enabled: [Bool] = []
  }

  private let outputs = _Mutex(Outputs())

  func username(_ value: ValidationResult) { outputs.withLock { $0.username.append(value) } }
  func password(_ value: ValidationResult) { outputs.withLock { $0.password.append(value) } }
  func repeated(_ value: ValidationResult) { outputs.withLock { $0.repeated.append(value) } }
  func enabled(_ value: Bool) { outputs.withLock { $0.enabled.append(value) } }

  var snapshot: Outputs { outputs.withLock { $0 } }

  /// How a wait ended.
  enum WaitOutcome: Sendable, Equatable {
    /// The condition was met.
    case done
    /// The username check could not be made, with its error: the condition never will be.
    case checkFailed(String)
    /// 30 seconds passed.
    case timedOut
  }

  /// Polls until the outputs satisfy `condition` or the username check fails, for at most
  /// 30 seconds.
  func wait(until condition: (Outputs) -> Bool) async -> WaitOutcome {
    let deadline = ContinuousClock.now + .seconds(30)
    while true {
      let outputs = snapshot
      if case .cannotCheck(let error) = outputs.username.last { return .checkFailed(error) }
      if condition(outputs) { return .done }
      guard ContinuousClock.now < deadline else { return .timedOut }
      try? await Task.sleep(for: .milliseconds(5))
    }
  }
}

extension ValidationResult {
  /// Whether no check is running any more.
  fileprivate var isFinal: Bool { self != .validating }
}
