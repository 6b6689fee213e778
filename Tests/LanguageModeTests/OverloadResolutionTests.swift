import Testing

/// A library's `map(to:)`, as operator libraries declare it, and a chain whose `map` has no
/// result type to decide between it and the operator: an unlabeled trailing closure matches
/// both.
private func client(mapCall: String) -> String {
  """
  import ObservableCore
  import ObservableCocoa

  extension ObservableType {
    func map<Result>(to value: Result) -> Observable<Result> { map { _ in value } }
  }

  extension SharedSequenceConvertibleType {
    func map<Result>(to value: Result) -> SharedSequence<SharingStrategy, Result> {
      map { _ in value }
    }
  }

  func split(_ numbers: Observable<Int>, _ driver: Driver<Int>) {
    let tagged = numbers\(mapCall)
    _ = tagged.filter { $0.1 }.map { $0.0 }
    let taggedDriver = driver\(mapCall)
    _ = taggedDriver.filter { $0.1 }.map { $0.0 }
  }
  """
}

@Suite("Overload resolution beside a library's own overloads")
struct OverloadResolutionTests {
  @Test("Swift 5 mode: a trailing closure selects map, as with RxSwift")
  func swift5TrailingClosure() throws {
    let result = try ClientCompiler.typecheck(
      client(mapCall: ".map { ($0, $0 > 1) }"), languageMode: "5")
    #expect(result.status == 0, "\(result.output)")
    #expect(result.diagnostics("warning") == [])
  }

  @Test("Swift 6 mode: the closure in parentheses selects map, the documented workaround")
  func swift6Parenthesized() throws {
    let result = try ClientCompiler.typecheck(
      client(mapCall: ".map({ ($0, $0 > 1) })"), languageMode: "6")
    #expect(result.status == 0, "\(result.output)")
    #expect(result.diagnostics("warning") == [])
  }

  @Test("Swift 6 mode: a trailing closure selects the library's map(to:), the known limit")
  func swift6TrailingClosure() throws {
    // `map`'s `@Sendable` form is `@_disfavoredOverload` in Swift 6 mode so that main-actor
    // sequences get their `@MainActor` form; a client's own overload then outranks it. If
    // this starts compiling, the limit is gone: update the migration article.
    let result = try ClientCompiler.typecheck(
      client(mapCall: ".map { ($0, $0 > 1) }"), languageMode: "6")
    #expect(result.status != 0)
    #expect(result.diagnostics("error").contains { $0.contains("has no member '1'") })
  }
}
