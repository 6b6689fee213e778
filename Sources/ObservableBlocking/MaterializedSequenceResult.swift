/// How a sequence ended, with the elements it delivered before, as
/// ``BlockingObservable/materialize()`` returns it.
public enum MaterializedSequenceResult<T> {
  /// The sequence completed after delivering `elements`.
  case completed(elements: [T])
  /// The sequence failed with `error` after delivering `elements`; `error` is `RxError.timeout`
  /// when the blocking operator's timeout passed first.
  case failed(elements: [T], error: any Error)
}

extension MaterializedSequenceResult: Sendable where T: Sendable {}
