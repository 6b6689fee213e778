// RxExample's activity indicator, as RxSwift 6 and RxCocoa users write it: it counts the
// sequences in flight that were tracked with `trackActivity(_:)`, and drives "is anything
// running" to a spinner. Our own code. Like RxExample's file it imports only the Rx modules and
// still names Foundation's `NSRecursiveLock`: `import RxCocoa` brings Foundation in through
// RxCocoa's umbrella header, and `import ObservableCocoa` re-exports it.
//
// One thing differs from RxExample's version, which sends the new count to its relay while it
// holds its lock: here the count changes under the lock, the relay is told afterwards that it
// changed, and the driver reads the count as the relay delivers. No observer runs while the
// lock is held, and the last value delivered is always that of the current count, whichever
// thread changed it last.

import ObservableCocoa
import ObservableCore

/// Counts the sequences in flight that were tracked with `trackActivity(_:)`, and drives `true`
/// while there is at least one.
final class ActivityIndicator: SharedSequenceConvertibleType {
  typealias Element = Bool
  typealias SharingStrategy = DriverSharingStrategy

  private let running = RunningCount()
  private let changed = PublishRelay<Void>()
  private let loading: SharedSequence<SharingStrategy, Bool>

  init() {
    let running = running
    loading = changed.asObservable()
      .startWith(())
      .map { running.isPositive }
      .asDriver(onErrorJustReturn: false)
      .distinctUntilChanged()
  }

  fileprivate func trackActivityOfObservable<Source: ObservableConvertibleType>(
    _ source: Source
  ) -> Observable<Source.Element> {
    Observable.using(
      { () -> ActivityEnd in
        self.begin()
        return ActivityEnd(Disposables.create(with: self.end))
      },
      observableFactory: { _ in source.asObservable() })
  }

  private func begin() {
    running.add(1)
    changed.accept(())
  }

  private func end() {
    running.add(-1)
    changed.accept(())
  }

  func asSharedSequence() -> SharedSequence<SharingStrategy, Bool> {
    loading
  }
}

/// The number of tracked sequences in flight.
///
/// The indicator is `Sendable`, as every `ObservableConvertibleType` is, so its count must be.
private final class RunningCount:
  // SAFETY: `count` is read and written only while `lock` is held.
  @unchecked Sendable
{
  private let lock = NSRecursiveLock()
  private var count = 0

  func add(_ delta: Int) {
    lock.lock()
    count += delta
    lock.unlock()
  }

  var isPositive: Bool {
    lock.lock()
    defer { lock.unlock() }
    return count > 0
  }
}

/// Ends one tracked activity when the tracked subscription ends, once.
private struct ActivityEnd: Disposable {
  private let end: Disposable

  init(_ end: Disposable) {
    self.end = end
  }

  func dispose() {
    end.dispose()
  }
}

extension ObservableConvertibleType {
  /// Counts this sequence in `activityIndicator` from subscription until it terminates or is
  /// disposed.
  func trackActivity(_ activityIndicator: ActivityIndicator) -> Observable<Element> {
    activityIndicator.trackActivityOfObservable(self)
  }
}
