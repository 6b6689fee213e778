// Operator fusion for consecutive stateless element stages: `map`, `filter` and `compactMap`.
//
// Each of these operators returns a `_FusedObservable`. Applied to an observable that is itself
// a `_FusedObservable`, it appends its stage to that one's instead of adding another hop, so
// `range.map.filter.map` subscribes to `range` once, with one observer, and an element crosses
// every stage with one closure call per stage and no `Event` in between. Behaviour is exactly
// the unfused chain's: the same observer calls in the same order, an error thrown by a stage
// delivered once and followed by disposing the shared lifetime, terminal events passed through.
//
// Nothing else fuses: any other operator in between (`do`, `debug`, `share`, `scan`, a subject)
// returns something that is not a `_FusedObservable`, and the next stage starts a new chain.
//
// Why the code is shaped this way (each point was measured; see the benchmarks' W1 and W3):
// - The stage is an enum of closures, and each closure that runs per element is chosen per
//   stage kind when subscribing. A generic stage type would be address-only in this generic
//   code, and a closure capturing such a value keeps the optimizer from removing a
//   `just(1).map` subscription entirely, as it does without fusion.
// - `_FusedRoot` stores its source's producer, not the source: storing a reference to the source
//   object in a second place has the same effect.
// - Finding a fused upstream is a method (`Observable._fusedStages()`), not a cast: the
//   optimizer resolves it where it knows the upstream's class, and the runtime cast function
//   also kept it from removing the subscription.

/// One stateless element stage of ``ObservableType/map(_:)``, ``ObservableType/filter(_:)`` or
/// ``ObservableType/compactMap(_:)``: the user's closure and what to do with its result.
///
/// Not public API.
@usableFromInline
internal enum _ElementStage<Input: Sendable, Output: Sendable>: Sendable {
  /// Emits the transformed element.
  case map(@Sendable (Input) throws -> Output)
  /// Emits the transformed element unless it is `nil`.
  case compactMap(@Sendable (Input) throws -> Output?)
  /// Emits the element if it passes. Only made with `Input == Output` (see ``filter(_:)``), so
  /// the element converts to `Output` with a cast that always succeeds.
  case passing(@Sendable (Input) throws -> Bool)

  /// The stage of ``ObservableType/filter(_:)``.
  ///
  /// - Parameter predicate: Decides whether an element passes.
  /// - Returns: The stage.
  @inlinable
  internal static func filter(_ predicate: @escaping @Sendable (Input) throws -> Bool) -> Self
  where Input == Output {
    .passing(predicate)
  }

  /// The observer of the source when the chain has this one stage: what an unfused `map`,
  /// `filter` or `compactMap` subscribes.
  ///
  /// - Parameters:
  ///   - observer: The downstream observer.
  ///   - lifetime: The subscription's lifetime, shared with the source.
  /// - Returns: The observer to subscribe to the source.
  @inlinable
  internal func observer(
    _ observer: AnyObserver<Output>, _ lifetime: _Lifetime
  ) -> AnyObserver<Input> {
    switch self {
    case .map(let transform):
      return AnyObserver { event in
        switch event {
        case .next(let input):
          let output: Output
          do { output = try transform(input) } catch {
            observer.on(.error(error))
            lifetime.dispose()
            return
          }
          observer.on(.next(output))
        case .error(let error):
          observer.on(.error(error))
        case .completed:
          observer.on(.completed)
        }
      }
    case .compactMap(let transform):
      return AnyObserver { event in
        switch event {
        case .next(let input):
          let output: Output?
          do { output = try transform(input) } catch {
            observer.on(.error(error))
            lifetime.dispose()
            return
          }
          if let output { observer.on(.next(output)) }
        case .error(let error):
          observer.on(.error(error))
        case .completed:
          observer.on(.completed)
        }
      }
    case .passing(let predicate):
      return AnyObserver { event in
        switch event {
        case .next(let input):
          let passes: Bool
          do { passes = try predicate(input) } catch {
            observer.on(.error(error))
            lifetime.dispose()
            return
          }
          // `Input == Output` (see `filter(_:)`), so the cast always succeeds; in specialized
          // code it is no code at all.
          if passes, let output = input as? Output { observer.on(.next(output)) }
        case .error(let error):
          observer.on(.error(error))
        case .completed:
          observer.on(.completed)
        }
      }
    }
  }

