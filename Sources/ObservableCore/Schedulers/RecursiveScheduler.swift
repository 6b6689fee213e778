extension ImmediateSchedulerType {
  /// Schedules `action` to run with `state`, and lets it schedule itself again.
  ///
  /// Each call of `recurse` inside `action` schedules one more run of `action`, with the state
  /// passed to `recurse`, as separate work on this scheduler. On ``CurrentThreadScheduler`` the
  /// runs take turns on a trampoline, so any depth of recursion runs in constant stack space.
  ///
  /// ```swift
  /// _ = CurrentThreadScheduler.instance.scheduleRecursive(0) { n, recurse in
  ///   print(n)
  ///   if n < 3 { recurse(n + 1) }
  /// }
  /// // 0, 1, 2, 3
  /// ```
  ///
  /// - Parameters:
  ///   - state: The state for the first run.
  ///   - action: The work. It receives the state and a function that schedules the next run.
  /// - Returns: A disposable that cancels every run that has not started yet and stops further
  ///   recursion.
  @available(swift, introduced: 6)
  public func scheduleRecursive<State: Sendable>(
    _ state: State,
    action: @escaping @Sendable (_ state: State, _ recurse: (State) -> Void) -> Void
  ) -> any Disposable {
    let recursive = _RecursiveScheduling(scheduler: self, action: action)
    recursive.schedule(state)
    return recursive
  }
}

/// The runs of one ``ImmediateSchedulerType/scheduleRecursive(_:action:)`` call.
private final class _RecursiveScheduling<Scheduler: ImmediateSchedulerType, State: Sendable>:
  Disposable
{
  #if TRACE_RESOURCES
    /// Counts this object in `Resources.total` while it lives (the `TraceResources` trait).
    private let _traced = _TracedResource()
  #endif

  typealias Action = @Sendable (State, (State) -> Void) -> Void

  private struct Registry {
    var action: Action?
    /// Runs scheduled and not yet started; `nil` until the scheduler returned the disposable.
    var pending: [UInt64: (any Disposable)?] = [:]
    var nextKey: UInt64 = 0
  }

  private let scheduler: Scheduler
  private let registry: _Mutex<Registry>

  init(scheduler: Scheduler, action: @escaping Action) {
    self.scheduler = scheduler
    registry = _Mutex(Registry(action: action))
  }

  func schedule(_ state: State) {
    let key = registry.withLock { registry -> UInt64? in
      guard registry.action != nil else { return nil }
      let key = registry.nextKey
      registry.nextKey += 1
      registry.pending[key] = .some(nil)
      return key
    }
    guard let key else { return }
    let scheduled = scheduler.schedule(state) { state in
      self.run(key: key, state: state)
      return Disposables.create()
    }
    let installed = registry.withLock { registry -> Bool in
      guard registry.pending[key] != nil else { return false }
      registry.pending[key] = scheduled
      return true
    }
    // The run already started, or everything was disposed: nothing is left to cancel.
    if !installed { scheduled.dispose() }
  }

  private func run(key: UInt64, state: State) {
    let action = registry.withLock { registry -> Action? in
      guard registry.pending.removeValue(forKey: key) != nil else { return nil }
      return registry.action
    }
    action?(state) { self.schedule($0) }
  }

  func dispose() {
    let (action, pending) = registry.withLock { registry in
      defer {
        registry.action = nil
        registry.pending = [:]
      }
      return (registry.action, registry.pending)
    }
    _ = action
    for case let disposable? in pending.values { disposable.dispose() }
  }
}
