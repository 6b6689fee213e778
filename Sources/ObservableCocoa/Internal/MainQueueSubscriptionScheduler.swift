import Dispatch
import ObservableCore

/// Subscribes on the main queue.
///
/// It subscribes at once when the subscription is made there, and otherwise queues it there:
/// what RxCocoa's `ConcurrentMainScheduler` does for `subscribe(on:)`. Unlike
/// `MainScheduler.instance`, it does not queue behind main-queue work that is still pending.
internal struct MainQueueSubscriptionScheduler: ImmediateSchedulerType {
  internal func schedule<StateType: Sendable>(
    _ state: StateType, action: @escaping @Sendable (StateType) -> any Disposable
  ) -> any Disposable {
    if MainScheduler.isOnMainQueue {
      return action(state)
    }
    let scheduled = SingleAssignmentDisposable()
    DispatchQueue.main.async {
      guard !scheduled.isDisposed else { return }
      scheduled.setDisposable(action(state))
    }
    return scheduled
  }
}
