#if canImport(Observation) && compiler(>=6.2)
  import ObservableCore
  import Observation

  extension ObservableCore.Observable {
    // No Swift 5-mode twin: `emit` goes to `Observations`, which takes an `@isolated(any)
    // @Sendable` closure in every language mode; `@_inheritActorContext` isolates a closure
    // written on an actor (the main actor included) to that actor, so Swift 5 code can read
    // its models in it.
    /// Emits what `emit` computes from `@Observable` models, once per transaction: the current
    /// value, then a value after each batch of changes, through Swift's `Observations`.
    ///
    /// ```swift
    /// @MainActor @Observable final class Cart {
    ///   var items: [Item] = []
    ///   var discount = 0.0
    /// }
    /// let totals = Observable.observations { cart.total(after: cart.discount) }
    /// ```
    ///
    /// Each subscription iterates an `Observations` sequence in a `Task`, as
    /// ``_Concurrency/AsyncSequence/asObservable(priority:)`` does. `emit` runs on the actor
    /// it is isolated to (a closure written in `@MainActor` code runs on the main actor), after
    /// the change has been stored, and every change made before that actor's next suspension
    /// point is part of the same transaction: `model.a = 1; model.b = 2` in one synchronous
    /// stretch of code produces one value. Elements are delivered from that task, on no
    /// particular thread; add ``ObservableCore/ObservableType/observe(on:)->Observable<Self.Element>`` to deliver them
    /// on an actor or a scheduler. Values the task has not picked up before the next change
    /// are replaced by newer ones, so a slow subscriber sees the latest value, not every one.
    ///
    /// Choose ``observing(on:_:)`` or ``observing(_:)`` instead when you need Swift 6.0 to
    /// 6.1 or an OS before 2025's releases, or want the value read on a scheduler you name
    /// without a task. See <doc:ObservationBridge>.
    ///
    /// The sequence never completes; it fails if `emit` throws.
    ///
    /// **Cancellation:** disposing the subscription cancels its task, which ends the
    /// iteration and releases the `Observations` sequence and its tracking; nothing is
    /// delivered after the disposal. The returned Observable keeps `emit` (and the models it
    /// captures) for later subscriptions.
    ///
    /// - Parameters:
    ///   - priority: The priority of the iterating task; `nil` inherits it, as `Task.init`
    ///     does.
    ///   - emit: Computes the value from `@Observable` models; isolated to the actor of the
    ///     code that writes it.
    /// - Returns: An Observable of the current value and of the value after each transaction.
    @available(macOS 26.0, iOS 26.0, watchOS 26.0, tvOS 26.0, visionOS 26.0, *)
    public static func observations(
      priority: TaskPriority? = nil,
      @_inheritActorContext _ emit: @escaping @isolated(any) @Sendable () throws -> Element
    ) -> ObservableCore.Observable<Element> {
      Observations<Element, any Error>(emit).asObservable(priority: priority)
    }
  }
#endif
