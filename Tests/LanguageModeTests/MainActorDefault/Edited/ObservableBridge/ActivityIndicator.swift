// An activity indicator as RxSwift users keep one in their apps: it counts the sequences in
// flight that were tracked with `trackActivity(_:)` and drives "is anything running".

import Foundation
import ObservableCocoa
import ObservableCore

final class ActivityIndicator: SharedSequenceConvertibleType {
  typealias Element = Bool
  typealias SharingStrategy = DriverSharingStrategy

  private let lock = NSRecursiveLock()
  private let relay = BehaviorRelay(value: 0)
  private let loading: SharedSequence<SharingStrategy, Bool>

  init() {
    loading = relay.asDriver()
      .map { $0 > 0 }
      .distinctUntilChanged()
  }

  fileprivate func trackActivityOfObservable<Source: ObservableConvertibleType>(
    _ source: Source
  ) -> Observable<Source.Element> {
    Observable.using(
      { () -> ActivityToken<Source.Element> in
        self.increment()
        return ActivityToken(source: source.asObservable(), disposeAction: self.decrement)
      },
      observableFactory: { token in token.asObservable() })
  }

  private func increment() {
    lock.lock()
    relay.accept(relay.value + 1)
    lock.unlock()
  }

  private func decrement() {
    lock.lock()
    relay.accept(relay.value - 1)
    lock.unlock()
  }

  func asSharedSequence() -> SharedSequence<SharingStrategy, Element> {
    loading
  }
}

private struct ActivityToken<E: Sendable>: ObservableConvertibleType, Disposable {
  private let source: Observable<E>
  private let cancelable: Cancelable

  init(source: Observable<E>, disposeAction: @escaping @Sendable () -> Void) {
    self.source = source
    cancelable = Disposables.create(with: disposeAction)
  }

  func dispose() {
    cancelable.dispose()
  }

  func asObservable() -> Observable<E> {
    source
  }
}

extension ObservableConvertibleType {
  func trackActivity(_ activityIndicator: ActivityIndicator) -> Observable<Element> {
    activityIndicator.trackActivityOfObservable(self)
  }
}
