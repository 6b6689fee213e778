import Testing

/// The Swift rules that keep the last edits of `MainActorDefault/` (issue 29) in place, each
/// checked against the toolchain that runs the tests.
///
/// A main-actor-default module still needs 9 edits against this library where RxSwift needs
/// none. Each edit sits where one of these rules applies. When a test here fails, the toolchain
/// has changed the rule, and the edit it explains may be avoidable: measure again with
/// `Scripts/measure-main-actor-default.sh`.
@Suite("Main-actor-default modules: the language rules behind the remaining edits")
struct MainActorDefaultLimitsTests {
  @Test(
    "overload resolution ignores the caller's isolation: a @MainActor overload does not win in a main-actor module"
  )
  func overloadsIgnoreIsolation() throws {
    let source = """
      nonisolated enum Library {
        static func create(_ body: @escaping @Sendable () -> Int) -> Int { 0 }
        @MainActor static func create(_ body: @escaping @MainActor () -> Int, _ tag: Int = 0) -> Int { 1 }
      }

      final class ViewModel {
        var count = 0
        func start() -> Int { Library.create { self.count += 1; return self.count } }
      }
      """
    let result = try ClientCompiler.typecheck(
      source, languageMode: "6", extraFlags: ClientCompiler.mainActorDefaultFlags)
    #expect(
      result.diagnostics("error").contains { $0.contains("from a Sendable closure") },
      "\(result.output)")
  }

  @Test(
    "a @MainActor function type is @Sendable: a method reference on a non-Sendable value does not convert"
  )
  func globalActorFunctionTypesAreSendable() throws {
    let source = """
      final class Service {
        var calls = 0
        func combine(_ first: String, _ second: String) -> Bool { calls += 1; return first == second }
      }

      func take(_ selector: @escaping @MainActor (String, String) -> Bool) {}

      @MainActor func wire(_ service: Service) {
        take(service.combine)
      }
      """
    let result = try ClientCompiler.typecheck(source, languageMode: "6")
    #expect(
      result.diagnostics("error").contains {
        $0.contains("converting non-Sendable function value to '@MainActor @Sendable")
      }, "\(result.output)")
  }

  @Test(
    "an isolated conformance cannot satisfy a Sendable type parameter, which Single<Value> makes of Value"
  )
  func isolatedConformanceAndSendable() throws {
    let source = """
      struct Profile: Decodable {
        let login: String
      }

      nonisolated func decode<Value: Decodable & Sendable>(_ type: Value.Type) {}

      func load() {
        decode(Profile.self)
      }
      """
    let result = try ClientCompiler.typecheck(
      source, languageMode: "6", extraFlags: ClientCompiler.mainActorDefaultFlags)
    #expect(
      result.diagnostics("error").contains {
        $0.contains("cannot satisfy conformance requirement for a 'Sendable' type parameter")
      }, "\(result.output)")
  }

  #if compiler(>=6.2)
    @Test(
      "@_inheritActorContext(always) isolates the closures of plain Swift 6 actor methods too, not only main-actor-default code"
    )
    func inheritedContextReachesEveryActor() throws {
      let source = """
        func create(
          @_inheritActorContext(always) _ body: @escaping @isolated(any) @Sendable (Int) -> Int
        ) {}

        actor Counter {
          var total = 0
          func start() { create { value in self.total += value; return self.total } }
        }
        """
      let result = try ClientCompiler.typecheck(source, languageMode: "6")
      // It compiles because the closure is isolated to the actor: a library taking closures
      // this way would have to run them on the caller's actor, for every Swift 6 client.
      #expect(result.status == 0, "\(result.output)")
      #expect(result.diagnostics("error") == [])
    }
  #endif
}
