#if canImport(Observation)
  import ObservableCore
  import Observation

  extension ObservableCore.Observable {
    /// Emits what `read` computes from `@Observable` models: the current value, then the value
    /// after every change, read on `scheduler`.
    ///
    /// ```swift
    /// let counts = Observable.observing(on: modelScheduler) { model.count }
    /// ```
    ///
    /// `read` runs under `withObservationTracking`, which records the observable properties it
    /// touches. Observation announces a change in the property's `willSet`, on the thread that
    /// is mutating the model, before the new value is stored, so the value cannot be read
    /// there: the change schedules a new read on `scheduler`, which reads the stored value,
    /// tracks the properties again and emits. Each element therefore arrives on `scheduler`,
    /// the subscription's first element included.
    ///
    /// Give the scheduler the model is mutated on, one that queues work instead of running it
    /// at once: for a `@MainActor` model, use ``observing(_:)``, which reads on the main queue;
    /// for a model confined to a serial queue, a `SerialDispatchQueueScheduler` on that queue.
    /// The read then runs after the mutating work has returned, and several changes made in one
    /// piece of work arrive as one value. An immediate scheduler (`MainScheduler.instance`
    /// called from the main thread, `CurrentThreadScheduler`) would read the value from before
    /// the change.
    ///
    /// One read runs at a time: a change announced while a read is running makes that read
    /// run once more when it has delivered, instead of starting another. So the observer is
    /// never called concurrently, even on a concurrent scheduler, elements never go back in
    /// time, and changes that follow each other closely may arrive as one value. `read` runs
    /// twice per value, once to track and once after the tracking is in place, so that a
    /// change landing in between is not missed; keep it cheap.
    ///
    /// A model mutated from several threads must store each value and announce the change
    /// inside one lock that its getters take too (a thread-safe model), so that a read after
    /// the announcement waits for the store; then the value after the last change is always
    /// delivered. A change landing while a read runs may make the next read return the value
    /// just delivered; add `distinctUntilChanged()` if repeats matter. (A plain `@Observable`
    /// class mutated from several threads without a lock is a data race, with or without this
    /// bridge.)
    ///
    /// The sequence never completes and never fails.
    ///
    /// **Cancellation:** disposing the subscription stops the tracking: a change after the
    /// disposal schedules nothing and tracks nothing again, and a read already queued on
    /// `scheduler` emits nothing. The subscription releases `read`, and with it the models it
    /// captures; the returned Observable keeps `read` for later subscriptions.
    ///
    /// - Parameters:
    ///   - scheduler: Where `read` runs and elements are delivered; it must queue work.
    ///   - read: Computes the value from `@Observable` models. It must be safe to call on
    ///     `scheduler`.
    /// - Returns: An Observable of the current value and of the value after each change.
    @available(macOS 14.0, iOS 17.0, watchOS 10.0, tvOS 17.0, *)
    @available(swift, introduced: 6)
    public static func observing(
      on scheduler: any ImmediateSchedulerType,
      _ read: @escaping @Sendable () -> Element
    ) -> ObservableCore.Observable<Element> {
      ObservableCore.Observable(_run: { observer, lifetime in
        let sink = _ObservationTrackingSink(
          read: read, scheduler: scheduler, downstream: observer, lifetime: lifetime)
        lifetime.onDispose { sink.dispose() }
        sink.scheduleRead()
      })
    }

    /// Emits what `read` computes from `@MainActor` `@Observable` models: the current value,
    /// then the value after every change, read on the main actor.
    ///
    /// ```swift
    /// @MainActor @Observable final class SearchModel {
    ///   var query = ""
    /// }
    /// Observable.observing { model.query }
    ///   .debounce(.milliseconds(300), scheduler: MainScheduler.instance)
    ///   .flatMapLatest { query in search(query) }
    ///   .subscribe(onNext: { results in ... })
    /// ```
    ///
    /// Each change schedules a read on the main queue (`MainScheduler.asyncInstance`), which
    /// runs after the main actor's current work, so several changes made in one piece of
    /// main-actor work arrive as one value. When the subscription is made on the main thread,
    /// the current value is emitted during `subscribe`; from another thread it is read on the
    /// main queue too. On Linux, something must drain the main queue (an `async` `main`, or
    /// `dispatchMain()`), as for ``/ObservableCore/MainScheduler``. The rest is as in
    /// ``observing(on:_:)``.
    ///
    /// The sequence never completes and never fails.
    ///
    /// **Cancellation:** disposing the subscription stops the tracking: a change after the
    /// disposal schedules nothing and tracks nothing again, and a read already queued on the
    /// main queue emits nothing. The subscription releases `read`, and with it the models it
    /// captures.
    ///
    /// - Parameter read: Computes the value from `@Observable` models, on the main actor.
    /// - Returns: An Observable of the current value and of the value after each change,
    ///   delivered on the main actor.
    @available(macOS 14.0, iOS 17.0, watchOS 10.0, tvOS 17.0, *)
    @available(swift, introduced: 6)
    public static func observing(
      _ read: @escaping @MainActor @Sendable () -> Element
    ) -> ObservableCore.Observable<Element> {
      let onMain: @Sendable () -> Element = {
        // Runs only on the main queue, the main actor's executor; assumeIsolated checks it.
        MainActor.assumeIsolated { read() }
      }
      return ObservableCore.Observable(_run: { observer, lifetime in
        let sink = _ObservationTrackingSink(
          read: onMain, scheduler: MainScheduler.asyncInstance, downstream: observer,
          lifetime: lifetime)
        lifetime.onDispose { sink.dispose() }
        if MainScheduler.isOnMainQueue {
          sink.readAndTrack()
        } else {
          sink.scheduleRead()
        }
      })
    }
  }

  /// One subscription of ``ObservableCore/Observable/observing(on:_:)``: reads, tracks, and
  /// reads again when a tracked property changes.
  ///
  /// Not public API.
  ///
  /// One read runs at a time. A change announced while a read runs marks that one more read is
  /// needed, and the running read loops instead of scheduling another, so reads, and therefore
  /// calls into the observer, never overlap and never deliver an older value after a newer one,
  /// even on a concurrent scheduler. At most one tracking is installed and not yet fired.
  @available(macOS 14.0, iOS 17.0, watchOS 10.0, tvOS 17.0, *)
  internal final class _ObservationTrackingSink<Element: Sendable>: Sendable {
    private struct State {
      /// `nil` once disposed.
      var read: (@Sendable () -> Element)?
      var downstream: AnyObserver<Element>?
      /// Whether a read is running or scheduled; the first read is, from the start.
      var isReading = true
      /// A change was announced while a read was running.
      var readAgain = false
    }

    private let state: _Mutex<State>
    private let scheduler: any ImmediateSchedulerType
    private let lifetime: _Lifetime

    init(
      read: @escaping @Sendable () -> Element, scheduler: any ImmediateSchedulerType,
      downstream: AnyObserver<Element>, lifetime: _Lifetime
    ) {
      state = _Mutex(State(read: read, downstream: downstream))
      self.scheduler = scheduler
      self.lifetime = lifetime
    }

    /// Schedules the first read (or a read after a change) on the scheduler.
    func scheduleRead() {
      _ = scheduler.schedule(()) { _ in
        self.readAndTrack()
        return Disposables.create()
      }
    }

    /// Called by Observation in a tracked property's `willSet`, on the mutating thread, before
    /// the new value is stored.
    private func changed() {
      let schedule = state.withLock { state -> Bool in
        // Disposed: do nothing, and in particular do not track again.
        guard state.read != nil else { return false }
        guard !state.isReading else {
          state.readAgain = true
          return false
        }
        state.isReading = true
        return true
      }
      if schedule { scheduleRead() }
    }

    /// Reads the value with tracking, then reads it again once the tracking is installed (a
    /// change in between found no tracking, but the second read sees it) and delivers the
    /// second value; repeats while changes arrived meanwhile.
    func readAndTrack() {
      repeat {
        guard let read = state.withLock({ $0.read }) else { return }
        _ = withObservationTracking {
          read()
        } onChange: { [weak self] in
          self?.changed()
        }
        let value = read()
        guard let downstream = state.withLock({ $0.downstream }), !lifetime.isDisposed else {
          return
        }
        downstream.on(.next(value))
      } while state.withLock { state -> Bool in
        guard state.readAgain else {
          state.isReading = false
          return false
        }
        state.readAgain = false
        return true
      }
    }

    func dispose() {
      let released = state.withLock { state in
        defer {
          state.read = nil
          state.downstream = nil
        }
        return (state.read, state.downstream)
      }
      _ = released
    }
  }
#endif
