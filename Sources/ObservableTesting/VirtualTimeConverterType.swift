import Dispatch
import ObservableCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Converts between a virtual clock's units and real time.
public protocol VirtualTimeConverterType: Sendable {
  /// The type of a point in virtual time.
  associatedtype VirtualTimeUnit: Sendable
  /// The type of a span of virtual time.
  associatedtype VirtualTimeIntervalUnit: Sendable

  /// Converts a virtual time to a real time.
  ///
  /// - Parameter virtualTime: The virtual time.
  /// - Returns: The corresponding real time.
  func convertFromVirtualTime(_ virtualTime: VirtualTimeUnit) -> RxTime

  /// Converts a real time to a virtual time.
  ///
  /// - Parameter time: The real time.
  /// - Returns: The corresponding virtual time.
  func convertToVirtualTime(_ time: RxTime) -> VirtualTimeUnit

  /// Converts a virtual interval to a real interval.
  ///
  /// - Parameter virtualTimeInterval: The virtual interval.
  /// - Returns: The corresponding real interval.
  func convertFromVirtualTimeInterval(_ virtualTimeInterval: VirtualTimeIntervalUnit)
    -> RxTimeInterval

  /// Converts a real interval to a virtual interval.
  ///
  /// - Parameter timeInterval: The real interval.
  /// - Returns: The corresponding virtual interval.
  func convertToVirtualTimeInterval(_ timeInterval: RxTimeInterval) -> VirtualTimeIntervalUnit

  /// Adds `offset` to `time`.
  ///
  /// - Parameters:
  ///   - time: A virtual time.
  ///   - offset: A virtual interval.
  /// - Returns: The virtual time `offset` after `time`.
  func offsetVirtualTime(_ time: VirtualTimeUnit, offset: VirtualTimeIntervalUnit)
    -> VirtualTimeUnit

  /// Orders two virtual times.
  ///
  /// - Parameters:
  ///   - lhs: A virtual time.
  ///   - rhs: Another virtual time.
  /// - Returns: Whether `lhs` is before, equal to, or after `rhs`.
  func compareVirtualTime(_ lhs: VirtualTimeUnit, _ rhs: VirtualTimeUnit) -> VirtualTimeComparison
}

/// The order of two virtual times.
public enum VirtualTimeComparison: Sendable {
  /// The first time is earlier.
  case lessThan
  /// The times are equal.
  case equal
  /// The first time is later.
  case greaterThan
}
