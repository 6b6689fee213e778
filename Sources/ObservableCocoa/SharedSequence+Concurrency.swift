import ObservableCore

extension SharedSequence {
  /// The elements of this shared sequence as an `AsyncStream`, as RxCocoa's `values`.
  ///
  /// ```swift
  /// for await title in viewModel.title.values {
  ///   label.text = title
  /// }
  /// ```
  ///
  /// Reading `values` subscribes, once per read; elements wait in an unbounded buffer until the
  /// loop takes them. A ``Driver``'s or ``Signal``'s elements are delivered on the main
  /// scheduler, but the loop runs wherever its task runs: iterate in a `@MainActor` function to
  /// stay on the main actor. The loop ends when the shared sequence completes; it never throws,
  /// because a shared sequence cannot fail.
  ///
  /// The stream is meant for one loop. If several tasks iterate it at once, they take turns, as
  /// with any `AsyncStream`: each element goes to exactly one of them, and every loop ends when
  /// the shared sequence completes.
  ///
  /// **Cancellation:** cancelling the iterating task, or leaving the loop early, disposes the
  /// subscription, and the loop ends quietly. RxCocoa's `values` keeps its subscription after the
  /// loop ends; this one does not. A stream that is never iterated keeps its subscription until
  /// it is released.
  public var values: AsyncStream<Element> {
    AsyncStream { continuation in
      let subscription = asObservable().subscribe(
        onNext: { element in continuation.yield(element) },
        onCompleted: { continuation.finish() })
      continuation.onTermination = { _ in subscription.dispose() }
    }
  }
}
