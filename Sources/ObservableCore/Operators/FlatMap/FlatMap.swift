extension ObservableType {
  /// Projects each element to an inner sequence and merges the elements of all of them.
  ///
  /// ```
  /// source:                -a----b-------|
  /// inner for a:            -1--2--3|
  /// inner for b:                 -4--5|
  /// flatMap { inner($0) }  --1--2-43-5---|
  /// ```
  ///
  /// Every inner sequence is subscribed as soon as its element arrives, and they all run at
  /// once. The result completes when the source and every inner sequence have completed, and
  /// fails as soon as any of them fails, disposing the others.
  ///
  /// - Parameter selector: Returns the inner sequence for an element: any observable,
  ///   including a trait such as ``Single``. If it throws, the result fails with that error.
  /// - Returns: The elements of all the inner sequences, as they arrive.
  @_disfavoredOverload
  @available(swift, introduced: 6)
  @_alwaysEmitIntoClient
  public func flatMap<Source: ObservableConvertibleType>(
    _ selector: @escaping @Sendable (Element) throws -> Source
  ) -> Observable<Source.Element> {
    _flatMap(policy: .unbounded, selector)
  }

  /// Projects an element to an inner sequence only while no inner sequence is running, and
  /// mirrors that inner sequence.
  ///
  /// ```
  /// source:                     -a--b----c---|
  /// inner for a:                 -1--2|
  /// inner for c:                         -3|
  /// flatMapFirst { inner($0) }  --1--2----3--|
  /// ```
  ///
  /// Elements that arrive while an inner sequence runs are ignored (the selector is not called
  /// for them). The result completes when the source and the running inner sequence have
  /// completed, and fails as soon as either fails.
  ///
  /// - Parameter selector: Returns the inner sequence for an element: any observable,
  ///   including a trait such as ``Single``. If it throws, the result fails with that error.
  /// - Returns: The elements of the inner sequences that were subscribed.
  @available(swift, introduced: 6)
  @_alwaysEmitIntoClient
  public func flatMapFirst<Source: ObservableConvertibleType>(
    _ selector: @escaping @Sendable (Element) throws -> Source
  ) -> Observable<Source.Element> {
    _flatMap(policy: .dropWhileBusy, selector)
  }

  /// Projects each element to an inner sequence and concatenates them, one inner sequence at a
  /// time, in order.
  ///
  /// ```
  /// source:                  -a--b------------|
  /// inner for a:              -1--2|
  /// inner for b:                   -3--4|
  /// concatMap { inner($0) }  --1--2-3--4------|
  /// ```
  ///
  /// As in RxSwift, the selector runs as soon as each element arrives; the inner sequence it
  /// returns waits for the previous ones to complete before it is subscribed. The result
  /// completes when the source and every inner sequence have completed, and fails as soon as
  /// any of them fails.
  ///
  /// - Parameter selector: Returns the inner sequence for an element: any observable,
  ///   including a trait such as ``Single``. If it throws, the result fails with that error.
  /// - Returns: The elements of the inner sequences, one sequence after another.
  @available(swift, introduced: 6)
  @_alwaysEmitIntoClient
  public func concatMap<Source: ObservableConvertibleType>(
    _ selector: @escaping @Sendable (Element) throws -> Source
  ) -> Observable<Source.Element> {
    _flatMap(policy: .limited(1), selector)
  }
}
