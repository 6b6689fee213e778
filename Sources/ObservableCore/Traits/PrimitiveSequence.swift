/// An observable sequence with a narrower contract, such as ``Single`` or ``Completable``.
///
/// The `Trait` type parameter says which contract holds. Each trait wraps an ``Observable``
/// whose events always satisfy the contract.
public struct PrimitiveSequence<Trait, Element: Sendable>: Sendable {
  @usableFromInline
  internal let source: Observable<Element>

  /// Wraps an observable that already satisfies the trait's contract.
  ///
  /// Not checked.
  ///
  /// - Parameter raw: The observable.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  public init(raw: Observable<Element>) {
    source = raw
  }
}

/// A type that is a ``PrimitiveSequence``, for constraining extensions.
public protocol PrimitiveSequenceType<Trait, Element>: Sendable {
  /// The trait, such as ``SingleTrait``.
  associatedtype Trait
  /// The element type.
  associatedtype Element: Sendable

  /// The sequence as a ``PrimitiveSequence``.
  var primitiveSequence: PrimitiveSequence<Trait, Element> { get }
}

extension PrimitiveSequence: PrimitiveSequenceType {
  /// Returns `self`.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  public var primitiveSequence: PrimitiveSequence<Trait, Element> { self }
}

extension PrimitiveSequence: ObservableConvertibleType {
  /// Returns the underlying observable.
  ///
  /// - Returns: An observable that emits this sequence's events.
  @_alwaysEmitIntoClient
  public func asObservable() -> Observable<Element> {
    source
  }
}
