/// A sequence of the elements that share one key, as emitted by
/// ``ObservableType/groupBy(keySelector:)``.
///
/// ```swift
/// Observable.of("apple", "bean", "avocado")
///   .groupBy { $0.first ?? " " }
///   .flatMap { group in group.map { "\(group.key): \($0)" } }
/// // "a: apple", "b: bean", "a: avocado"
/// ```
public struct GroupedObservable<Key: Sendable, Element: Sendable>: ObservableType {
  /// The key that every element of this group shares.
  public let key: Key

  @usableFromInline
  internal let source: Observable<Element>

  /// Creates a group of `source`'s elements for `key`.
  ///
  /// - Parameters:
  ///   - key: The group's key.
  ///   - source: The group's elements.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  public init(key: Key, source: Observable<Element>) {
    self.key = key
    self.source = source
  }

  /// Subscribes `observer` to the group's elements.
  ///
  /// - Parameter observer: The observer that receives the group's events.
  /// - Returns: A disposable that cancels the subscription.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  public func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
  where Observer.Element == Element {
    source.subscribe(observer)
  }

  /// Returns the group's elements as a plain observable.
  ///
  /// - Returns: An observable of the group's elements.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  public func asObservable() -> Observable<Element> {
    source
  }
}
