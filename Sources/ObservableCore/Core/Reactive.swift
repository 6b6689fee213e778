/// A namespace for reactive extensions of a type, reached through `.rx`.
///
/// ```swift
/// extension Reactive where Base == GitHubClient {
///   func repository(owner: String, name: String) -> Single<Repository> { ... }
/// }
/// client.rx.repository(owner: "apple", name: "swift")
/// ```
///
/// For a class, `.rx` also offers a ``Binder`` for every writable property, so that a
/// sequence can be bound straight to it:
///
/// ```swift
/// @MainActor final class SignupViewModel: ReactiveCompatible {
///   var isSignupEnabled = false
/// }
/// validity.bind(to: viewModel.rx.isSignupEnabled)
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

  /// Returns a binder that sets the property at `keyPath` of the base object.
  ///
  /// The binder holds the object weakly and sets the property on the main queue, on the main
  /// actor (see ``Binder``), so this works for `@MainActor`
  /// classes as well as for other `Sendable` classes. In Swift 6 language mode a key path to
  /// a main-actor-isolated property can only be formed on the main actor, so reach such
  /// binders from main-actor code.
  ///
  /// - Parameter keyPath: A writable property of the base object.
  /// - Returns: A binder for the property.
  public subscript<Property: Sendable>(
    dynamicMember keyPath: ReferenceWritableKeyPath<Base, Property> & Sendable
  ) -> Binder<Property> where Base: AnyObject & Sendable {
    Binder(base) { base, value in base[keyPath: keyPath] = value }
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
