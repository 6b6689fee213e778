import Foundation
import ObservableCore

/// An Observable with operators that block the calling thread until they have their answer,
/// as RxBlocking's `BlockingObservable`.
///
/// Made by ``ObservableCore/ObservableConvertibleType/toBlocking(timeout:)``. Meant for tests
/// and command-line tools: code that blocks a thread waiting for a sequence usually wants
/// `for try await` over `values`, or `await single.value`, instead.
///
/// ```swift
/// let evens = try Observable.range(start: 0, count: 10)
///   .filter { $0.isMultiple(of: 2) }
///   .toBlocking(timeout: 1)
///   .toArray()
/// // [0, 2, 4, 6, 8]
/// ```
///
/// Each operator subscribes once and waits. On the main thread it runs the current run loop
/// meanwhile, so work scheduled on `MainScheduler` still runs, as RxBlocking's does; on any other
/// thread it waits without running one.
public struct BlockingObservable<Element: Sendable>: Sendable {
  /// How long an operator may block before it fails with `RxError.timeout`; `nil` for no limit.
  @usableFromInline
  internal let timeout: TimeInterval?
  /// The sequence the operators subscribe to.
  @usableFromInline
  internal let source: Observable<Element>

  @usableFromInline
  internal init(timeout: TimeInterval?, source: Observable<Element>) {
    self.timeout = timeout
    self.source = source
  }
}

extension ObservableConvertibleType {
  /// This sequence with blocking operators: `toArray()`, `first()`, `last()`, `single()` and
  /// `materialize()`, as RxBlocking's.
  ///
  /// ```swift
  /// let first = try Observable.of(1, 2, 3).toBlocking().first()   // Optional(1)
  /// ```
  ///
  /// - Parameter timeout: The longest, in seconds, that an operator may block; past it, the
  ///   operator disposes its subscription and fails with `RxError.timeout`. `nil` waits as long
  ///   as the sequence takes.
  /// - Returns: A ``BlockingObservable`` of this sequence.
  @inlinable
  public func toBlocking(timeout: TimeInterval? = nil) -> BlockingObservable<Element> {
    BlockingObservable(timeout: timeout, source: asObservable())
  }
}
