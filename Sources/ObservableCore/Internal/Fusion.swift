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
// - A stage is the user's closure and a kind (`_MapKind`, `_CompactMapKind`, `_FilterKind`)
//   that turns the closure's result into what the stage emits. The kind is a type, not a value
//   looked at per element, so a client compiles the per-element code of the kinds it uses only;
//   one enum of the three kinds made every client specialize all three for each pair of element
//   types (8.6% of the build-cost client's IR).
// - A kind says what it emits in two forms. A single stage delivering to its observer uses
//   `output(_:for:)`: with `apply(_:to:_:)` and a closure there, the optimizer no longer removed
//   a `just(1).map` subscription (+67% in W3). A stage followed by others uses `apply`: with
//   `output` there, an optional per element was left in W1's chain (+2%, against −5% with
//   `apply`).
// - No closure captures a value of a generic parameter's type: such a value would be boxed,
//   which keeps the optimizer from removing a `just(1).map` subscription entirely, as it does
//   without fusion (+60% or more in W3). A stage holds only a closure, so it is captured by
//   value; its kind is used through static methods and never stored.
// - `_FusedRoot` stores its source's producer, not the source: storing a reference to the source
//   object in a second place has the same effect.
// - Finding a fused upstream is a method (`Observable._fusedStages()`), not a cast: the
//   optimizer resolves it where it knows the upstream's class, and the runtime cast function
//   also kept it from removing the subscription.

/// What a kind of element stage emits for an element, given the stage's closure.
///
/// Not public API.
@usableFromInline
internal protocol _StageKind: Sendable {
  /// The elements the stage receives.
  associatedtype Input: Sendable
  /// The elements the stage emits.
  associatedtype Output: Sendable
  /// What the stage's closure returns.
  associatedtype Result

  /// What the stage emits for `input`, for which its closure returned `result`: an element, or
  /// `nil` for nothing.
  ///
  /// - Parameters:
  ///   - result: What the stage's closure returned for `input`.
  ///   - input: The element the stage received.
  /// - Returns: The element to emit, or `nil`.
  static func output(_ result: Result, for input: Input) -> Output?

  /// Applies the stage's closure to `input` and hands what the stage emits, if anything, to
  /// `emit`.
  ///
  /// - Parameters:
  ///   - closure: The stage's closure.
  ///   - input: The element the stage received.
  ///   - emit: Receives the element the stage emits.
  /// - Throws: What `closure` or `emit` throws.
  static func apply(
    _ closure: (Input) throws -> Result, to input: Input, _ emit: (Output) throws -> Void
  ) throws
}

/// The kind of ``ObservableType/map(_:)``: emits the closure's result.
///
/// Not public API.
@usableFromInline
internal enum _MapKind<Input: Sendable, Output: Sendable>: _StageKind {
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal static func apply(
    _ closure: (Input) throws -> Output, to input: Input, _ emit: (Output) throws -> Void
  ) throws {
    try emit(closure(input))
  }

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal static func output(_ result: Output, for input: Input) -> Output? { result }
}

/// The kind of ``ObservableType/compactMap(_:)``: emits the closure's result unless it is `nil`.
///
/// Not public API.
@usableFromInline
internal enum _CompactMapKind<Input: Sendable, Output: Sendable>: _StageKind {
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal static func apply(
    _ closure: (Input) throws -> Output?, to input: Input, _ emit: (Output) throws -> Void
  ) throws {
    if let output = try closure(input) { try emit(output) }
  }

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal static func output(_ result: Output?, for input: Input) -> Output? { result }
}

/// The kind of ``ObservableType/filter(_:)``: emits the element if the closure returned `true`.
///
/// Not public API.
@usableFromInline
internal enum _FilterKind<Element: Sendable>: _StageKind {
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal static func apply(
    _ closure: (Element) throws -> Bool, to input: Element, _ emit: (Element) throws -> Void
  ) throws {
    if try closure(input) { try emit(input) }
  }

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal static func output(_ result: Bool, for input: Element) -> Element? {
    result ? input : nil
  }
}

/// One stateless element stage of ``ObservableType/map(_:)``, ``ObservableType/filter(_:)`` or
/// ``ObservableType/compactMap(_:)``: the user's closure, and its kind.
///
/// Not public API.
@usableFromInline
internal struct _ElementStage<Kind: _StageKind>: Sendable {
  @usableFromInline
  internal typealias Input = Kind.Input
  @usableFromInline
  internal typealias Output = Kind.Output

  /// The user's closure.
  @usableFromInline
  internal let closure: @Sendable (Input) throws -> Kind.Result

