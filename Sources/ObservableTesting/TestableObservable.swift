import ObservableCore

/// A test source that replays recorded events and records its subscriptions.
///
/// Create one with ``TestScheduler/createHotObservable(_:)`` or
/// ``TestScheduler/createColdObservable(_:)``:
/// - A **hot** source emits each event at its absolute virtual time to whoever is subscribed
///   then, in the order they subscribed.
/// - A **cold** source emits each event at its time *relative to each subscription*; an event
///   at relative time 0 arrives at the time of subscription, after the subscribing work.
///
/// Each subscription is recorded in ``subscriptions`` with the virtual times of subscribe and
/// dispose, as RxTest does. The source itself does not dispose a subscription after a
/// terminal event: the operator or subscriber under test does, and the recorded unsubscribe
/// time shows when.
public final class TestableObservable<Element: Sendable>: ObservableType {
  private struct State {
    var observers: [(id: Int, observer: AnyObserver<Element>)] = []
    var nextID = 0
    var subscriptions: [Subscription] = []
  }

  private let scheduler: TestScheduler
  private let isHot: Bool
  private let state = _Mutex(State())

  /// The events this source emits, with their (absolute or relative) times.
  public let recordedEvents: [Recorded<Event<Element>>]

  init(scheduler: TestScheduler, events: [Recorded<Event<Element>>], isHot: Bool) {
    self.scheduler = scheduler
    self.recordedEvents = events
    self.isHot = isHot
    guard isHot else { return }
    for recorded in events {
      scheduler.scheduleAt(recorded.time) { [weak self] in
        self?.emit(recorded.value)
      }
    }
  }

  /// Every subscription so far, with subscribe and unsubscribe times.
  public var subscriptions: [Subscription] {
    state.withLock { $0.subscriptions }
  }

  /// Sends a hot event to each observer that is still subscribed when its turn comes.
  private func emit(_ event: Event<Element>) {
    let ids = state.withLock { $0.observers.map(\.id) }
    for id in ids {
      let observer = state.withLock { state in state.observers.first { $0.id == id }?.observer }
      observer?.on(event)
    }
  }

  /// Subscribes `observer` and records the subscription at the current virtual time.
  ///
  /// - Parameter observer: The observer.
  /// - Returns: A disposable that ends the subscription and records when.
  public func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
  where Observer.Element == Element {
    let now = scheduler.clock
    let observer = observer._observerForSubscription() ?? AnyObserver(observer)
    let (id, index) = state.withLock { state in
      let id = state.nextID
      state.nextID += 1
      state.subscriptions.append(Subscription(now))
      if isHot { state.observers.append((id, observer)) }
      return (id, state.subscriptions.count - 1)
    }
    let pending = CompositeDisposable()
    if !isHot {
      for recorded in recordedEvents {
        pending.insert(
          scheduler.scheduleRelativeVirtual((), dueTime: recorded.time) { _ in
            observer.on(recorded.value)
            return Disposables.create()
          })
      }
    }
    return Disposables.create { [weak self, scheduler] in
      pending.dispose()
      guard let self else { return }
      let now = scheduler.clock
      let removed = self.state.withLock { state -> AnyObserver<Element>? in
        let subscribed = state.subscriptions[index].subscribe
        state.subscriptions[index] = Subscription(subscribed, now)
        guard let position = state.observers.firstIndex(where: { $0.id == id }) else {
          return nil
        }
        return state.observers.remove(at: position).observer
      }
      _ = removed
    }
  }
}
