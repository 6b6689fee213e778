/// An observer that sets elements on an object, on a scheduler, without keeping the object
/// alive: the sink end of a UI or view-model binding.
///
/// A binder follows the binding rules:
/// - each element is handed to the binding on the binder's scheduler, the main queue by
///   default;
/// - the target is held weakly: once it is released, elements are dropped;
/// - completion is ignored, and an error, which a binding has no way to show, goes to
///   ``Hooks/defaultErrorHandler`` (the binder never crashes; RxSwift traps in debug builds).
///
/// ```swift
/// @MainActor final class ProfileViewModel: ReactiveCompatible {
///   var title = ""
/// }
/// let viewModel = ProfileViewModel()
/// names.bind(to: viewModel.rx.title)                 // the Binder from Reactive
/// names.bind(to: Binder(viewModel) { model, name in  // the same, written out
///   model.title = name
/// })
/// ```
///
/// The target must be `Sendable`, because the binding reaches it from the scheduler's thread.
/// A `@MainActor` class is `Sendable`, and the initializers that deliver on ``MainScheduler``
/// run the binding on the main actor, so it may set the target's isolated properties.
public struct Binder<Value: Sendable>: ObserverType {
  /// The type of elements the binder receives.
  public typealias Element = Value

  @usableFromInline
  internal let binding: @Sendable (Event<Value>) -> Void

  /// Creates a binder that runs `binding` on the main actor for each element, with a weakly
  /// held `target`.
  ///
  /// The binding runs on the main queue, through `scheduler`: at once when the element
  /// arrives on the main queue and nothing this scheduler queued earlier is pending, and
  /// otherwise queued on the main queue. On Linux something must drain the main queue (an
  /// `async` `main`, `dispatchMain()`, or a run loop on the main thread) or the binding never
  /// runs.
  ///
  /// - Parameters:
  ///   - target: The object the binding updates. The binder does not retain it; elements that
  ///     arrive after it is released are dropped.
  ///   - scheduler: The main-queue scheduler to deliver on. The default is a new
  ///     ``MainScheduler``, as in RxSwift, so each binder keeps its own order.
  ///   - binding: Sets one element on the target; runs on the main actor.
  @available(swift, introduced: 6)
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  public init<Target: AnyObject & Sendable>(
    _ target: Target,
    scheduler: MainScheduler = MainScheduler(),
    binding: @escaping @MainActor @Sendable (Target, Value) -> Void
  ) {
    let target = _WeakReference(target)
    self.binding = { event in
      switch event {
      case .next(let element):
        _ = scheduler.schedule(element) { element in
          guard let target = target.value else { return Disposables.create() }
          // MainScheduler runs every action on the main queue, which is the main actor's
          // executor; assumeIsolated checks that at run time.
          MainActor.assumeIsolated { binding(target, element) }
          return Disposables.create()
        }
      case .error(let error):
        Hooks.reportUnhandledError(error)
      case .completed:
        break
      }
    }
  }

  // Swift 5-mode twin: disfavored too (a `MainScheduler` selects the initializer above)
  /// Creates a binder that runs `binding` on `scheduler` for each element, with a weakly held
  /// `target`.
  ///
  /// The binding runs wherever `scheduler` runs its work, so it is not isolated to any actor.
  /// Each element is scheduled separately, so give a serial scheduler: on a concurrent one,
  /// the bindings of successive elements may overlap or run out of order.
  /// To bind a `@MainActor` target, use the initializer that takes a ``MainScheduler`` (or no
  /// scheduler), which runs the binding on the main actor.
  ///
  /// - Parameters:
  ///   - target: The object the binding updates. The binder does not retain it; elements that
  ///     arrive after it is released, including elements still queued on `scheduler`, are
  ///     dropped.
  ///   - scheduler: Where the binding runs.
  ///   - binding: Sets one element on the target.
  @available(swift, introduced: 6)
  @_disfavoredOverload
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  public init<Target: AnyObject & Sendable, Scheduler: ImmediateSchedulerType>(
    _ target: Target,
    scheduler: Scheduler,
    binding: @escaping @Sendable (Target, Value) -> Void
  ) {
    // Disfavored so that a `MainScheduler` argument selects the main-actor initializer above,
    // whatever other overloads are visible.
    self.init(_target: target, scheduler: scheduler, binding: binding)
  }

  /// The initializer above, under a name of its own.
  ///
  /// Not public API.
  ///
  /// - Parameters:
  ///   - target: The object the binding updates.
  ///   - scheduler: Where the binding runs.
  ///   - binding: Sets one element on the target.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  public init<Target: AnyObject & Sendable, Scheduler: ImmediateSchedulerType>(
    _target target: Target,
    scheduler: Scheduler,
    binding: @escaping @Sendable (Target, Value) -> Void
  ) {
    let target = _WeakReference(target)
    self.binding = { event in
      switch event {
      case .next(let element):
        _ = scheduler.schedule(element) { element in
          if let target = target.value { binding(target, element) }
          return Disposables.create()
        }
      case .error(let error):
        Hooks.reportUnhandledError(error)
      case .completed:
        break
      }
    }
  }

  /// Hands an element to the binding on the binder's scheduler; reports an error to
  /// ``Hooks/defaultErrorHandler``; ignores completion.
  ///
  /// - Parameter event: The event.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  public func on(_ event: Event<Value>) {
    binding(event)
  }
}

/// A weak reference that can cross threads.
///
/// Not public API.
@usableFromInline
// SAFETY: `reference` is written once, in `init`, and only read afterwards; the Swift runtime
// makes loading a weak reference safe while another thread releases the object.
internal final class _WeakReference<Object: AnyObject & Sendable>: @unchecked Sendable {
  @usableFromInline
  internal private(set) weak var reference: Object?

  @usableFromInline
  internal init(_ object: Object) {
    reference = object
  }

  /// The object, or `nil` once it has been released.
  @usableFromInline
  internal var value: Object? {
    reference
  }
}
