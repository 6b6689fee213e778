extension ObservableType {
  /// Emits the latest element of this sequence each time `sampler` emits, if a new one arrived
  /// since the previous sample.
  ///
  /// ```
  /// source:    -1-2---3-4-5--|
  /// sampler:   ----x-x---x--x---x|
  /// sample     ----2-----4--5---|
  /// ```
  ///
  /// With a `defaultValue`, a tick with no new element emits `defaultValue` instead of nothing.
  /// When this sequence completes, the result completes at the next tick, after emitting the
  /// last element if it was not sampled yet. An error from either sequence is forwarded at
  /// once.
  ///
  /// When `sampler` completes, its completion counts as a final tick and the result then
  /// completes. RxSwift instead keeps the result open, waiting for a tick that can never come;
  /// completing is the only way the result can end, so this library does.
  ///
  /// - Parameters:
  ///   - sampler: The sequence whose elements trigger the samples.
  ///   - defaultValue: The element to emit on a tick when no new element arrived; `nil` emits
  ///     nothing then.
  /// - Returns: The sampled sequence.
  @_alwaysEmitIntoClient
  public func sample<Sampler: ObservableConvertibleType>(
    _ sampler: Sampler, defaultValue: Element? = nil
  ) -> Observable<Element> {
    let source = asObservable()
    let sampler = sampler.asObservable()
    return Observable(_run: { observer, lifetime in
      let sourceLifetime = _Lifetime(inheriting: lifetime)
      let storage = _SampleStorage(
        downstream: observer, lifetime: lifetime, sourceLifetime: sourceLifetime,
        defaultValue: defaultValue)
      lifetime.add(storage)
      lifetime.add(sourceLifetime)
      let samplerLifetime = _Lifetime(inheriting: lifetime)
      lifetime.add(samplerLifetime)
      source._subscribe(
        AnyObserver { event in
          guard !sourceLifetime.isDisposed else { return }
          storage.sourceEvent(event)
        },
        sourceLifetime)
      sampler._subscribe(
        AnyObserver { event in
          guard !samplerLifetime.isDisposed else { return }
          storage.samplerEvent(event)
          if event.isStopEvent { samplerLifetime.dispose() }
        },
        samplerLifetime)
    })
  }
}
