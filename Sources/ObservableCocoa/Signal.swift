import ObservableCore

/// A ``SharedSequence`` for events: it never fails, delivers on the main scheduler
/// (``SharingScheduler``), and shares one subscription to its source without replaying
/// anything to a new subscriber (`share(scope: .whileConnected)`).
///
/// Subscribe with `emit(to:)` or `emit(onNext:onCompleted:onDisposed:)`. For state that a late
/// subscriber needs to see, use ``Driver``.
public typealias Signal<Element: Sendable> = SharedSequence<SignalSharingStrategy, Element>

/// The sharing strategy of ``Signal``: the main scheduler, and `share(scope: .whileConnected)`.
public struct SignalSharingStrategy: SharingStrategyProtocol {
  /// The scheduler a signal delivers on: `SharingScheduler.make()`.
  public static var scheduler: any SchedulerType { SharingScheduler.make() }

  /// Shares `source` with `share(scope: .whileConnected)`, without replay.
  ///
  /// - Parameter source: The observable to share.
  /// - Returns: The shared observable.
  @inlinable
  public static func share<Element: Sendable>(_ source: Observable<Element>) -> Observable<
    Element
  > {
    source.share(scope: .whileConnected)
  }
}

extension SharedSequenceConvertibleType where SharingStrategy == SignalSharingStrategy {
  /// Returns the sequence as a ``Signal``.
  ///
  /// - Returns: The signal.
  @_alwaysEmitIntoClient
  public func asSignal() -> Signal<Element> {
    asSharedSequence()
  }
}
