/// Mutable per-subscription state of a pass-through operator.
///
/// Not public API.
///
/// An operator's observer closure cannot mutate captured variables, because it is
/// `@Sendable`; it keeps its state in one of these boxes instead. The box is counted as a
/// sink by ``Resources``.
@usableFromInline
package final class _SinkState<Value>:
  // SAFETY: `value` is read and written only from inside one observer's `on(_:)`, and the
  // observable contract serializes those calls (every source in this module delivers one
  // event at a time, with a lock handoff between threads). Disposal never touches `value`.
  @unchecked Sendable
{
  /// The state.
  @usableFromInline package var value: Value

  @usableFromInline
  internal let resource: _ResourceToken

  /// Creates a box holding `value`, counted in `lifetime`'s resource scope.
  ///
  /// - Parameters:
  ///   - value: The initial state.
  ///   - lifetime: The subscription the state belongs to.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  package init(_ value: Value, lifetime: _Lifetime) {
    self.value = value
    resource = _ResourceToken(inheriting: lifetime.resource)
  }
}