  /// The observer of the source when later stages follow: it hands what the stage emits to
  /// `next`.
  ///
  /// - Parameters:
  ///   - next: Runs the later stages; an error it throws fails the sequence.
  ///   - terminal: Receives the terminal event, and disposes the lifetime after an error thrown
  ///     by a stage.
  /// - Returns: The observer to subscribe to the source.
  @inlinable
  internal func observer(
    _ next: @escaping @Sendable (Output) throws -> Void,
    _ terminal: @escaping _FusedTerminal
  ) -> AnyObserver<Input> {
    // An error thrown by this stage or a later one takes the same two steps as in an unfused
    // stage that throws: deliver it, then dispose the shared lifetime (`terminal` does both).
    // The lifetime is not captured here: seven words of captures would cost every element a
    // stack-passed argument.
    switch self {
    case .map(let transform):
      return AnyObserver { event in
        switch event {
        case .next(let input):
          do { try next(transform(input)) } catch {
            terminal(error, true)
          }
        case .error(let error):
          terminal(error, false)
        case .completed:
          terminal(nil, false)
        }
      }
    case .compactMap(let transform):
      return AnyObserver { event in
        switch event {
        case .next(let input):
          do {
            if let output = try transform(input) { try next(output) }
          } catch {
            terminal(error, true)
          }
        case .error(let error):
          terminal(error, false)
        case .completed:
          terminal(nil, false)
        }
      }
    case .passing(let predicate):
      return AnyObserver { event in
        switch event {
        case .next(let input):
          do {
            if try predicate(input), let output = input as? Output { try next(output) }
          } catch {
            terminal(error, true)
          }
        case .error(let error):
          terminal(error, false)
        case .completed:
          terminal(nil, false)
        }
      }
    }
  }

  /// The element handler of a chain whose last stage is this one.
  ///
  /// - Parameter observer: The downstream observer.
  /// - Returns: Applies the stage and delivers what it emits. It throws what the stage throws.
  @inlinable
  internal func sink(_ observer: AnyObserver<Output>) -> @Sendable (Input) throws -> Void {
    switch self {
    case .map(let transform):
      return { input in observer.on(.next(try transform(input))) }
    case .compactMap(let transform):
      return { input in
        if let output = try transform(input) { observer.on(.next(output)) }
      }
    case .passing(let predicate):
      return { input in
        if try predicate(input), let output = input as? Output { observer.on(.next(output)) }
      }
    }
  }

  /// The element handler of a chain in which later stages follow this one.
  ///
  /// - Parameter next: Runs the later stages.
  /// - Returns: Applies the stage and hands what it emits to `next`. It throws what the stage
  ///   or `next` throws.
  @inlinable
  internal func sink(
    _ next: @escaping @Sendable (Output) throws -> Void
  ) -> @Sendable (Input) throws -> Void {
    switch self {
    case .map(let transform):
      return { input in try next(transform(input)) }
    case .compactMap(let transform):
      return { input in
        if let output = try transform(input) { try next(output) }
      }
    case .passing(let predicate):
      return { input in
        if try predicate(input), let output = input as? Output { try next(output) }
      }
    }
  }
}

/// Receives the terminal event of a fused chain: an error, or `nil` for completion, and whether
/// the error was thrown by a stage, which then disposes the subscription's lifetime after
/// delivering it, as an unfused stage does.
///
/// Not public API.
@usableFromInline
internal typealias _FusedTerminal =
  @Sendable (_ error: (any Error)?, _ failedInStage: Bool) ->
  Void

