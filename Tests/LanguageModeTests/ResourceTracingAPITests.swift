import Testing

@Suite("RxSwift's resource tracing API, with and without the TraceResources trait")
struct ResourceTracingAPITests {
  /// Code written for RxSwift's `TRACE_RESOURCES` build: it reads the total as `Int32` and
  /// counts an object of its own.
  private let source = """
    import ObservableCore

    final class Screen {
      init() { _ = Resources.incrementTotal() }
      deinit { _ = Resources.decrementTotal() }
    }

    func leaked(since start: Int32) -> Bool {
      Resources.total != start
    }
    """

  @Test("incrementTotal() and decrementTotal() exist only when the trait compiled them in")
  func onlyWithTheTrait() throws {
    for mode in ["5", "6"] {
      let result = try ClientCompiler.typecheck(source, languageMode: mode)
      #if TRACE_RESOURCES
        #expect(result.status == 0, "Swift \(mode): \(result.output)")
        #expect(result.diagnostics("warning") == [])
      #else
        // Without the trait, none of it is compiled into ObservableCore.
        #expect(result.status != 0, "Swift \(mode): \(result.output)")
        #expect(
          result.diagnostics("error").contains {
            $0.contains("type 'Resources' has no member 'incrementTotal'")
          }, "Swift \(mode): \(result.output)")
      #endif
    }
  }

  @Test("Resources.total is an Int32 in every build, as RxSwift's is")
  func totalIsInt32() throws {
    let result = try ClientCompiler.typecheck(
      """
      import ObservableCore
      let start: Int32 = Resources.total
      """, languageMode: "6")
    #expect(result.status == 0, "\(result.output)")
  }
}