  /// Creates a stage.
  ///
  /// - Parameter closure: The user's closure.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal init(_ closure: @escaping @Sendable (Input) throws -> Kind.Result) {
    self.closure = closure
  }

  /// The observer of the source when the chain has this one stage: what an unfused `map`,
  /// `filter` or `compactMap` subscribes.
  ///
  /// - Parameters:
  ///   - observer: The downstream observer.
  ///   - lifetime: The subscription's lifetime, shared with the source.
  /// - Returns: The observer to subscribe to the source.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal func observer(
    _ observer: AnyObserver<Output>, _ lifetime: _Lifetime
  ) -> AnyObserver<Input> {
    let closure = closure
    return AnyObserver { event in
      switch event {
      case .next(let input):
        let result: Kind.Result
        do { result = try closure(input) } catch {
          observer.on(.error(error))
          lifetime.dispose()
          return
        }
        if let output = Kind.output(result, for: input) { observer.on(.next(output)) }
      case .error(let error):
        observer.on(.error(error))
      case .completed:
        observer.on(.completed)
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
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal func observer(
    _ next: @escaping @Sendable (Output) throws -> Void,
    _ terminal: @escaping _FusedTerminal
  ) -> AnyObserver<Input> {
    // An error thrown by this stage or a later one takes the same two steps as in an unfused
    // stage that throws: deliver it, then dispose the shared lifetime (`terminal` does both).
    // The lifetime is not captured here: seven words of captures would cost every element a
    // stack-passed argument.
    let closure = closure
    return AnyObserver { event in
      switch event {
      case .next(let input):
        do { try Kind.apply(closure, to: input, next) } catch {
          terminal(error, true)
        }
      case .error(let error):
        terminal(error, false)
      case .completed:
        terminal(nil, false)
      }
    }
  }

  /// The element handler of a chain whose last stage is this one.
  ///
  /// - Parameter observer: The downstream observer.
  /// - Returns: Applies the stage and delivers what it emits. It throws what the stage throws.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal func sink(_ observer: AnyObserver<Output>) -> @Sendable (Input) throws -> Void {
    let closure = closure
    return { input in try Kind.apply(closure, to: input) { observer.on(.next($0)) } }
  }

  /// The element handler of a chain in which later stages follow this one.
  ///
  /// - Parameter next: Runs the later stages.
  /// - Returns: Applies the stage and hands what it emits to `next`. It throws what the stage
  ///   or `next` throws.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal func sink(
    _ next: @escaping @Sendable (Output) throws -> Void
  ) -> @Sendable (Input) throws -> Void {
    let closure = closure
    return { input in try Kind.apply(closure, to: input, next) }
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
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal func _appendingStage<Kind: _StageKind>(
    _ stage: _ElementStage<Kind>
  ) -> Observable<Kind.Output> where Kind.Input == Element {
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
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
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
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
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
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  override internal final func _fusedStages() -> _FusedObservable<Element>? {
    self
  }
}

/// The first stage of a fused chain, which subscribes to the source.
///
/// Not public API.
@usableFromInline
internal final class _FusedRoot<Kind: _StageKind>: _FusedObservable<Kind.Output>,
  // SAFETY: adds immutable `Sendable` properties to `_FusedObservable`'s immutable state.
  @unchecked Sendable
{
  @usableFromInline
  internal let stage: _ElementStage<Kind>

  /// The source's producer.
  ///
  /// Not the source: the producer closure passed to `super.init` keeps the source itself.
  @usableFromInline
  internal let sourceProducer: Observable<Kind.Input>._Producer

  /// The source's `activatesTrampoline`.
  @usableFromInline
  internal let sourceActivatesTrampoline: Bool

  /// Creates the sequence of `stage` applied to `source`.
  ///
  /// - Parameters:
  ///   - source: The sequence the chain subscribes to.
  ///   - stage: The first stage.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal init(source: Observable<Kind.Input>, stage: _ElementStage<Kind>) {
    self.stage = stage
    self.sourceProducer = source.producer
    self.sourceActivatesTrampoline = source.activatesTrampoline
    super.init(
      connect: { chain, next, terminal, lifetime in
        // Only `connect(_:_:_:)` calls this, with the object that stores it: this one.
        let root = unsafeDowncast(chain, to: _FusedRoot<Kind>.self)
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
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal func subscribeSource(_ observer: AnyObserver<Kind.Input>, _ lifetime: _Lifetime) {
    // `connect` only runs inside the `_subscribe` of the chain's last stage, which has made the
    // trampoline active already, so the trampoline is not activated again here; the check is
    // kept so that this stays exactly `_subscribe`.
    Observable<Kind.Input>._run(
      sourceProducer, activatesTrampoline: sourceActivatesTrampoline, observer, lifetime)
  }
}

/// A stage appended to a fused chain.
///
/// Not public API.
@usableFromInline
internal final class _FusedLink<Kind: _StageKind>: _FusedObservable<Kind.Output>,
  // SAFETY: adds immutable `Sendable` properties to `_FusedObservable`'s immutable state.
  @unchecked Sendable
{
  @usableFromInline
  internal let upstream: _FusedObservable<Kind.Input>

  @usableFromInline
  internal let stage: _ElementStage<Kind>

  /// Creates the sequence of `stage` applied after the stages of `upstream`.
  ///
  /// - Parameters:
  ///   - upstream: The chain to extend. It is left as it was, and stays usable on its own.
  ///   - stage: The stage to append.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal init(upstream: _FusedObservable<Kind.Input>, stage: _ElementStage<Kind>) {
    self.upstream = upstream
    self.stage = stage
    super.init(
      connect: { chain, next, terminal, lifetime in
        // Only `connect(_:_:_:)` calls this, with the object that stores it: this one.
        let link = unsafeDowncast(chain, to: _FusedLink<Kind>.self)
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
