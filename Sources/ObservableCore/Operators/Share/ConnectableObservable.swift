/// A sequence that shares one subscription to its source among all its subscribers, and
/// subscribes to the source only when ``connect()`` is called.
///
/// ``ObservableType/publish()``, ``ObservableType/replay(_:)`` and the `multicast` operators
/// return one; ``refCount()`` turns one back into an ordinary sequence that connects and
/// disconnects by itself.
public protocol ConnectableObservableType<Element>: ObservableType {
  /// Subscribes to the source, so that subscribers start receiving its events.
  ///
  /// - Returns: A disposable that disconnects from the source.
  func connect() -> any Disposable
}

/// A connectable sequence that can make a lifetime its connection.
///
/// Disposing that lifetime then stops even a source that emits synchronously while connecting.
/// ``ConnectableObservable`` is one.
@usableFromInline
package protocol _LifetimeConnectable {
  /// Connects for as long as `lifetime` is not disposed.
  ///
  /// - Parameter lifetime: The lifetime whose disposal disconnects.
  func _connect(within lifetime: _Lifetime)
}

extension ConnectableObservableType {
  /// Connects for as long as `lifetime` is not disposed: within it where the sequence can
  /// (``ConnectableObservable``), otherwise by calling ``connect()`` and registering the
  /// connection with `lifetime`.
  ///
  /// - Parameter lifetime: The lifetime whose disposal disconnects.
  @usableFromInline
  package func _connect(within lifetime: _Lifetime) {
    if let connectable = self as? any _LifetimeConnectable {
      connectable._connect(within: lifetime)
    } else {
      lifetime.add(connect())
    }
  }
}

/// An observable that multicasts its source through a subject, once connected.
///
/// Subscribers subscribe to the subject; ``connect()`` subscribes the subject to the source,
/// once, and later calls return the same connection until it ends. The connection ends when
/// it is disposed or when the source terminates.
///
/// ```swift
/// let shared = source.publish()
/// let a = shared.subscribe(onNext: { print("a", $0) })
/// let b = shared.subscribe(onNext: { print("b", $0) })
/// let connection = shared.connect()                     // source subscribed once
/// ```
///
/// The connection is a subscription of its own, independent of any subscriber: disposing
/// subscribers does not disconnect, and disconnecting does not dispose subscribers.
public final class ConnectableObservable<Element: Sendable>: Observable<Element>,
  ConnectableObservableType, _LifetimeConnectable,
  // SAFETY: the stored properties are immutable @Sendable closures; the connection state
  // lives in a `_MulticastStorage` behind its `Mutex`.
  @unchecked Sendable
{
  /// Connects within the given lifetime, or returns the connection already in place.
  @usableFromInline
  internal let connector: @Sendable (_Lifetime) -> _Lifetime

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal init(
    _run producer: @escaping _Producer, connector: @escaping @Sendable (_Lifetime) -> _Lifetime
  ) {
    self.connector = connector
    // Subscribing only adds an observer to the subject, as RxSwift's connectable adapter does
    // without making the trampoline active; `connect()` subscribes the source, which does.
    super.init(_runImmediately: producer)
  }

  /// Subscribes the subject to the source, unless it is already connected.
  ///
  /// - Returns: The connection: dispose it to unsubscribe from the source. While connected,
  ///   every call returns the same connection.
  public func connect() -> any Disposable {
    connector(_Lifetime())
  }

  /// Connects for as long as `lifetime` is not disposed.
  ///
  /// - Parameter lifetime: Becomes the connection, or disposes the existing connection when it
  ///   is disposed.
  @usableFromInline
  package func _connect(within lifetime: _Lifetime) {
    let connection = connector(lifetime)
    if connection !== lifetime { lifetime.add(connection) }
  }
}
