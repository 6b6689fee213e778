extension Observable {
  /// Returns a sequence that completes immediately without elements.
  ///
  /// - Returns: An empty sequence.
  @_alwaysEmitIntoClient
  public static func empty() -> Observable<Element> {
    Observable(_runImmediately: { observer, _ in observer.on(.completed) })
  }

  /// Returns a sequence that never emits and never terminates.
  ///
  /// - Returns: A silent sequence.
  @_alwaysEmitIntoClient
  public static func never() -> Observable<Element> {
    Observable(_runImmediately: { _, _ in })
  }

  /// Returns a sequence that fails immediately with `error`.
  ///
  /// - Parameter error: The error to fail with.
  /// - Returns: A failing sequence.
  @_alwaysEmitIntoClient
  public static func error(_ error: any Swift.Error) -> Observable<Element> {
    Observable(_runImmediately: { observer, _ in observer.on(.error(error)) })
  }
}