extension Observable {
  /// Returns this sequence with `stage` applied to each element, fused into this sequence's
  /// own stages if it is the result of `map`, `filter` or `compactMap`.
  ///
  /// Not public API.
  ///
  /// - Parameter stage: The stage to apply.
  /// - Returns: A sequence of the elements `stage` emits.
  @inlinable
  internal func _appendingStage<Output: Sendable>(
    _ stage: _ElementStage<Element, Output>
  ) -> Observable<Output> {
    if let fused = _fusedStages() {
      return _FusedLink(upstream: fused, stage: stage)
    }
    return _FusedRoot(source: self, stage: stage)
  }
}

/// The sequence `map`, `filter` and `compactMap` return: one or more consecutive element stages
/// over a source, applied by a single observer of that source.
///
/// Not public API.
///
/// Subscribing it as any observable (its producer) behaves exactly as the unfused chain of
/// operators would. ``connect(_:_:_:)`` is for the next stage: it subscribes the source with the
/// stages applied and hands each surviving element to a closure that may throw, so that every
/// later stage runs in that closure instead of behind another `AnyObserver`.
///
/// The subclasses (`_FusedRoot`, `_FusedLink`) know the source's element type; this class only
/// knows its own `Element`, which is what lets the next stage use it without knowing the
/// source's. Their `connect` implementation is a closure without captures, created in the
/// caller's specialized code, so storing it costs no allocation and calling it runs
/// specialized code.
@usableFromInline
internal class _FusedObservable<Element: Sendable>: Observable<Element>,
  // SAFETY: adds one immutable `@Sendable` closure to `Observable`'s immutable state;
  // subclasses add immutable `Sendable` properties only.
  @unchecked Sendable
{
  /// Subscribes the source of `chain` (the object that stores it) within a lifetime, with every
  /// stage of `chain` applied.
  ///
  /// Not public API.
  ///
  /// The element handler runs the stages after the chain's; an error it throws fails the
  /// sequence (the terminal handler receives it, then the lifetime is disposed). The terminal
  /// handler receives the source's error, `nil` for its completion, or a stage's error.
  @usableFromInline
  internal typealias Connect =
    @Sendable (
      _ chain: _FusedObservable<Element>,
      _ next: @escaping @Sendable (Element) throws -> Void,
      _ terminal: @escaping _FusedTerminal,
      _ lifetime: _Lifetime
    ) -> Void

  /// Subscribes the chain for a stage appended to it; see ``connect(_:_:_:)``.
  @usableFromInline
  internal let connectChain: Connect

  /// Creates a chain.
  ///
  /// - Parameters:
  ///   - connect: Subscribes the chain for a stage appended to it. It must capture nothing: it
  ///     receives the chain it belongs to.
  ///   - run: Subscribes an observer to the chain: the producer.
  @inlinable
  internal init(connect: @escaping Connect, run: @escaping _Producer) {
    self.connectChain = connect
    super.init(_run: run)
  }

  /// Subscribes the source with this sequence's stages applied, for a stage appended to them.
  ///
  /// - Parameters:
  ///   - next: Runs the later stages; an error it throws fails the sequence.
  ///   - terminal: Receives the terminal event: an error, or `nil` for completion.
  ///   - lifetime: The subscription's lifetime, shared with the source.
  @inlinable
  internal final func connect(
    _ next: @escaping @Sendable (Element) throws -> Void,
    _ terminal: @escaping _FusedTerminal,
    _ lifetime: _Lifetime
  ) {
    connectChain(self, next, terminal, lifetime)
  }

  /// Returns `self`: the next `map`, `filter` or `compactMap` fuses with this sequence.
  ///
  /// - Returns: This sequence.
  @inlinable
  override internal final func _fusedStages() -> _FusedObservable<Element>? {
    self
  }
}

