/// A namespace for reactive extensions of a type, reached through `.rx`.
///
/// ```swift
/// extension Reactive where Base == GitHubClient {
///   func repository(owner: String, name: String) -> Single<Repository> { ... }
/// }
/// client.rx.repository(owner: "apple", name: "swift")
/// ```
@dynamicMemberLookup
public struct Reactive<Base> {
  /// The extended value.
  public let base: Base

  /// Creates the reactive namespace of `base`.
  ///
  /// - Parameter base: The value to extend.
  public init(_ base: Base) {
    self.base = base
  }

  /// Reads a property of the base value.
  ///
  /// - Parameter keyPath: The property.
  /// - Returns: Its value.
  public subscript<Property>(dynamicMember keyPath: KeyPath<Base, Property>) -> Property {
    base[keyPath: keyPath]
  }
}

extension Reactive: Sendable where Base: Sendable {}

/// A type that offers reactive extensions through `.rx`.
public protocol ReactiveCompatible {
  /// The type being extended.
  associatedtype ReactiveBase

  /// The reactive extensions of this value.
  var rx: Reactive<ReactiveBase> { get set }

  /// The reactive extensions of this type.
  static var rx: Reactive<ReactiveBase>.Type { get set }
}

extension ReactiveCompatible {
  /// The reactive extensions of this value.
  public var rx: Reactive<Self> {
    get { Reactive(self) }
    // Setting is allowed so that mutating reactive extensions compile.
    set {}
  }

  /// The reactive extensions of this type.
  public static var rx: Reactive<Self>.Type {
    get { Reactive<Self>.self }
    set {}
  }
}
