#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension ObservableType {
  /// Prints every event, the subscription and its disposal to standard output, as RxSwift's
  /// `debug` does, through ``Hooks/debugLogger``.
  ///
  /// Each line has RxSwift's format, `2024-05-01 12:00:00.000: identifier -> Event next(1)`,
  /// with `subscribed`, `Event …` and `isDisposed` entries:
  ///
  /// ```swift
  /// _ = Observable.of(1, 2).debug("numbers").subscribe()
  /// // 2024-05-01 12:00:00.000: numbers -> subscribed
  /// // 2024-05-01 12:00:00.000: numbers -> Event next(1)
  /// // 2024-05-01 12:00:00.000: numbers -> Event next(2)
  /// // 2024-05-01 12:00:00.000: numbers -> Event completed
  /// // 2024-05-01 12:00:00.000: numbers -> isDisposed
  /// ```
  ///
  /// Set ``Hooks/debugLogger`` to send the lines of every `debug()` elsewhere, or to `nil` to
  /// drop them; pass a `logger` to `debug(_:trimOutput:file:line:function:logger:)` for one
  /// call.
  ///
  /// - Parameters:
  ///   - identifier: The name in each line; by default the file, line and function of the
  ///     call.
  ///   - trimOutput: Whether to shorten event descriptions longer than 40 characters.
  ///   - file: The file of the call, used for the default identifier.
  ///   - line: The line of the call, used for the default identifier.
  ///   - function: The function of the call, used for the default identifier.
  /// - Returns: A sequence with the same events.
  public func debug(
    _ identifier: String? = nil,
    trimOutput: Bool = false,
    file: String = #file,
    line: UInt = #line,
    function: String = #function
  ) -> Observable<Element> {
    _debug(
      identifier, trimOutput: trimOutput, file: file, line: line, function: function,
      logger: { Hooks.debugLogger?($0) })
  }

  /// Logs every event, the subscription and its disposal through `logger` instead of
  /// ``Hooks/debugLogger``.
  ///
  /// Each line has RxSwift's format, `2024-05-01 12:00:00.000: identifier -> Event next(1)`,
  /// with `subscribed`, `Event …` and `isDisposed` entries.
  ///
  /// - Parameters:
  ///   - identifier: The name in each line; by default the file, line and function of the
  ///     call.
  ///   - trimOutput: Whether to shorten event descriptions longer than 40 characters.
  ///   - file: The file of the call, used for the default identifier.
  ///   - line: The line of the call, used for the default identifier.
  ///   - function: The function of the call, used for the default identifier.
  ///   - logger: Receives each line.
  /// - Returns: A sequence with the same events.
  @available(swift, introduced: 6)
  public func debug(
    _ identifier: String? = nil,
    trimOutput: Bool = false,
    file: String = #file,
    line: UInt = #line,
    function: String = #function,
    logger: @escaping @Sendable (String) -> Void
  ) -> Observable<Element> {
    _debug(
      identifier, trimOutput: trimOutput, file: file, line: line, function: function,
      logger: logger)
  }

  private func _debug(
    _ identifier: String?,
    trimOutput: Bool,
    file: String,
    line: UInt,
    function: String,
    logger: @escaping @Sendable (String) -> Void
  ) -> Observable<Element> {
    let name =
      identifier
      ?? "\(file.split(separator: "/").last.map(String.init) ?? file):\(line) (\(function))"
    let log: @Sendable (String) -> Void = { content in
      logger("\(_debugTimestamp()): \(name) -> \(content)")
    }
    let source = asObservable()
    return Observable(_run: { observer, lifetime in
      log("subscribed")
      lifetime.onDispose { log("isDisposed") }
      source._subscribe(
        AnyObserver { event in
          log("Event \(_describe(event, trimmed: trimOutput))")
          observer.on(event)
          if event.isStopEvent { lifetime.dispose() }
        },
        lifetime
      )
    })
  }
}

/// The description of `event`, shortened to about 40 characters if `trimmed`.
private func _describe<Element>(_ event: Event<Element>, trimmed: Bool) -> String {
  let text = event.debugDescription
  let limit = 40
  guard trimmed, text.count > limit else { return text }
  return "\(text.prefix(limit / 2))...\(text.suffix(limit / 2))"
}

/// The current local time as `yyyy-MM-dd HH:mm:ss.SSS`.
private func _debugTimestamp() -> String {
  let now = Date()
  let parts = Calendar.current.dateComponents(
    [.year, .month, .day, .hour, .minute, .second, .nanosecond], from: now)
  func pad(_ value: Int?, _ width: Int) -> String {
    let digits = String(value ?? 0)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
  }
  let millis = (parts.nanosecond ?? 0) / 1_000_000
  return "\(pad(parts.year, 4))-\(pad(parts.month, 2))-\(pad(parts.day, 2)) "
    + "\(pad(parts.hour, 2)):\(pad(parts.minute, 2)):\(pad(parts.second, 2)).\(pad(millis, 3))"
}
