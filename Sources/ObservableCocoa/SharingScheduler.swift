import ObservableCore

/// The scheduler that ``Driver`` and ``Signal`` deliver their events on: `MainScheduler`,
/// unless a test replaces it with `mock(scheduler:action:)`.
///
/// In RxCocoa the replacement is a global variable that `mock` sets and restores. Here it is a
/// task-local value: `mock` binds it for the duration of `action`, on the calling thread (and in
/// the tasks `action` starts). A global would be a data race under Swift 6's checking, and,
/// worse, tests that run in parallel (as Swift Testing runs them) would see each other's mock
/// scheduler. With a task-local value each test sees only its own. As in RxCocoa, the
/// scheduler is read when a sequence is built (`asDriver`, `just`, `debounce`…), so build the
/// sequences inside `action`. Sequences built by closures that run later (the selector of
/// `flatMapLatest`, the factory of `deferred`) read it when they run, so run the test scheduler
/// inside `action` too, as in `SharingScheduler.mock(scheduler: s) { s.start { … } }`. Unlike
/// RxCocoa's global, the mock is not seen by closures that run on other threads meanwhile; with
/// a `TestScheduler` everything runs on the test's thread.
public enum SharingScheduler {
  @TaskLocal
  private static var mockMake: (@Sendable () -> any SchedulerType)?

  /// Makes the scheduler that ``Driver`` and ``Signal`` deliver on: the one given to
  /// ``mock(makeScheduler:action:)`` inside its `action`, otherwise a new `MainScheduler`.
  ///
  /// A new one each time, as in RxCocoa: a `MainScheduler` runs work at once on the main
  /// queue only while nothing else of its own is pending, so a chain that observes on it twice
  /// (an `observe(on:)` inside a Driver's chain, and the Driver's own) delivers at once only if
  /// the two are different schedulers.
  public static var make: @Sendable () -> any SchedulerType {
    mockMake ?? { MainScheduler() }
  }

  /// Whether ``mock(scheduler:action:)`` or one of its siblings is in effect for the caller.
  ///
  /// A sequence built then does not deliver on `MainScheduler`, so `drive` does not check
  /// that it is called on the main thread.
  @usableFromInline
  internal static var isMocked: Bool {
    mockMake != nil
  }

  /// Runs `action` with ``Driver`` and ``Signal`` delivering on `scheduler`, for tests.
  ///
  /// Only sequences built while `action` runs, on its thread or in tasks it starts, use
  /// `scheduler`.
  ///
  /// - Parameters:
  ///   - scheduler: The scheduler to deliver on, typically a `TestScheduler`.
  ///   - action: The code that builds the sequences.
  /// - Returns: What `action` returns.
  public static func mock<Result>(
    scheduler: any SchedulerType, action: () throws -> Result
  ) rethrows -> Result {
    try $mockMake.withValue({ scheduler }, operation: action)
  }

  /// Runs `action` with ``Driver`` and ``Signal`` delivering on the schedulers `makeScheduler`
  /// makes, for tests.
  ///
  /// - Parameters:
  ///   - makeScheduler: Makes the scheduler to deliver on; called each time a sequence is built.
  ///   - action: The code that builds the sequences.
  /// - Returns: What `action` returns.
  @available(swift, introduced: 6)
  public static func mock<Result>(
    makeScheduler: @escaping @Sendable () -> any SchedulerType, action: () throws -> Result
  ) rethrows -> Result {
    try $mockMake.withValue(makeScheduler, operation: action)
  }

  /// Runs the asynchronous `action` with ``Driver`` and ``Signal`` delivering on `scheduler`.
  ///
  /// - Parameters:
  ///   - scheduler: The scheduler to deliver on.
  ///   - action: The code that builds the sequences.
  /// - Returns: What `action` returns.
  public static func mock<Result>(
    scheduler: any SchedulerType, action: () async throws -> Result
  ) async rethrows -> Result {
    try await $mockMake.withValue({ scheduler }, operation: action)
  }
}
