/// The subscriber count and connection of a `refCount()` sequence.
///
/// Not public API.
///
/// Each connection has an epoch. A subscriber is counted with the epoch it joined (its
/// ticket); when it leaves or sees the source terminate, a ticket from an older epoch changes
/// nothing, so a late event from a finished connection never disturbs the next one.
@usableFromInline
internal struct _RefCountStateMachine<Connection> {
  @usableFromInline
  internal enum State {
    case idle
    case connected(count: Int, connection: Connection)
  }

  @usableFromInline internal var state = State.idle
  /// The epoch of the current or next connection.
  ///
  /// Never 0, which tickets use for "not counted".
  @usableFromInline internal var epoch: UInt64 = 1

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  init() {}

  /// The number of counted subscribers.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  var count: Int {
    guard case .connected(let count, _) = state else { return 0 }
    return count
  }

  /// A subscriber arrived and was subscribed to the connectable source.
  ///
  /// - Parameter makeConnection: Makes the connection, if this is the first subscriber.
  /// - Returns: The subscriber's ticket, and a connection to connect if it is the first.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  mutating func subscriberArrived(
    makeConnection: () -> Connection
  ) -> (ticket: UInt64, connect: Connection?) {
    switch state {
    case .idle:
      let connection = makeConnection()
      state = .connected(count: 1, connection: connection)
      return (epoch, connection)
    case .connected(let count, let connection):
      state = .connected(count: count + 1, connection: connection)
      return (epoch, nil)
    }
  }

  /// A counted subscriber's subscription was disposed.
  ///
  /// - Parameter ticket: The epoch the subscriber joined.
  /// - Returns: The connection to dispose, if this was the last subscriber.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  mutating func subscriberLeft(ticket: UInt64) -> Connection? {
    guard case .connected(let count, let connection) = state, ticket == epoch else { return nil }
    guard count == 1 else {
      state = .connected(count: count - 1, connection: connection)
      return nil
    }
    state = .idle
    epoch &+= 1
    if epoch == 0 { epoch = 1 }
    return connection
  }

  /// A counted subscriber received the source's terminal event.
  ///
  /// - Parameter ticket: The epoch the subscriber joined.
  /// - Returns: The connection to dispose, for the first subscriber of this epoch to see it.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  mutating func sourceTerminated(ticket: UInt64) -> Connection? {
    guard case .connected(_, let connection) = state, ticket == epoch else { return nil }
    state = .idle
    epoch &+= 1
    if epoch == 0 { epoch = 1 }
    return connection
  }
}

extension _RefCountStateMachine: Sendable where Connection: Sendable {}
extension _RefCountStateMachine.State: Sendable where Connection: Sendable {}
