// OperationQueue is in Foundation proper, on Linux too (swift-corelibs-foundation).
import Foundation

/// A scheduler that runs each action as an operation on an `OperationQueue`.
///
/// Use it for bigger pieces of background work whose concurrency you want to bound with the
/// queue's `maxConcurrentOperationCount`. Like RxSwift's, it is an
/// ``ImmediateSchedulerType`` only: it has no clock, so time-based operators cannot use it.
///
/// ```swift
/// let queue = OperationQueue()
/// queue.maxConcurrentOperationCount = 2
/// let scheduler = OperationQueueScheduler(operationQueue: queue)
/// images.observe(on: scheduler).map(resize)   // at most two resizes at a time
/// ```
///
/// Actions may run at the same time on different threads unless the queue's
/// `maxConcurrentOperationCount` is 1; operators that deliver on a scheduler, such as
/// `observe(on:)`, still call their observer one event at a time.
public final class OperationQueueScheduler: ImmediateSchedulerType {
  /// The queue the actions run on.
  public let operationQueue: OperationQueue

  /// The priority of every operation this scheduler adds.
  public let queuePriority: Operation.QueuePriority

  /// Creates a scheduler that runs actions on `operationQueue`.
  ///
  /// - Parameters:
  ///   - operationQueue: The queue to add operations to.
  ///   - queuePriority: The priority of the operations.
  public init(operationQueue: OperationQueue, queuePriority: Operation.QueuePriority = .normal) {
    self.operationQueue = operationQueue
    self.queuePriority = queuePriority
  }

  // No Swift 5-mode twin: a SchedulerType requirement (or its default), which cannot be
  // overloaded by language mode, so scheduler work is checked in every mode.
  /// Adds an operation that runs `action` with `state` to the queue.
  ///
  /// - Parameters:
  ///   - state: The value passed to `action`.
  ///   - action: The work to run. It returns a disposable that cancels anything it started.
  /// - Returns: A disposable that, disposed before the operation starts, keeps `action` from
  ///   running, and disposed afterwards, disposes what `action` returned.
  public func schedule<StateType: Sendable>(
    _ state: StateType,
    action: @escaping @Sendable (StateType) -> any Disposable
  ) -> any Disposable {
    let cancel = SingleAssignmentDisposable()
    let operation = BlockOperation {
      guard !cancel.isDisposed else { return }
      cancel.setDisposable(action(state))
    }
    operation.queuePriority = queuePriority
    operationQueue.addOperation(operation)
    return cancel
  }
}
