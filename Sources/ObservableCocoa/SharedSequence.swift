import ObservableCore

/// A sequence that never fails, delivers its events on its sharing strategy's scheduler, and
/// shares one subscription to its source among all its subscribers, the way its sharing
/// strategy says.
///
/// ``Driver`` and ``Signal`` are the two kinds in use; both are aliases of this type with a
/// sharing strategy filled in. Build one from any observable with `asDriver(onErrorJustReturn:)`
/// or `asSignal(onErrorJustReturn:)` and their siblings, or with the creation methods here.
public struct SharedSequence<SharingStrategy: SharingStrategyProtocol, Element: Sendable>:
  SharedSequenceConvertibleType
{
  @usableFromInline
  internal let source: Observable<Element>

  /// Whether the sequence was built to deliver on `MainScheduler` (outside
  /// `SharingScheduler.mock`), so that subscribing to it must happen on the main thread.
  @usableFromInline
  internal let deliversOnMainScheduler: Bool

  /// Wraps `source` after applying the sharing strategy's ``SharingStrategyProtocol/share(_:)``.
  ///
  /// Not checked: `source` must never fail and must deliver on the strategy's scheduler.
  ///
  /// - Parameter source: The observable.
  @inlinable
  public init(_ source: Observable<Element>) {
    self.source = SharingStrategy.share(source)
    deliversOnMainScheduler = !SharingScheduler.isMocked
  }

  /// Wraps `raw` as it is, without sharing it.
  ///
  /// Not checked: `raw` must never fail and must deliver on the strategy's scheduler. The
  /// creation methods of cold, single-subscriber sequences (`just`, `of`) use it, as RxCocoa's do.
  ///
  /// - Parameter raw: The observable.
  @inlinable
  public init(raw: Observable<Element>) {
    source = raw
    deliversOnMainScheduler = !SharingScheduler.isMocked
  }

  /// Returns the underlying observable.
  ///
  /// - Returns: An observable that emits this sequence's events.
  @inlinable
  public func asObservable() -> Observable<Element> {
    source
  }

  /// Returns this sequence.
  ///
  /// - Returns: `self`.
  @inlinable
  public func asSharedSequence() -> SharedSequence<SharingStrategy, Element> {
    self
  }
}

/// How a kind of ``SharedSequence`` delivers and shares its events.
///
/// ``DriverSharingStrategy`` and ``SignalSharingStrategy`` are the two built in.
public protocol SharingStrategyProtocol: Sendable {
  /// The scheduler the sequences deliver their events on.
  static var scheduler: any SchedulerType { get }

  /// Shares `source` among subscribers, for example with `share(replay:scope:)`.
  ///
  /// - Parameter source: The observable to share.
  /// - Returns: The shared observable.
  static func share<Element: Sendable>(_ source: Observable<Element>) -> Observable<Element>
}

/// A type that can be converted to a ``SharedSequence``.
public protocol SharedSequenceConvertibleType<Element>: ObservableConvertibleType {
  /// The sharing strategy of the sequence.
  associatedtype SharingStrategy: SharingStrategyProtocol

  /// Returns the sequence as a ``SharedSequence``.
  ///
  /// - Returns: The shared sequence.
  func asSharedSequence() -> SharedSequence<SharingStrategy, Element>
}

extension SharedSequenceConvertibleType {
  /// Returns the shared sequence as a plain observable.
  ///
  /// A type that implements ``SharedSequenceConvertibleType/asSharedSequence()`` gets this for
  /// free, as in RxCocoa, so a class such as an activity indicator that publishes a ``Driver``
  /// needs to implement only that one method.
  ///
  /// - Returns: An observable of the same elements, delivered as the shared sequence delivers
  ///   them.
  @_alwaysEmitIntoClient
  public func asObservable() -> Observable<Element> {
    asSharedSequence().asObservable()
  }
}
