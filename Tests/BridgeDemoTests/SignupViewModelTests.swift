import Foundation
import GitHubAsync
import GitHubReplay
import ObservableCore
import ObservableTesting
import Testing

@testable import bridge_demo

/// Both signup view models, against a replay server: validation, the combined output, and the
/// cancellation of stale username checks.
@Suite("Signup view models")
struct SignupViewModelTests {
  @Test("the rules for each field")
  func rules() {
    expectEqual(SignupRules.usernameProblem(""), .empty)
    expectEqual(SignupRules.usernameProblem("a b"), .failed("only letters, digits and hyphens"))
    expectEqual(SignupRules.usernameProblem("-a"), .failed("hyphens only between other characters"))
    expectEqual(
      SignupRules.usernameProblem("a--b"), .failed("hyphens only between other characters"))
    expectEqual(
      SignupRules.usernameProblem(String(repeating: "a", count: 40)),
      .failed("at most 39 characters"))
    #expect(SignupRules.usernameProblem("sferik-rx") == nil)
    expectEqual(SignupRules.validatePassword(""), .empty)
    expectEqual(SignupRules.validatePassword("short"), .failed("too short (8 or more)"))
    #expect(SignupRules.validatePassword("long enough").isValid)
    expectEqual(SignupRules.validateRepeatedPassword("a", ""), .empty)
    expectEqual(SignupRules.validateRepeatedPassword("a", "b"), .failed("does not match"))
    #expect(SignupRules.validateRepeatedPassword("a", "a").isValid)
  }

  @Test("Rx: a newer username disposes the check in flight, which cancels its request")
  func rxCancelsStaleCheck() async throws {
    let server = try ReplayServer.start(scenario: .gitHub())
    defer { server.stop() }
    server.stub("/users/slowpoke", .hang)
    let client = testClient(server)
    let username = PublishSubject<String>()
    let password = PublishSubject<String>()
    let repeated = PublishSubject<String>()
    let output = SignupViewModel(client: client).transform(
      input: .init(
        username: username.asObservable(), password: password.asObservable(),
        repeatedPassword: repeated.asObservable()))
    let results = Recorded<ValidationResult>()
    let enabled = Recorded<Bool>()
    let bag = DisposeBag()
    output.validatedUsername.subscribe(onNext: { results.append($0) }).disposed(by: bag)
    output.signupEnabled.subscribe(onNext: { enabled.append($0) }).disposed(by: bag)

    username.onNext("slowpoke")
    #expect(await server.waitForRequests(count: 1, timeout: patience))
    username.onNext("sferik-rx")
    #expect(await server.waitForAbandonedRequests(count: 1, timeout: patience))
    #expect(await results.wait { $0.last == .ok("available") })
    password.onNext("correct horse")
    repeated.onNext("correct horse")
    #expect(await enabled.wait { $0.last == true })
    #expect(results.all == [.validating, .validating, .ok("available")])
    #expect(enabled.all == [true])
    #expect(server.requests.map(\.path) == ["/users/slowpoke", "/users/sferik-rx"])
  }

  @Test("Rx: a new password never enables signup against a stale repeat check")
  func rxNoGlitch() async throws {
    let server = try ReplayServer.start(scenario: .gitHub())
    defer { server.stop() }
    let client = testClient(server)
    let username = BehaviorSubject(value: "sferik-rx")
    let password = BehaviorSubject(value: "short")
    let repeated = BehaviorSubject(value: "short")
    let output = SignupViewModel(client: client).transform(
      input: .init(
        username: username.asObservable(), password: password.asObservable(),
        repeatedPassword: repeated.asObservable()))
    let enabled = Recorded<Bool>()
    let checked = Recorded<ValidationResult>()
    let bag = DisposeBag()
    output.signupEnabled.subscribe(onNext: { enabled.append($0) }).disposed(by: bag)
    output.validatedUsername.subscribe(onNext: { checked.append($0) }).disposed(by: bag)
    #expect(await checked.wait { $0.last == .ok("available") })
    // The password becomes valid while the repeat still holds the old one: combining the two
    // derived validations would flash `true` here before the repeat check caught up.
    password.onNext("long enough")
    #expect(enabled.all == [false])
    repeated.onNext("long enough")
    #expect(enabled.all == [false, true])
  }

