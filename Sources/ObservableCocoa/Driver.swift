import ObservableCore

/// A ``SharedSequence`` for driving user interface state: it never fails, delivers on the main
/// scheduler (``SharingScheduler``), and replays its latest element to each new subscriber
/// while it has any (`share(replay: 1, scope: .whileConnected)`).
///
/// Subscribe with `drive(_:)` or `drive(onNext:onCompleted:onDisposed:)`. For events that must
/// not be replayed to a late subscriber (taps, navigation), use ``Signal``.
public typealias Driver<Element: Sendable> = SharedSequence<DriverSharingStrategy, Element>

/// The sharing strategy of ``Driver``: the main scheduler, and
/// `share(replay: 1, scope: .whileConnected)`.
public struct DriverSharingStrategy: SharingStrategyProtocol {
  /// The scheduler a driver delivers on: `SharingScheduler.make()`.
  public static var scheduler: any SchedulerType { SharingScheduler.make() }

  /// Shares `source` with `share(replay: 1, scope: .whileConnected)`.
  ///
  /// - Parameter source: The observable to share.
  /// - Returns: The shared observable.
  @inlinable
  public static func share<Element: Sendable>(_ source: Observable<Element>) -> Observable<
    Element
  > {
    source.share(replay: 1, scope: .whileConnected)
  }
}

extension SharedSequenceConvertibleType where SharingStrategy == DriverSharingStrategy {
  /// Returns the sequence as a ``Driver``.
  ///
  /// - Returns: The driver.
  @_alwaysEmitIntoClient
  public func asDriver() -> Driver<Element> {
    asSharedSequence()
  }
}
