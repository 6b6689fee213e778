import ObservableCore
import Synchronization

/// A test source that replays recorded events and records its subscriptions.
///
/// Create one with ``TestScheduler/createHotObservable(_:)`` or
/// ``TestScheduler/createColdObservable(_:)``.
/// - A **hot** source emits each event at its absolute virtual time to whoever is subscribed.
/// - A **cold** source emits each event at its time *relative to each subscription*.
public final class TestableObservable<Element: Sendable>: ObservableType {
  private struct State {
    var observers: [Int: AnyObserver<Element>] = [:]
    var nextID = 0
    var subscriptions: [Subscription] = []
  }

  private let scheduler: TestScheduler
  private let isHot: Bool
  private let state = Mutex(State())

  /// The events this source emits, with their (absolute or relative) times.
  public let recordedEvents: [Recorded<Event<Element>>]

  init(scheduler: TestScheduler, events: [Recorded<Event<Element>>], isHot: Bool) {
    self.scheduler = scheduler
    self.recordedEvents = events
    self.isHot = isHot
    guard isHot else { return }
    for recorded in events {
      _ = scheduler.scheduleAbsoluteVirtual((), time: recorded.time) { [weak self] _ in
        let observers = self?.state.withLock { Array($0.observers.values) } ?? []
        for observer in observers { observer.on(recorded.value) }
        return Disposables.create()
      }
    }
  }

  /// Every subscription so far, with subscribe and unsubscribe times.
  public var subscriptions: [Subscription] {
    state.withLock { $0.subscriptions }
  }

  /// Subscribes `observer` and records the subscription at the current virtual time.
  ///
  /// - Parameter observer: The observer.
  /// - Returns: A disposable that ends the subscription and records when.
  public func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
  where Observer.Element == Element {
    let now = scheduler.clock
    let (id, index) = state.withLock { state in
      let id = state.nextID
      state.nextID += 1
      state.subscriptions.append(Subscription(now))
      return (id, state.subscriptions.count - 1)
    }
    let pending = CompositeDisposable()
    if isHot {
      state.withLock { $0.observers[id] = AnyObserver(observer) }
    } else {
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
      let removed = self.state.withLock { state in
        let subscribed = state.subscriptions[index].subscribe
        state.subscriptions[index] = Subscription(subscribed, now)
        return state.observers.removeValue(forKey: id)
      }
      _ = removed
    }
  }
}
