import Synchronization

/// Opt-in counting of live subscriptions and operator sinks, for finding leaks.
///
/// Counting is off by default and then costs one relaxed atomic load per subscription.
/// Turn it on with ``isTracking`` (or ``withScope(_:)-486rk``, which turns it on), then read
/// ``total`` or a ``ResourceScope``'s ``ResourceScope/live`` count: after every subscription
/// has been disposed or has terminated and been released, it returns to where it started.
///
/// ```swift
/// let leaked = try await Resources.withScope { scope in
///   let bag = DisposeBag()
///   Observable.of(1, 2, 3).map { $0 * 2 }.subscribe().disposed(by: bag)
///   return scope
/// }
/// // leaked.live == 0 once the chain has been released
/// ```
public enum Resources {
  @usableFromInline
  internal static let tracking = Atomic<Bool>(false)
  @usableFromInline
  internal static let liveTotal = Atomic<Int>(0)

  /// The scope that new root subscriptions in the current task are counted in.
  @TaskLocal
  public static var currentScope: ResourceScope?

  /// Whether resources are being counted.
  ///
  /// Off by default.
  public static var isTracking: Bool {
    get { tracking.load(ordering: .relaxed) }
    set { tracking.store(newValue, ordering: .relaxed) }
  }

  /// The number of live resources counted since tracking was turned on.
  public static var total: Int {
    liveTotal.load(ordering: .relaxed)
  }

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
  internal let count = Atomic<Int>(0)

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
public struct _ResourceToken: ~Copyable, Sendable {
  @usableFromInline
  internal let scope: ResourceScope?
  @usableFromInline
  internal let counted: Bool

  /// Starts counting in the current task's scope, if tracking is on.
  @inlinable
  public init() {
    let tracking = Resources.tracking.load(ordering: .relaxed)
    self.init(counting: tracking, in: tracking ? Resources.currentScope : nil)
  }

  /// Starts counting in the same scope as `other`, if tracking is on.
  ///
  /// - Parameter other: The token whose scope to join.
  @inlinable
  public init(inheriting other: borrowing _ResourceToken) {
    let tracking = Resources.tracking.load(ordering: .relaxed)
    self.init(counting: tracking, in: tracking ? other.scope : nil)
  }

  @usableFromInline
  internal init(counting: Bool, in scope: ResourceScope?) {
    self.scope = scope
    self.counted = counting
    guard counting else { return }
    Resources.liveTotal.add(1, ordering: .relaxed)
    scope?.count.add(1, ordering: .sequentiallyConsistent)
  }

  deinit {
    if counted {
      Resources.liveTotal.subtract(1, ordering: .relaxed)
      scope?.count.subtract(1, ordering: .sequentiallyConsistent)
    }
  }
}