  @Test("async: a newer username cancels the check in flight, and the outputs finish")
  func asyncCancelsStaleCheck() async throws {
    let server = try ReplayServer.start(scenario: .gitHub())
    defer { server.stop() }
    server.stub("/users/slowpoke", .hang)
    let client = testClient(server)
    let username = AsyncStream.makeStream(of: String.self)
    let password = AsyncStream.makeStream(of: String.self)
    let repeated = AsyncStream.makeStream(of: String.self)
    let output = AsyncSignupViewModel(client: client).transform(
      input: .init(
        username: username.stream, password: password.stream, repeatedPassword: repeated.stream))
    let results = Recorded<ValidationResult>()
    let enabled = Recorded<Bool>()
    let readers = Task {
      async let names: Void = {
        for await value in output.validatedUsername { results.append(value) }
      }()
      async let enabling: Void = {
        for await value in output.signupEnabled { enabled.append(value) }
      }()
      async let passwords: Void = { for await _ in output.validatedPassword {} }()
      async let repeats: Void = { for await _ in output.validatedPasswordRepeated {} }()
      _ = await (names, enabling, passwords, repeats)
    }

    username.continuation.yield("slowpoke")
    #expect(await server.waitForRequests(count: 1, timeout: patience))
    username.continuation.yield("sferik")
    #expect(await server.waitForAbandonedRequests(count: 1, timeout: patience))
    #expect(await results.wait { $0.last == .failed("taken") })
    password.continuation.yield("correct horse")
    repeated.continuation.yield("correct horse")
    #expect(await enabled.wait { $0.last == false })
    username.continuation.yield("sferik-rx")
    #expect(await enabled.wait { $0.last == true })
    for continuation in [username.continuation, password.continuation, repeated.continuation] {
      continuation.finish()
    }
    await readers.value  // every output finishes
    #expect(
      results.all == [.validating, .validating, .failed("taken"), .validating, .ok("available")])
    #expect(enabled.all == [false, true])
  }

  @Test("async: when nobody reads the outputs any more, the check in flight is cancelled")
  func asyncStopsWithoutReaders() async throws {
    let server = try ReplayServer.start(scenario: .gitHub())
    defer { server.stop() }
    server.stub("/users/slowpoke", .hang)
    let client = testClient(server)
    let username = AsyncStream.makeStream(of: String.self)
    let password = AsyncStream.makeStream(of: String.self)
    let repeated = AsyncStream.makeStream(of: String.self)
    var output: AsyncSignupViewModel.Output? = AsyncSignupViewModel(client: client).transform(
      input: .init(
        username: username.stream, password: password.stream, repeatedPassword: repeated.stream))
    username.continuation.yield("slowpoke")
    #expect(await server.waitForRequests(count: 1, timeout: patience))
    output = nil  // the four streams go away, unread
    #expect(output == nil)
    #expect(await server.waitForAbandonedRequests(count: 1, timeout: patience))
  }
}

/// How long to wait for what should take milliseconds.
///
/// Generous: the whole test suite runs at once on two cores, and tests that block threads can hold up the rest for many seconds.
private let patience = Duration.seconds(120)

/// A client of the replay server, as patient as the tests.
private func testClient(_ server: ReplayServer) -> GitHubClient {
  GitHubClient(
    configuration: GitHubConfiguration(baseURL: server.baseURL, token: nil, timeout: patience))
}

/// Values recorded from any thread.
private final class Recorded<Value: Sendable>: Sendable {
  private let values = _Mutex<[Value]>([])

  func append(_ value: Value) { values.withLock { $0.append(value) } }

  var all: [Value] { values.withLock { $0 } }

  /// Polls until the values satisfy `condition`, for at most ``patience``.
  func wait(until condition: ([Value]) -> Bool) async -> Bool {
    let deadline = ContinuousClock.now + patience
    while !condition(all) {
      guard ContinuousClock.now < deadline else { return false }
      try? await Task.sleep(for: .milliseconds(2))
    }
    return true
  }
}
