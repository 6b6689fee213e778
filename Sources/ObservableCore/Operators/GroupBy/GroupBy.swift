extension ObservableType {
  /// Splits the sequence into groups of elements that share a key, emitting each group when
  /// its first element arrives.
  ///
  /// ```
  /// source:             -1-2-3-4-5-|
  /// groupBy { $0 % 2 }  -a-b-------|
  /// group a:            -1---3---5-|
  /// group b:            ---2---4---|
  ///
  /// a = key 1, b = key 0
  /// ```
  ///
  /// Each group is a ``GroupedObservable`` that shares its elements among its subscribers
  /// like a ``PublishSubject``: a subscriber receives the elements that arrive after it
  /// subscribes. To receive a group's first element, subscribe to the group while it is being
  /// delivered (as `flatMap` does); a group subscribed later misses the elements already sent.
  ///
  /// The source's completion or error goes to every group, in the order they were opened,
  /// then to the result; a group subscribed after that receives it at once. If `keySelector`
  /// throws, the error ends every group and the result the same way and the source is
  /// disposed.
  ///
  /// The source is subscribed once, and stays subscribed while the result's subscription or
  /// any subscription to a group is alive: disposing the result while groups are subscribed
  /// lets them go on receiving their elements (elements of new keys are then dropped), and
  /// the source is disposed when the last of these subscriptions ends. As in RxSwift, a group
  /// subscribed after that receives no event at all.
  ///
  /// - Parameter keySelector: Returns the key of an element. If it throws, the result and
  ///   every group fail with that error.
  /// - Returns: A sequence of groups, one per key, in the order their first elements arrived.
  @available(swift, introduced: 6)
  @_alwaysEmitIntoClient
  public func groupBy<Key: Hashable & Sendable>(
    keySelector: @escaping @Sendable (Element) throws -> Key
  ) -> Observable<GroupedObservable<Key, Element>> {
    let source = asObservable()
    return Observable(_run: { observer, lifetime in
      let sourceLifetime = _Lifetime(inheriting: lifetime)
      let storage = _GroupByStorage<Key, Element>(
        downstream: observer, sourceLifetime: sourceLifetime, lifetime: lifetime)
      lifetime.onDispose { storage.outerDisposed() }
      source._subscribe(
        AnyObserver { event in
          guard !sourceLifetime.isDisposed else { return }
          switch event {
          case .next(let element):
            let key: Key
            do { key = try keySelector(element) } catch {
              storage.terminate(.error(error), lifetime: lifetime)
              return
            }
            storage.elementArrived(element, key: key, lifetime: lifetime)
          case .error(let error):
            storage.terminate(.error(error), lifetime: lifetime)
          case .completed:
            storage.terminate(.completed, lifetime: lifetime)
          }
        },
        sourceLifetime
      )
    })
  }
}
