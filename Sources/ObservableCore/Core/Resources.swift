import Synchronization

/// Counting of live subscriptions, operator sinks and, with the `TraceResources` package
/// trait, every observable, disposable and scheduled item, for finding leaks.
///
/// Two ways to count, for two kinds of test:
///
/// - **Scopes**, always available: ``withScope(_:)-486rk`` turns counting on and counts the
///   subscriptions and operator sinks created inside it, on any thread, so tests running in
///   parallel each see only their own. ObservableTesting's `withLeakChecking` is built on it.
///
///   ```swift
///   let leaked = try await Resources.withScope { scope in
///     let bag = DisposeBag()
///     Observable.of(1, 2, 3).map { $0 * 2 }.subscribe().disposed(by: bag)
///     return scope
///   }
///   // leaked.live == 0 once the chain has been released
///   ```
///
/// - **``total``**, RxSwift's process-wide counter (RxSwift compiles it in with
///   `TRACE_RESOURCES`). Build with the `TraceResources` trait
///   (`swift test --traits TraceResources`, or `traits: ["TraceResources"]` on the package
///   dependency) and every observable, subject, subscription, sink, disposable and scheduled
///   item is counted from the start of the process, as in RxSwift: read `total` when a screen
///   or a test starts, and again when it is gone; it must come back to where it was. The trait
///   also brings RxSwift's `incrementTotal()` and `decrementTotal()`, for counting your own
///   objects. Without the trait none of that is compiled in; `total` then counts only what
///   was created while ``isTracking`` was on.
///
/// Without the trait, counting costs one relaxed atomic load per subscription and sink while
/// it is off.
public enum Resources {
  #if TRACE_RESOURCES
    @usableFromInline
    internal static let tracking = _Atomic<Bool>(true)
  #else
    @usableFromInline
    internal static let tracking = _Atomic<Bool>(false)
  #endif
  @usableFromInline
  internal static let liveTotal = _Atomic<Int32>(0)

  /// The scope that new root subscriptions in the current task are counted in.
  @TaskLocal
  public static var currentScope: ResourceScope?

  /// Whether subscriptions and operator sinks are being counted.
  ///
  /// Off by default; on from the start of the process with the `TraceResources` trait.
  public static var isTracking: Bool {
    get { tracking.load(ordering: .relaxed) }
    set { tracking.store(newValue, ordering: .relaxed) }
  }

  /// The number of live counted resources, as RxSwift's `Resources.total` reports it.
  ///
  /// With the `TraceResources` trait: every observable, subject, subscription, sink,
  /// disposable and scheduled item alive now, plus your own `incrementTotal()` minus
  /// `decrementTotal()` calls. Without it: the subscriptions and sinks alive now that were
  /// created while ``isTracking`` was on.
  ///
  /// The count is process-wide: compare two readings only where nothing else runs Rx code in
  /// between (a test that runs alone, a screen that has closed), or use a scope.
  public static var total: Int32 {
    liveTotal.load(ordering: .relaxed)
  }

  #if TRACE_RESOURCES
    /// Adds one to ``total``, for an object of yours that should be counted with the
    /// library's own, as in RxSwift.
    ///
    /// Only with the `TraceResources` trait.
    ///
    /// - Returns: The new total.
    @discardableResult
    public static func incrementTotal() -> Int32 {
      liveTotal.wrappingAdd(1, ordering: .relaxed).newValue
    }

    /// Subtracts one from ``total``, when an object counted with `incrementTotal()` goes.
    ///
    /// Only with the `TraceResources` trait.
    ///
    /// - Returns: The new total.
    @discardableResult
    public static func decrementTotal() -> Int32 {
      liveTotal.wrappingSubtract(1, ordering: .relaxed).newValue
    }
  #endif

  /// Runs `body` with a fresh scope that counts the resources created inside it.
  ///
  /// Turns on ``isTracking``. A subscription made inside `body` is counted in the scope, and so
  /// is everything it creates later, on any thread.
  ///
  /// - Parameter body: The code to run; it receives the new scope.
  /// - Returns: What `body` returns.
  /// - Throws: What `body` throws.
  public static func withScope<Result>(
    _ body: (ResourceScope) async throws -> Result
  ) async rethrows -> Result {
    isTracking = true
    let scope = ResourceScope()
    return try await $currentScope.withValue(scope) { try await body(scope) }
  }

  /// Runs `body` synchronously with a fresh scope that counts the resources created inside it.
  ///
  /// - Parameter body: The code to run; it receives the new scope.
  /// - Returns: What `body` returns.
  /// - Throws: What `body` throws.
  public static func withScope<Result>(_ body: (ResourceScope) throws -> Result) rethrows -> Result
  {
    isTracking = true
    let scope = ResourceScope()
    return try $currentScope.withValue(scope) { try body(scope) }
  }
}

/// A group of counted resources, so that tests running in parallel count only their own.
public final class ResourceScope: Sendable {
  @usableFromInline
  internal let count = _Atomic<Int>(0)

  /// Creates an empty scope.
  public init() {}

  /// The number of resources created in this scope that are still alive.
  public var live: Int {
    count.load(ordering: .sequentiallyConsistent)
  }
}

/// Counts one resource for as long as it lives.
///
/// Not public API.
@usableFromInline package struct _ResourceToken: ~Copyable, Sendable {
  @usableFromInline
  internal let scope: ResourceScope?
  @usableFromInline
  internal let counted: Bool

  /// Starts counting in the current task's scope, if tracking is on.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  package init() {
    let tracking = Resources.tracking.load(ordering: .relaxed)
    self.init(counting: tracking, in: tracking ? Resources.currentScope : nil)
  }

  /// Starts counting in the same scope as `other`, if tracking is on.
  ///
  /// - Parameter other: The token whose scope to join.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  package init(inheriting other: borrowing _ResourceToken) {
    let tracking = Resources.tracking.load(ordering: .relaxed)
    self.init(counting: tracking, in: tracking ? other.scope : nil)
  }

  @usableFromInline
  internal init(counting: Bool, in scope: ResourceScope?) {
    self.scope = scope
    self.counted = counting
    guard counting else { return }
    Resources.liveTotal.wrappingAdd(1, ordering: .relaxed)
    scope?.count.add(1, ordering: .sequentiallyConsistent)
  }

  deinit {
    if counted {
      Resources.liveTotal.wrappingSubtract(1, ordering: .relaxed)
      scope?.count.subtract(1, ordering: .sequentiallyConsistent)
    }
  }
}

#if TRACE_RESOURCES
  /// Counts one object in ``Resources/total`` for as long as it lives, as RxSwift's
  /// `TRACE_RESOURCES` build counts its observables, disposables and scheduled items.
  ///
  /// Not public API. Compiled only with the `TraceResources` trait; scopes do not count it.
  @usableFromInline package struct _TracedResource: ~Copyable, Sendable {
    /// Adds one to the total.
    #if DEBUG
      @inlinable
    #else
      @_alwaysEmitIntoClient
    #endif
    package init() {
      Resources.liveTotal.wrappingAdd(1, ordering: .relaxed)
    }

    deinit {
      Resources.liveTotal.wrappingSubtract(1, ordering: .relaxed)
    }
  }
#endif
