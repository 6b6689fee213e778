import Dispatch
import ObservableCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Converts a ``HistoricalScheduler``'s virtual time, which is real dates, to real time.
public struct HistoricalSchedulerTimeConverter: VirtualTimeConverterType {
  /// Creates a converter.
  public init() {}

  /// Returns `virtualTime` unchanged.
  ///
  /// - Parameter virtualTime: A date.
  /// - Returns: The same date.
  public func convertFromVirtualTime(_ virtualTime: Date) -> RxTime { virtualTime }

  /// Returns `time` unchanged.
  ///
  /// - Parameter time: A date.
  /// - Returns: The same date.
  public func convertToVirtualTime(_ time: RxTime) -> Date { time }

  /// Converts seconds to a dispatch interval, saturating beyond the range of `Int`
  /// nanoseconds.
  ///
  /// - Parameter virtualTimeInterval: Seconds.
  /// - Returns: The same span as a dispatch interval.
  public func convertFromVirtualTimeInterval(_ virtualTimeInterval: TimeInterval)
    -> RxTimeInterval
  {
    .nanoseconds(_clampedTicks((virtualTimeInterval * 1_000_000_000).rounded()))
  }

  /// Converts a dispatch interval to seconds.
  ///
  /// - Parameter timeInterval: A dispatch interval.
  /// - Returns: Seconds.
  public func convertToVirtualTimeInterval(_ timeInterval: RxTimeInterval) -> TimeInterval {
    timeInterval.seconds
  }

  /// Adds `offset` seconds to `time`.
  ///
  /// - Parameters:
  ///   - time: A date.
  ///   - offset: Seconds.
  /// - Returns: The later date.
  public func offsetVirtualTime(_ time: Date, offset: TimeInterval) -> Date {
    time.addingTimeInterval(offset)
  }

  /// Orders two dates.
  ///
  /// - Parameters:
  ///   - lhs: A date.
  ///   - rhs: Another date.
  /// - Returns: Their order.
  public func compareVirtualTime(_ lhs: Date, _ rhs: Date) -> VirtualTimeComparison {
    lhs < rhs ? .lessThan : (lhs == rhs ? .equal : .greaterThan)
  }
}

/// A virtual-time scheduler whose clock is a `Date`, for replaying historical data.
public final class HistoricalScheduler: VirtualTimeScheduler<HistoricalSchedulerTimeConverter>,
  // SAFETY: adds no stored state; the superclass guards its own with a Mutex.
  @unchecked Sendable
{
  /// Creates a scheduler whose clock starts at `initialClock`.
  ///
  /// - Parameter initialClock: The starting date; the Unix epoch by default.
  public init(initialClock: Date = Date(timeIntervalSince1970: 0)) {
    super.init(initialClock: initialClock, converter: HistoricalSchedulerTimeConverter())
  }
}
