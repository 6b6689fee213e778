/// RxSwift's other name for ``Observable``, for files that also import a module with a type
/// named `Observable` (such as Swift's Observation).
public typealias RxObservable<Element: Sendable> = Observable<Element>

/// The integer types `interval` and `timer` count with, under RxSwift's name.
public typealias RxAbstractInteger = FixedWidthInteger

extension PublishSubject {
  /// The type of the subject's observer side, under RxSwift's name.
  public typealias SubjectObserverType = PublishSubject<Element>
}

extension BehaviorSubject {
  /// The type of the subject's observer side, under RxSwift's name.
  public typealias SubjectObserverType = BehaviorSubject<Element>
}

extension ReplaySubject {
  /// The type of the subject's observer side, under RxSwift's name.
  public typealias SubjectObserverType = ReplaySubject<Element>
}

extension AsyncSubject {
  /// The type of the subject's observer side, under RxSwift's name.
  public typealias SubjectObserverType = AsyncSubject<Element>
}