/// The first stage of a fused chain, which subscribes to the source.
///
/// Not public API.
@usableFromInline
internal final class _FusedRoot<Input: Sendable, Output: Sendable>: _FusedObservable<Output>,
  // SAFETY: adds immutable `Sendable` properties to `_FusedObservable`'s immutable state.
  @unchecked Sendable
{
  @usableFromInline
  internal let stage: _ElementStage<Input, Output>

  /// The source's producer.
  ///
  /// Not the source: the producer closure passed to `super.init` keeps the source itself.
  @usableFromInline
  internal let sourceProducer: Observable<Input>._Producer

  /// The source's `activatesTrampoline`.
  @usableFromInline
  internal let sourceActivatesTrampoline: Bool

  /// Creates the sequence of `stage` applied to `source`.
  ///
  /// - Parameters:
  ///   - source: The sequence the chain subscribes to.
  ///   - stage: The first stage.
  @inlinable
  internal init(source: Observable<Input>, stage: _ElementStage<Input, Output>) {
    self.stage = stage
    self.sourceProducer = source.producer
    self.sourceActivatesTrampoline = source.activatesTrampoline
    super.init(
      connect: { chain, next, terminal, lifetime in
        // Only `connect(_:_:_:)` calls this, with the object that stores it: this one.
        let root = unsafeDowncast(chain, to: _FusedRoot<Input, Output>.self)
        root.subscribeSource(root.stage.observer(next, terminal), lifetime)
      },
      run: { observer, lifetime in
        source._subscribe(stage.observer(observer, lifetime), lifetime)
      }
    )
  }

  /// Subscribes `observer` to the source: what `source._subscribe(observer, lifetime)` does.
  ///
  /// - Parameters:
  ///   - observer: The observer of the source.
  ///   - lifetime: The subscription's lifetime.
  @inlinable
  internal func subscribeSource(_ observer: AnyObserver<Input>, _ lifetime: _Lifetime) {
    // `connect` only runs inside the `_subscribe` of the chain's last stage, which has made the
    // trampoline active already, so the trampoline is not activated again here; the check is
    // kept so that this stays exactly `_subscribe`.
    Observable<Input>._run(
      sourceProducer, activatesTrampoline: sourceActivatesTrampoline, observer, lifetime)
  }
}

/// A stage appended to a fused chain.
///
/// Not public API.
@usableFromInline
internal final class _FusedLink<Input: Sendable, Output: Sendable>: _FusedObservable<Output>,
  // SAFETY: adds immutable `Sendable` properties to `_FusedObservable`'s immutable state.
  @unchecked Sendable
{
  @usableFromInline
  internal let upstream: _FusedObservable<Input>

  @usableFromInline
  internal let stage: _ElementStage<Input, Output>

  /// Creates the sequence of `stage` applied after the stages of `upstream`.
  ///
  /// - Parameters:
  ///   - upstream: The chain to extend. It is left as it was, and stays usable on its own.
  ///   - stage: The stage to append.
  @inlinable
  internal init(upstream: _FusedObservable<Input>, stage: _ElementStage<Input, Output>) {
    self.upstream = upstream
    self.stage = stage
    super.init(
      connect: { chain, next, terminal, lifetime in
        // Only `connect(_:_:_:)` calls this, with the object that stores it: this one.
        let link = unsafeDowncast(chain, to: _FusedLink<Input, Output>.self)
        link.upstream.connect(link.stage.sink(next), terminal, lifetime)
      },
      run: { observer, lifetime in
        upstream.connect(
          stage.sink(observer),
          { error, failedInStage in
            if let error {
              observer.on(.error(error))
            } else {
              observer.on(.completed)
            }
            // After an error thrown by a stage, as an unfused stage would.
            if failedInStage { lifetime.dispose() }
          },
          lifetime
        )
      }
    )
  }
}
