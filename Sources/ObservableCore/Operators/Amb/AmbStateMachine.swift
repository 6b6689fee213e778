/// The pure logic of `amb`: the first source to send any event wins, the others are disposed.
///
/// Not public API.
///
/// Sources are identified by their index. Once the race is decided, sources not yet
/// subscribed are skipped and the losers' events are dropped.
@usableFromInline
internal struct _AmbStateMachine: Sendable {
  private enum State {
    /// No source has sent an event; `racers` holds the subscribed sources.
    case racing
    /// Source `index` won and runs within `lifetime`.
    case won(index: Int, lifetime: _Lifetime)
    /// A terminal event was sent; `lifetime` is still to be disposed.
    case finished(lifetime: _Lifetime?)
    case disposed
  }

  /// What to do with a source about to be subscribed.
  @usableFromInline
  internal enum StartAction: Equatable {
    /// Subscribe it within the lifetime passed in.
    case subscribe
    /// The race is decided: skip it.
    case discard
  }

  /// What to do with a source's event.
  @usableFromInline
  internal enum EventAction {
    /// Dispose `losers` (empty unless this event decided the race), then send the event.
    case forward(disposingLosers: [_Lifetime])
    /// Drop it: it comes from a loser, or the result has terminated.
    case drop
  }

  private var state = State.racing
  /// The lifetimes of the subscribed sources while racing, by index; a stored property rather
  /// than `State`'s payload so that adding one never copies the others.
  private var racers: [Int: _Lifetime] = [:]

  @usableFromInline
  internal init() {}

  /// Source `index` is about to be subscribed within `lifetime`.
  @usableFromInline
  internal mutating func sourceStarting(index: Int, lifetime: _Lifetime) -> StartAction {
    guard case .racing = state else { return .discard }
    racers[index] = lifetime
    return .subscribe
  }

  /// Source `index` sent an event, terminal (`isTerminal`) or not.
  @usableFromInline
  internal mutating func eventArrived(from index: Int, isTerminal: Bool) -> EventAction {
    switch state {
    case .racing:
      guard let winner = racers.removeValue(forKey: index) else { return .drop }
      state = isTerminal ? .finished(lifetime: winner) : .won(index: index, lifetime: winner)
      defer { racers = [:] }
      return .forward(disposingLosers: Array(racers.values))
    case .won(let winner, let lifetime):
      guard winner == index else { return .drop }
      if isTerminal { state = .finished(lifetime: lifetime) }
      return .forward(disposingLosers: [])
    case .finished, .disposed:
      return .drop
    }
  }

  /// The subscription was disposed.
  ///
  /// - Returns: The lifetimes of the subscribed sources, to dispose.
  @usableFromInline
  internal mutating func disposed() -> [_Lifetime] {
    defer { state = .disposed }
    switch state {
    case .racing:
      defer { racers = [:] }
      return Array(racers.values)
    case .won(_, let lifetime): return [lifetime]
    case .finished(let lifetime): return lifetime.map { [$0] } ?? []
    case .disposed: return []
    }
  }
}
